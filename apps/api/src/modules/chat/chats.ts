/**
 * Who takes part in which chat. A chat has two sides: the traveller who opened it (`client`) and
 * the staff side (`staff`): the accounts linked to the organizer (organizer chats) or every
 * support account (support chats). Anyone else gets 404 'Chat not found', so the answer never
 * tells whether a chat exists.
 */
import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { chats, organizerMembers, users } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import type { UserRow } from '#src/modules/sessions/index.ts';

export type ChatRow = typeof chats.$inferSelect;
export type Side = 'client' | 'staff';

export const SUPPORT_TITLE = 'Gallop support';
/** What support says first in a new support chat. */
export const SUPPORT_WELCOME =
  'Hello! This is Gallop support. Ask us anything about tours, bookings or payments, and we will answer here as soon as we can (usually within a few hours).';
export const chatNotFound = () => notFound('Chat not found');

/** The signed-in user with the organizers they answer for (organizer accounts only). */
export interface Viewer {
  user: UserRow;
  organizerIds: number[];
}

export async function loadViewer(db: Database, user: UserRow): Promise<Viewer> {
  if (user.role !== 'organizer') return { user, organizerIds: [] };
  const rows = await db
    .select({ organizerId: organizerMembers.organizerId })
    .from(organizerMembers)
    .where(eq(organizerMembers.userId, user.id));
  return { user, organizerIds: rows.map((row) => row.organizerId) };
}

/** The viewer's side of a chat, or undefined when they take no part in it. */
export function sideOf(
  chat: Pick<ChatRow, 'kind' | 'clientId' | 'organizerId'>,
  viewer: Viewer,
): Side | undefined {
  if (chat.clientId === viewer.user.id) return 'client';
  if (chat.kind === 'organizer' && chat.organizerId !== null) {
    return viewer.organizerIds.includes(chat.organizerId) ? 'staff' : undefined;
  }
  if (chat.kind === 'support' && viewer.user.role === 'support') return 'staff';
  return undefined;
}

/** The SQL condition "the viewer takes part in this chat" (the same rule as `sideOf`). */
export function visibleTo(viewer: Viewer): SQL {
  const conditions: (SQL | undefined)[] = [eq(chats.clientId, viewer.user.id)];
  if (viewer.organizerIds.length > 0) {
    conditions.push(
      and(eq(chats.kind, 'organizer'), inArray(chats.organizerId, viewer.organizerIds)),
    );
  }
  if (viewer.user.role === 'support') conditions.push(eq(chats.kind, 'support'));
  return or(...conditions)!;
}

/** The viewer's side of a chat as SQL: 'client' when they opened it, else 'staff'. */
export const viewerSideSql = (viewer: Viewer) =>
  sql<Side>`case when ${chats.clientId} = ${viewer.user.id} then 'client' else 'staff' end`;

/** The chat and the viewer's side of it; 404 'Chat not found' when they take no part. */
export async function findChatFor(
  db: Database,
  viewer: Viewer,
  chatId: number,
): Promise<{ chat: ChatRow; side: Side }> {
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
  const side = chat ? sideOf(chat, viewer) : undefined;
  if (!chat || !side) throw chatNotFound();
  return { chat, side };
}

/** Every account that takes part in a chat (who receives its socket events). */
export async function participantIds(db: Database, chat: ChatRow): Promise<number[]> {
  const staff =
    chat.kind === 'organizer' && chat.organizerId !== null
      ? await db
          .select({ id: organizerMembers.userId })
          .from(organizerMembers)
          .innerJoin(users, eq(users.id, organizerMembers.userId))
          .where(
            and(eq(organizerMembers.organizerId, chat.organizerId), eq(users.role, 'organizer')),
          )
      : await db.select({ id: users.id }).from(users).where(eq(users.role, 'support'));
  return [...new Set([chat.clientId, ...staff.map((row) => row.id)])];
}

/**
 * Inserts a chat, or finds the one a unique index already holds (`created: false`): concurrent
 * opens meet on the index and all get the same chat.
 */
async function insertOrFind(
  db: Database,
  values: typeof chats.$inferInsert,
  existing: SQL,
): Promise<{ chat: ChatRow; created: boolean }> {
  const [inserted] = await db.insert(chats).values(values).onConflictDoNothing().returning();
  if (inserted) return { chat: inserted, created: true };
  const [found] = await db.select().from(chats).where(existing).limit(1);
  if (!found) throw new Error('a chat vanished after a conflicting insert');
  return { chat: found, created: false };
}

/**
 * The condition of the traveller's one chat with an organizer (`organizerId` a number or a
 * column, such as a joined tour's organizer).
 */
export function organizerChatOf(clientId: number, organizerId: number | SQLWrapper): SQL {
  return and(
    eq(chats.kind, 'organizer'),
    eq(chats.clientId, clientId),
    eq(chats.organizerId, organizerId),
  )!;
}

/**
 * The traveller's one chat with an organizer: found, or created (`created: true`). The chat is
 * about the tour of the latest question asked from a tour page (`asking`); opened from a tour
 * without a question, it takes the tour only when it has none yet.
 */
export async function openOrganizerChat(
  db: Database,
  values: { clientId: number; organizerId: number; tourId: number | null; title: string },
  { asking = false }: { asking?: boolean } = {},
): Promise<{ chat: ChatRow; created: boolean }> {
  const opened = await insertOrFind(
    db,
    { kind: 'organizer', ...values },
    organizerChatOf(values.clientId, values.organizerId),
  );
  const current = opened.chat.tourId;
  // A frozen chat takes no question, so it keeps its subject too.
  const takesTour =
    values.tourId !== null &&
    current !== values.tourId &&
    !opened.chat.isFrozen &&
    (asking || current === null);
  if (!opened.created && takesTour) {
    const [updated] = await db
      .update(chats)
      .set({ tourId: values.tourId })
      .where(eq(chats.id, opened.chat.id))
      .returning();
    return { chat: updated ?? opened.chat, created: false };
  }
  return opened;
}

/** The traveller's support chat: found, or created on first use (`created: true`). */
export function openSupportChat(
  db: Database,
  clientId: number,
): Promise<{ chat: ChatRow; created: boolean }> {
  return insertOrFind(
    db,
    { kind: 'support', clientId, title: SUPPORT_TITLE },
    and(eq(chats.kind, 'support'), eq(chats.clientId, clientId))!,
  );
}
