/**
 * Chat messages: stored once per sender `client_id` (a retried send returns the stored message),
 * and shaped per viewer: `output` is the viewer's own side, `input` the other side.
 */
import type { components } from '@gallop/api-client';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats, uploads } from '#src/db/schema/index.ts';
import { unprocessable } from '#src/http/http-error.ts';
import { uploadedFileUrl, type UploadRow } from '#src/modules/uploads/index.ts';
import type { ChatRow, Side } from './chats.ts';
import { editableUntil, mayChange } from './message-rules.ts';

export type ChatMessage = components['schemas']['ChatMessage'];
export type MessageRow = typeof chatMessages.$inferSelect;

/** Messages per page of `getChatMessages` (the spec's chat page size). */
const MESSAGES_PAGE_SIZE = 20;

/** What shaping a message reads of its chat. */
type ShapingChat = Pick<ChatRow, 'clientReadId' | 'staffReadId' | 'isFrozen'>;

const readIdOf = (chat: ShapingChat, side: Side) =>
  side === 'client' ? chat.clientReadId : chat.staffReadId;
export const otherSide = (side: Side): Side => (side === 'client' ? 'staff' : 'client');

export type ChatFiles = ReadonlyMap<number, UploadRow>;

/** The uploads attached to `rows`, by id (one query). */
export async function filesOf(db: Database, rows: readonly MessageRow[]): Promise<ChatFiles> {
  const ids = [...new Set(rows.flatMap((row) => row.fileId ?? []))];
  if (ids.length === 0) return new Map();
  const found = await db.select().from(uploads).where(inArray(uploads.id, ids));
  return new Map(found.map((upload) => [upload.id, upload]));
}

/** Who looks at the message (their account decides `can_edit`), and when. */
export interface ShapingViewer {
  /** The viewer's account; without one nobody may change it (events to a chat's room). */
  userId?: number | undefined;
  now?: Date | undefined;
}

/** A message's attachment, its link given only once processing made it ready. */
function toChatFile(row: MessageRow, file: UploadRow): NonNullable<ChatMessage['file']> {
  const ready = row.fileStatus === 'ready';
  return {
    id: file.id,
    name: file.originalName,
    url: ready ? uploadedFileUrl(file) : '',
    download_status: row.fileStatus,
  };
}

/**
 * The contract's message for a viewer on `side`. An own message is read once the other side has
 * read up to it; a received one once the viewer has. An attachment whose upload was deleted is
 * left out; a deleted or moderated message shows neither text nor file.
 */
export function toChatMessage(
  row: MessageRow,
  chat: ShapingChat,
  side: Side,
  files: ChatFiles = new Map(),
  viewer: ShapingViewer = {},
): ChatMessage {
  // A system message (a booking's change) belongs to neither side: both read it as received.
  const system = row.senderId === null;
  const own = !system && row.side === side;
  const hidden = row.isModerated || row.deletedAt !== null;
  const file = row.fileId === null || hidden ? undefined : files.get(row.fileId);
  const now = viewer.now ?? new Date();
  const authored = viewer.userId !== undefined && row.senderId === viewer.userId;
  const until = authored ? editableUntil(row) : null;
  return {
    id: row.id,
    chat_id: row.chatId,
    // The sender's own id for the message: only the sending side knows it.
    client_id: own ? row.clientId : null,
    type: own ? 'output' : 'input',
    message: hidden ? '' : row.body,
    created_at: row.createdAt.toISOString(),
    is_read: readIdOf(chat, own ? otherSide(side) : side) >= row.id,
    is_moderated: row.isModerated,
    is_deleted: row.deletedAt !== null,
    edited_at: row.editedAt?.toISOString() ?? null,
    editable_until: until?.toISOString() ?? null,
    can_edit: mayChange('edit', row, chat, viewer.userId, now),
    can_delete: mayChange('delete', row, chat, viewer.userId, now),
    is_system: system,
    request_id: row.requestId,
    ...(file ? { file: toChatFile(row, file) } : {}),
  };
}

/**
 * The message as a chat's room hears of a change to it: seen from outside the author's side, so
 * it carries no client id and nobody's rights; receivers keep their own `type` and read state.
 */
export function toRoomMessage(row: MessageRow, chat: ShapingChat, files?: ChatFiles): ChatMessage {
  return toChatMessage(row, chat, otherSide(row.side), files);
}

/** A page of a chat's messages, newest first. */
export async function listMessages(
  db: Database,
  chatId: number,
  offset: number,
): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(MESSAGES_PAGE_SIZE + 1)
    .offset(offset);
  return { rows: rows.slice(0, MESSAGES_PAGE_SIZE), hasMore: rows.length > MESSAGES_PAGE_SIZE };
}

export interface NewMessage {
  chat: ChatRow;
  side: Side;
  /** The account writing; null for the system's own messages (the support welcome). */
  senderId: number | null;
  body: string;
  fileId?: number | null;
  clientId?: string | null;
  at?: Date;
}

const clientIdTaken = () =>
  unprocessable('This client_id was already used for another chat', {
    client_id: ['This client_id was already used for another chat'],
  });

async function findByClientId(db: Database, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * Stores a message (`created: true`), or finds the one this sender already stored under the same
 * `client_id` (`created: false`). Sending also marks the chat read for the sender's side up to
 * the new message, and moves the chat up the lists.
 */
export async function storeMessage(
  db: Database,
  input: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  const clientId = input.clientId ?? null;
  if (clientId !== null && input.senderId !== null) {
    const existing = await findByClientId(db, input.senderId, clientId);
    if (existing) {
      if (existing.chatId !== input.chat.id) throw clientIdTaken();
      return { row: existing, created: false };
    }
  }
  const at = input.at ?? new Date();
  const [row] = await db
    .insert(chatMessages)
    .values({
      chatId: input.chat.id,
      side: input.side,
      senderId: input.senderId,
      clientId,
      body: input.body,
      fileId: input.fileId ?? null,
      // Every attachment is processed before it can be downloaded (attachments.ts).
      fileStatus: input.fileId ? 'pending' : 'ready',
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // A concurrent retry with the same client_id stored it first.
    const stored =
      clientId !== null && input.senderId !== null
        ? await findByClientId(db, input.senderId, clientId)
        : undefined;
    if (!stored) throw new Error('a chat message insert conflicted without a stored twin');
    if (stored.chatId !== input.chat.id) throw clientIdTaken();
    return { row: stored, created: false };
  }
  const readColumn = input.side === 'client' ? chats.clientReadId : chats.staffReadId;
  await db
    .update(chats)
    .set({
      lastMessageAt: sql`greatest(${chats.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
      [input.side === 'client' ? 'clientReadId' : 'staffReadId']:
        sql`greatest(${readColumn}, ${row.id})`,
    })
    .where(eq(chats.id, input.chat.id));
  return { row, created: true };
}
