/**
 * Changes to stored messages and chats after the fact (decision 101): the author edits or deletes
 * their message, Gallop support hides a message or freezes a chat. Every write is one guarded
 * `UPDATE` (the state it changes from is part of its `WHERE`), so concurrent changes cannot undo
 * each other: the loser reads the message again and gets the refusal that now applies, or the
 * message as it is when the change already happened.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  removeChatAttachment,
  removeUnusedBytes,
  type UploadStore,
} from '#src/modules/uploads/index.ts';
import { chatNotFound, sideOf, type ChatRow, type Side, type Viewer } from './chats.ts';
import { otherSide, type MessageRow } from './messages.ts';
import { changeRefusal, type ChangeRefusal, type MessageChange } from './message-rules.ts';

const messageNotFound = () => notFound('Message not found');
const MODERATORS_ONLY = 'Only Gallop support can moderate messages';
const FREEZERS_ONLY = 'Only Gallop support can freeze a chat';
const SYSTEM_NOT_MODERATED = "Gallop's own messages cannot be moderated";

/** The outcome of a change: the message now, and whether this call changed it. */
export interface ChangedMessage {
  row: MessageRow;
  chat: ChatRow;
  /** The side the caller sees the message from (support outside the chat: the reader's). */
  side: Side;
  changed: boolean;
}

function refuse(refusal: ChangeRefusal): never {
  if (refusal.status === 422) {
    throw unprocessable(refusal.message, { [refusal.field ?? 'message']: [refusal.message] });
  }
  throw new HttpError(refusal.status, refusal.message);
}

const isSupport = (viewer: Viewer) => viewer.user.role === 'support';

/**
 * The message and its chat as the viewer may see them: a participant, or support in any chat
 * (moderation); anyone else gets 404 'Message not found', so a message's existence never leaks.
 */
async function findMessageFor(
  db: Database,
  viewer: Viewer,
  messageId: number,
  { anyChatForSupport = false }: { anyChatForSupport?: boolean } = {},
): Promise<{ row: MessageRow; chat: ChatRow; side: Side }> {
  const [found] = await db
    .select({ row: chatMessages, chat: chats })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(eq(chatMessages.id, messageId))
    .limit(1);
  if (!found) throw messageNotFound();
  const side = sideOf(found.chat, viewer);
  if (side) return { ...found, side };
  if (anyChatForSupport && isSupport(viewer)) {
    return { ...found, side: otherSide(found.row.side) };
  }
  throw messageNotFound();
}

/** "The chat this message is in is not frozen", for a guarded update of the message. */
const chatOpen = sql`not exists (select 1 from ${chats} where ${chats.id} = ${chatMessages.chatId} and ${chats.isFrozen})`;

/**
 * Runs a guarded update of one message; when it matched nothing (the message changed meanwhile),
 * reads it again and answers the refusal that now applies, or the message as it stands.
 */
async function guardedChange(
  db: Database,
  viewer: Viewer,
  change: MessageChange,
  messageId: number,
  write: () => Promise<MessageRow | undefined>,
  now: Date,
): Promise<ChangedMessage> {
  const found = await findMessageFor(db, viewer, messageId);
  const refusal = changeRefusal(change, found.row, found.chat, viewer.user.id, now);
  if (refusal) refuse(refusal);
  if (change === 'delete' && found.row.deletedAt !== null) return { ...found, changed: false };
  const written = await write();
  if (written) return { ...found, row: written, changed: true };
  const again = await findMessageFor(db, viewer, messageId);
  const late = changeRefusal(change, again.row, again.chat, viewer.user.id, now);
  if (late) refuse(late);
  return { ...again, changed: false };
}

/** The author changes the text (the same text again changes nothing). */
export async function editMessage(
  db: Database,
  viewer: Viewer,
  input: { messageId: number; text: string },
  now = new Date(),
): Promise<ChangedMessage> {
  const text = input.text.trim();
  if (text === '') {
    throw unprocessable('Write the new text of the message', {
      message: ['Write the new text of the message'],
    });
  }
  return guardedChange(
    db,
    viewer,
    'edit',
    input.messageId,
    async () => {
      const [row] = await db
        .update(chatMessages)
        .set({ body: text, editedAt: now })
        .where(
          and(
            eq(chatMessages.id, input.messageId),
            eq(chatMessages.senderId, viewer.user.id),
            isNull(chatMessages.deletedAt),
            eq(chatMessages.isModerated, false),
            isNull(chatMessages.fileId),
            ne(chatMessages.body, text),
            chatOpen,
          ),
        )
        .returning();
      return row;
    },
    now,
  );
}

/**
 * One guarded update of a message that also takes its attachment away: in one transaction the
 * message (locked first) loses its `file_id`, and the upload rows of the attachment that nothing
 * else uses are deleted, so from the commit on its links answer 404; their bytes go after the
 * commit. A pending attachment's processing then finds the message settled and drops its copy.
 */
async function changeWithoutFile(
  db: Database,
  store: UploadStore,
  messageId: number,
  write: (tx: Database) => Promise<MessageRow | undefined>,
): Promise<MessageRow | undefined> {
  const { row, removed } = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ fileId: chatMessages.fileId })
      .from(chatMessages)
      .where(eq(chatMessages.id, messageId))
      .for('update');
    const written = await write(tx);
    const fileId = before?.fileId ?? null;
    return {
      row: written,
      removed: written && fileId !== null ? await removeChatAttachment(tx, fileId) : [],
    };
  });
  await removeUnusedBytes({ db, store }, removed);
  return row;
}

/** The author deletes the message for everyone: its text and attachment are wiped. */
export function deleteMessage(
  db: Database,
  store: UploadStore,
  viewer: Viewer,
  messageId: number,
  now = new Date(),
): Promise<ChangedMessage> {
  return guardedChange(
    db,
    viewer,
    'delete',
    messageId,
    () =>
      changeWithoutFile(db, store, messageId, async (tx) => {
        const [row] = await tx
          .update(chatMessages)
          .set({ body: '', fileId: null, fileStatus: 'ready', deletedAt: now })
          .where(
            and(
              eq(chatMessages.id, messageId),
              eq(chatMessages.senderId, viewer.user.id),
              isNull(chatMessages.deletedAt),
              eq(chatMessages.isModerated, false),
              chatOpen,
            ),
          )
          .returning();
        return row;
      }),
    now,
  );
}

/**
 * Support hides a message for everyone, in any chat. The text stays stored for support's records;
 * nobody sees it or its file again. Hiding is final (decision 101: there is no unhide), so the
 * file is deleted like a deleted message's, unless something else still uses the upload.
 */
export async function moderateMessage(
  db: Database,
  store: UploadStore,
  viewer: Viewer,
  messageId: number,
  now = new Date(),
): Promise<ChangedMessage> {
  if (!isSupport(viewer)) throw new HttpError(403, MODERATORS_ONLY);
  const found = await findMessageFor(db, viewer, messageId, { anyChatForSupport: true });
  if (found.row.senderId === null) {
    throw unprocessable(SYSTEM_NOT_MODERATED, { message_id: [SYSTEM_NOT_MODERATED] });
  }
  const row = await changeWithoutFile(db, store, messageId, async (tx) => {
    const [hidden] = await tx
      .update(chatMessages)
      .set({
        isModerated: true,
        moderatedAt: now,
        moderatedBy: viewer.user.id,
        fileId: null,
        fileStatus: 'ready',
      })
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.isModerated, false)))
      .returning();
    return hidden;
  });
  if (row) return { ...found, row, changed: true };
  const again = await findMessageFor(db, viewer, messageId, { anyChatForSupport: true });
  return { ...again, changed: false };
}

/** Support freezes (or unfreezes) any chat; asking for the state it is in changes nothing. */
export async function setChatFrozen(
  db: Database,
  viewer: Viewer,
  input: { chatId: number; frozen: boolean },
): Promise<{ chat: ChatRow; changed: boolean }> {
  if (!isSupport(viewer)) throw new HttpError(403, FREEZERS_ONLY);
  const [row] = await db
    .update(chats)
    .set({ isFrozen: input.frozen })
    .where(and(eq(chats.id, input.chatId), ne(chats.isFrozen, input.frozen)))
    .returning();
  if (row) return { chat: row, changed: true };
  const [chat] = await db.select().from(chats).where(eq(chats.id, input.chatId)).limit(1);
  if (!chat) throw chatNotFound();
  return { chat, changed: false };
}
