/**
 * The chat's server-to-client events (docs/product.md, States, decision 026) and the helpers that
 * send them. Events that change lists and counters go to each participant's `user:{id}` room,
 * shaped for that user (`type`, `unread_count`); events about an open conversation go to
 * `chat:{id}`.
 */
import type { Database } from '#src/db/client.ts';
import { chatMessages, users } from '#src/db/schema/index.ts';
import { desc, eq, inArray } from 'drizzle-orm';
import { loadViewer, participantIds, sideOf, type ChatRow } from './chats.ts';
import {
  filesOf,
  toChatMessage,
  toRoomMessage,
  type ChatMessage,
  type MessageRow,
} from './messages.ts';
import { toChats, type Chat } from './views.ts';

export interface ServerToClientEvents {
  new_message: (payload: { chat_id: number; message: ChatMessage }) => void;
  chat_created: (payload: { chat: Chat }) => void;
  chat_was_updated: (payload: { chat: Chat }) => void;
  crm_user_chat_notifications_enabled: (payload: { chat_id: number; enabled: boolean }) => void;
  chat_is_read: (payload: { chat_id: number; reader_id: number }) => void;
  message_was_edit: (payload: { chat_id: number; message: ChatMessage }) => void;
  message_was_moderated: (payload: { chat_id: number; message_id: number }) => void;
  message_was_deleted: (payload: { chat_id: number; message_id: number }) => void;
  attachment_download_status_was_changed: (payload: {
    chat_id: number;
    message_id: number;
    download_status: 'pending' | 'ready' | 'failed';
    /** The attachment as it is now (its link once ready). */
    file?: ChatMessage['file'];
  }) => void;
  chat_is_frozen: (payload: { chat_id: number; is_frozen: boolean }) => void;
}

type Ack = (answer: { ok: true } | { ok: false; message: string }) => void;

export interface ClientToServerEvents {
  join_chat: (payload: { chat_id: number }, ack?: Ack) => void;
  leave_chat: (payload: { chat_id: number }) => void;
}

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export const userRoom = (userId: number) => `user:${userId}`;
export const chatRoom = (chatId: number) => `chat:${chatId}`;

/** Where the chat's events go: the Socket.IO server (see socket.ts). */
export interface ChatRealtime {
  toUser<E extends EventName>(userId: number, event: E, payload: EventPayload<E>): void;
  toChat<E extends EventName>(chatId: number, event: E, payload: EventPayload<E>): void;
  /** Whether the user has a connected socket (on any API process). */
  isOnline(userId: number): Promise<boolean>;
}

/** The chat's participants with their side, as viewers (one query each for members and roles). */
async function participantViewers(db: Database, chat: ChatRow) {
  const ids = await participantIds(db, chat);
  const rows = await db.select().from(users).where(inArray(users.id, ids));
  return Promise.all(rows.map((user) => loadViewer(db, user)));
}

/**
 * `new_message` and `chat_was_updated` (or `chat_created` for a new chat) to every participant,
 * each with the message and chat seen from their side.
 */
export async function announceMessage(
  db: Database,
  realtime: ChatRealtime,
  chat: ChatRow,
  message: MessageRow,
  { chatCreated = false }: { chatCreated?: boolean } = {},
): Promise<void> {
  const files = await filesOf(db, [message]);
  for (const viewer of await participantViewers(db, chat)) {
    const side = sideOf(chat, viewer);
    if (!side) continue;
    const [shaped] = await toChats(db, viewer, [chat]);
    realtime.toUser(viewer.user.id, 'new_message', {
      chat_id: chat.id,
      message: toChatMessage(message, chat, side, files, { userId: viewer.user.id }),
    });
    if (shaped) {
      realtime.toUser(viewer.user.id, chatCreated ? 'chat_created' : 'chat_was_updated', {
        chat: shaped,
      });
    }
  }
}

/** `chat_was_updated` (or `chat_created`) to every participant, each seeing their side. */
export async function announceChatUpdate(
  db: Database,
  realtime: ChatRealtime,
  chat: ChatRow,
  event: 'chat_was_updated' | 'chat_created' = 'chat_was_updated',
): Promise<void> {
  for (const viewer of await participantViewers(db, chat)) {
    const [shaped] = await toChats(db, viewer, [chat]);
    if (shaped) realtime.toUser(viewer.user.id, event, { chat: shaped });
  }
}

/** Whether `message` is the newest of its chat (the one the chat lists preview). */
async function isLastMessage(db: Database, message: MessageRow): Promise<boolean> {
  const [last] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, message.chatId))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return last?.id === message.id;
}

export type MessageChangeEvent =
  'message_was_edit' | 'message_was_deleted' | 'message_was_moderated';

/**
 * A stored message changed: its event to the chat's room (those viewing the conversation), and
 * `chat_was_updated` to every participant when it is the message their chat list previews.
 */
export async function announceMessageChange(
  db: Database,
  realtime: ChatRealtime,
  chat: ChatRow,
  message: MessageRow,
  event: MessageChangeEvent,
): Promise<void> {
  if (event === 'message_was_edit') {
    const files = await filesOf(db, [message]);
    realtime.toChat(chat.id, event, {
      chat_id: chat.id,
      message: toRoomMessage(message, chat, files),
    });
  } else {
    realtime.toChat(chat.id, event, { chat_id: chat.id, message_id: message.id });
  }
  if (await isLastMessage(db, message)) await announceChatUpdate(db, realtime, chat);
}

/** With no socket server (handlers built alone) nobody is connected, so nothing is pushed. */
export const noSocketServer: ChatRealtime = {
  toUser() {},
  toChat() {},
  async isOnline() {
    return false;
  },
};
