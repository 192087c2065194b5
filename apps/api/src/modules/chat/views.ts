/** Chats as the contract shapes them (`Chat`), for one viewer: title, counters, last message. */
import type { components } from '@gallop/api-client';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  chatMessages,
  chatMessengerLinks,
  chatNotificationMutes,
  organizers,
  tours,
  users,
} from '#src/db/schema/index.ts';
import { toMediaItem, toOrganizerBrief } from '#src/modules/catalog/index.ts';
import { sideOf, SUPPORT_TITLE, type ChatRow, type Viewer } from './chats.ts';
import { filesOf, toChatMessage } from './messages.ts';
import { unreadByChat } from './read-state.ts';

export type Chat = components['schemas']['Chat'];
type ChatTour = components['schemas']['ChatTour'];

/** The tours chats are about, by id, as the conversation's context (one query). */
async function chatTours(db: Database, rows: readonly ChatRow[]): Promise<Map<number, ChatTour>> {
  const ids = [...new Set(rows.flatMap((row) => row.tourId ?? []))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: tours.id, name: tours.name, slug: tours.slug, images: tours.images })
    .from(tours)
    .where(inArray(tours.id, ids));
  return new Map(
    found.map((tour) => {
      const cover = tour.images[0];
      return [
        tour.id,
        {
          id: tour.id,
          name: tour.name,
          slug: tour.slug,
          ...(cover ? { image: toMediaItem(cover, false) } : {}),
        },
      ];
    }),
  );
}

const fullName = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

/** The contract's chats for `rows` (in their order), seen by the viewer. */
export async function toChats(
  db: Database,
  viewer: Viewer,
  rows: readonly ChatRow[],
): Promise<Chat[]> {
  if (rows.length === 0) return [];
  const chatIds = rows.map((row) => row.id);
  const organizerIds = [...new Set(rows.flatMap((row) => row.organizerId ?? []))];
  // The staff side sees the traveller's name as the title.
  const clientIds = [
    ...new Set(rows.filter((row) => row.clientId !== viewer.user.id).map((row) => row.clientId)),
  ];
  const [organizerRows, lastMessages, unread, mutes, links, clients, tourById] = await Promise.all([
    organizerIds.length > 0
      ? db.select().from(organizers).where(inArray(organizers.id, organizerIds))
      : Promise.resolve([]),
    db
      .selectDistinctOn([chatMessages.chatId])
      .from(chatMessages)
      .where(inArray(chatMessages.chatId, chatIds))
      .orderBy(chatMessages.chatId, desc(chatMessages.id)),
    unreadByChat(db, viewer, chatIds),
    db
      .select({ chatId: chatNotificationMutes.chatId })
      .from(chatNotificationMutes)
      .where(
        and(
          eq(chatNotificationMutes.userId, viewer.user.id),
          inArray(chatNotificationMutes.chatId, chatIds),
        ),
      ),
    db
      .select({ source: chatMessengerLinks.source })
      .from(chatMessengerLinks)
      .where(eq(chatMessengerLinks.userId, viewer.user.id))
      .limit(1),
    clientIds.length > 0
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, clientIds))
      : Promise.resolve([]),
    chatTours(db, rows),
  ]);
  const organizerById = new Map(organizerRows.map((row) => [row.id, row]));
  const lastByChat = new Map(lastMessages.map((row) => [row.chatId, row]));
  const files = await filesOf(db, lastMessages);
  const muted = new Set(mutes.map((row) => row.chatId));
  const clientById = new Map(clients.map((row) => [row.id, row]));
  return rows.map((row) => {
    const side = sideOf(row, viewer) ?? 'client';
    const organizer = row.organizerId === null ? undefined : organizerById.get(row.organizerId);
    const last = lastByChat.get(row.id);
    const client = clientById.get(row.clientId);
    const ownTitle = row.kind === 'support' ? SUPPORT_TITLE : (organizer?.name ?? row.title);
    const title =
      side === 'client' ? ownTitle : (client && fullName(client)) || `Traveller #${row.clientId}`;
    const tour = row.tourId === null ? undefined : tourById.get(row.tourId);
    return {
      id: row.id,
      title,
      kind: row.kind,
      ...(organizer ? { organizer: toOrganizerBrief(organizer, false) } : {}),
      tour_id: row.tourId,
      ...(tour ? { tour } : {}),
      ...(last
        ? { last_message: toChatMessage(last, row, side, files, { userId: viewer.user.id }) }
        : {}),
      unread_count: unread.get(row.id) ?? 0,
      is_frozen: row.isFrozen,
      can_moderate: viewer.user.role === 'support',
      viewer_side: side,
      notifications_enabled: !muted.has(row.id),
      messenger_was_activated: links.length > 0,
    };
  });
}

export async function toChat(db: Database, viewer: Viewer, row: ChatRow): Promise<Chat> {
  const [chat] = await toChats(db, viewer, [row]);
  return chat!;
}
