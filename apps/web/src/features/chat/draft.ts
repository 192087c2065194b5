/**
 * The composer's unsent text, per conversation, in the tab's session storage
 * (`lib/tab-storage.ts`). A session that ends elsewhere while the traveller writes
 * sends the page to sign in (lib/session-ended.ts); the text is back once they sign in again in
 * this tab. A sent text stays until the message is stored, since its send may be the call that
 * found the session ended. The texts belong to one account: another account signing in here
 * finds none, and they are removed; a sign-out in this tab removes them too (an account item).
 */
import type { Outbox } from '@gallop/chat';
import { ACCOUNT_ITEM_PREFIX, tabStorage } from '../../lib/tab-storage';
import type { ChatMessage } from './api';

const KEY = `${ACCOUNT_ITEM_PREFIX}chat-drafts`;

interface Drafts {
  userId: number;
  texts: Record<string, string>;
}

const load = () => tabStorage.get(KEY);

function save(value: string | undefined): void {
  if (value === undefined) tabStorage.remove(KEY);
  else tabStorage.set(KEY, value);
}

/** This account's texts by chat id; another account's (or unreadable ones) are removed. */
function textsOf(userId: number): Record<string, string> {
  const raw = load();
  if (raw === undefined) return {};
  try {
    const drafts = JSON.parse(raw) as Partial<Drafts> | null;
    if (drafts?.userId === userId && typeof drafts.texts === 'object' && drafts.texts) {
      return drafts.texts;
    }
  } catch {
    // Unreadable: dropped below.
  }
  save(undefined);
  return {};
}

export function readChatDraft(userId: number, chatId: number): string {
  const text = textsOf(userId)[chatId];
  return typeof text === 'string' ? text : '';
}

/** Keeps `text` as the chat's unsent text; a blank one removes it. */
export function writeChatDraft(userId: number, chatId: number, text: string): void {
  const texts = { ...textsOf(userId) };
  if (text.trim()) texts[chatId] = text;
  else delete texts[chatId];
  save(Object.keys(texts).length > 0 ? JSON.stringify({ userId, texts }) : undefined);
}

/**
 * After Send: the kept text goes once the message is stored (or discarded), unless the writer has
 * written something else since. A failed send leaves it, for a retry or a sign-in in between.
 */
export function dropChatDraftWhenSent(
  outbox: Outbox<ChatMessage>,
  userId: number,
  chatId: number,
  clientId: string,
  text: string,
): void {
  const stop = outbox.subscribe(() => {
    const item = outbox.list(chatId).find((entry) => entry.clientId === clientId);
    if (item && item.status !== 'success') return;
    stop();
    if (readChatDraft(userId, chatId) === text) writeChatDraft(userId, chatId, '');
  });
}
