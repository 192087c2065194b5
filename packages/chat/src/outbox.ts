/**
 * Outgoing messages (spec section 4, message statuses waiting / loading / failed / success):
 * each gets a client id, waits its turn, is sent one at a time in order, and ends as success
 * (with the server's message) or failed (with the reason), from where `retry` sends it again with
 * the same client id, so the server stores it once however often it is retried.
 */
import { assertChatId } from './chat-id';
import type { MessageSendStatus } from './events';
import type { ChatMessageLike } from './protocol';

export interface OutgoingMessage<Message extends ChatMessageLike = ChatMessageLike> {
  clientId: string;
  chatId: number;
  text: string;
  fileId?: number | undefined;
  status: MessageSendStatus;
  /** When it was written (ISO), for ordering before the server's time is known. */
  createdAt: string;
  /** The stored message, once sent. */
  sent?: Message | undefined;
  /** Why the last attempt failed. */
  error?: string | undefined;
}

export interface SendRequest {
  chat_id: number;
  message?: string;
  file_id?: number;
  client_id: string;
}

export interface OutboxOptions<Message extends ChatMessageLike> {
  /** Sends one message (`POST /crm/api/chat/send-message`); rejects on failure. */
  send: (request: SendRequest) => Promise<Message>;
  /** A new client id (default `crypto.randomUUID()`). */
  createClientId?: () => string;
  now?: () => Date;
  /** The text a failure shows (default: the error's message). */
  describeError?: (error: unknown) => string;
}

export interface Outbox<Message extends ChatMessageLike = ChatMessageLike> {
  /** Queues a message; throws 'data.chatId must be a number' for a bad chat id. */
  enqueue(input: { chatId: unknown; text?: string; fileId?: number }): OutgoingMessage<Message>;
  /** Sends a failed message again (same client id). */
  retry(clientId: string): void;
  /** Forgets a message (a failed one the user discards, or one the chat now shows). */
  remove(clientId: string): void;
  /** The messages of one chat (all chats without an id), oldest first; the same array until a change. */
  list(chatId?: number): readonly OutgoingMessage<Message>[];
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Resolves once nothing is waiting or loading. */
  idle(): Promise<void>;
}

const defaultClientId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const defaultDescribe = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The message was not sent';

export function createOutbox<Message extends ChatMessageLike = ChatMessageLike>(
  options: OutboxOptions<Message>,
): Outbox<Message> {
  const createClientId = options.createClientId ?? defaultClientId;
  const now = options.now ?? (() => new Date());
  const describe = options.describeError ?? defaultDescribe;
  let messages: OutgoingMessage<Message>[] = [];
  const listeners = new Set<() => void>();
  let running: Promise<void> | undefined;
  // list() answers the same array until something changes (React's useSyncExternalStore needs it).
  const lists = new Map<number | undefined, readonly OutgoingMessage<Message>[]>();
  const changed = () => {
    lists.clear();
    for (const listener of listeners) listener();
  };

  const update = (clientId: string, patch: Partial<OutgoingMessage<Message>>) => {
    messages = messages.map((item) => (item.clientId === clientId ? { ...item, ...patch } : item));
    changed();
  };

  const sendOne = async (item: OutgoingMessage<Message>) => {
    update(item.clientId, { status: 'loading', error: undefined });
    try {
      const sent = await options.send({
        chat_id: item.chatId,
        client_id: item.clientId,
        ...(item.text ? { message: item.text } : {}),
        ...(item.fileId !== undefined ? { file_id: item.fileId } : {}),
      });
      update(item.clientId, { status: 'success', sent });
    } catch (error) {
      update(item.clientId, { status: 'failed', error: describe(error) });
    }
  };

  // One message at a time, in the order written; a removed one is skipped.
  const drain = () => {
    if (running) return running;
    const next = messages.find((item) => item.status === 'waiting');
    if (!next) return Promise.resolve();
    running = (async () => {
      for (
        let item: OutgoingMessage<Message> | undefined = next;
        item;
        item = messages.find((entry) => entry.status === 'waiting')
      ) {
        await sendOne(item);
      }
    })().finally(() => {
      running = undefined;
      // A retry that came in as the loop ended.
      if (messages.some((entry) => entry.status === 'waiting')) void drain();
    });
    return running;
  };

  return {
    enqueue({ chatId, text = '', fileId }) {
      const id = assertChatId(chatId);
      const trimmed = text.trim();
      if (!trimmed && fileId === undefined) throw new Error('A message needs text or a file');
      const item: OutgoingMessage<Message> = {
        clientId: createClientId(),
        chatId: id,
        text: trimmed,
        fileId,
        status: 'waiting',
        createdAt: now().toISOString(),
      };
      messages = [...messages, item];
      changed();
      void drain();
      return item;
    },
    retry(clientId) {
      const item = messages.find((entry) => entry.clientId === clientId);
      if (!item || item.status !== 'failed') return;
      update(clientId, { status: 'waiting', error: undefined });
      void drain();
    },
    remove(clientId) {
      const item = messages.find((entry) => entry.clientId === clientId);
      if (!item || item.status === 'loading') return;
      messages = messages.filter((entry) => entry.clientId !== clientId);
      changed();
    },
    list(chatId) {
      let list = lists.get(chatId);
      if (!list) {
        list = chatId === undefined ? messages : messages.filter((item) => item.chatId === chatId);
        lists.set(chatId, list);
      }
      return list;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle() {
      return running ?? Promise.resolve();
    },
  };
}
