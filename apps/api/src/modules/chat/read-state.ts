/**
 * Unread counts and read positions. Each side of a chat keeps the id of the last message it has
 * read; a message is unread for a viewer when the other side wrote it after that position.
 */
import { and, count, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chatMessages, chats } from '#src/db/schema/index.ts';
import { viewerSideSql, visibleTo, type ChatRow, type Side, type Viewer } from './chats.ts';

/** "This message is unread for the viewer" (joined with its chat). */
function unreadFor(viewer: Viewer): SQL {
  const readId = sql`case when ${chats.clientId} = ${viewer.user.id} then ${chats.clientReadId} else ${chats.staffReadId} end`;
  return and(ne(chatMessages.side, viewerSideSql(viewer)), sql`${chatMessages.id} > ${readId}`)!;
}

/** Unread messages per chat for the viewer (chats without any are left out). */
export async function unreadByChat(
  db: Database,
  viewer: Viewer,
  chatIds: readonly number[],
): Promise<Map<number, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: chatMessages.chatId, unread: count().mapWith(Number) })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(and(inArray(chatMessages.chatId, [...chatIds]), unreadFor(viewer)))
    .groupBy(chatMessages.chatId);
  return new Map(rows.map((row) => [row.chatId, row.unread]));
}

/** All unread messages of the viewer's chats (only those with one organizer, when given). */
export async function unreadTotal(
  db: Database,
  viewer: Viewer,
  organizerId?: number,
): Promise<number> {
  const [row] = await db
    .select({ unread: count().mapWith(Number) })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .where(
      and(
        visibleTo(viewer),
        organizerId === undefined ? undefined : eq(chats.organizerId, organizerId),
        unreadFor(viewer),
      ),
    );
  return row?.unread ?? 0;
}

/** Marks everything in the chat read for one side; answers the updated chat. */
export async function markRead(db: Database, chat: ChatRow, side: Side): Promise<ChatRow> {
  const [last] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chat.id));
  const lastId = last?.id ?? 0;
  const column = side === 'client' ? chats.clientReadId : chats.staffReadId;
  const [updated] = await db
    .update(chats)
    .set({
      [side === 'client' ? 'clientReadId' : 'staffReadId']: sql`greatest(${column}, ${lastId})`,
    })
    .where(eq(chats.id, chat.id))
    .returning();
  return updated ?? chat;
}
