/**
 * Which organizer a traveller may open a chat with, and about which tour. A new conversation
 * starts from a page, so it follows the catalogue's rule (`publicTour`): a hidden organizer, or a
 * tour without a page, is as unknown as a made-up id. What the traveller already has stays theirs:
 * their chat with the organizer, and the tours they booked (their booking's page asks from there).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, chats, organizers, tours } from '#src/db/schema/index.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { organizerChatOf } from './chats.ts';

/** A booking of the traveller's, of any status, on a tour matching `where`. */
async function hasBookingOn(db: Database, clientId: number, where: ReturnType<typeof eq>) {
  const [booking] = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .innerJoin(tours, eq(tours.id, bookingRequests.tourId))
    .where(and(eq(bookingRequests.userId, clientId), where))
    .limit(1);
  return booking !== undefined;
}

/**
 * The organizer `organizerId` when the traveller may write to it: published, or one they already
 * have a chat with or a booking of; undefined otherwise (the caller's 404).
 */
export async function reachableOrganizer(db: Database, clientId: number, organizerId: number) {
  const [organizer] = await db
    .select({ id: organizers.id, name: organizers.name, published: organizers.isPublishedOnSite })
    .from(organizers)
    .where(eq(organizers.id, organizerId))
    .limit(1);
  if (!organizer) return undefined;
  const { published, ...reached } = organizer;
  if (published) return reached;
  const [chat] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(organizerChatOf(clientId, organizerId))
    .limit(1);
  if (chat || (await hasBookingOn(db, clientId, eq(tours.organizerId, organizerId)))) {
    return reached;
  }
  return undefined;
}

/**
 * Whether the traveller may ask the organizer about tour `tourId`: a tour of that organizer that
 * has a page, or one the traveller booked.
 */
export async function mayAskAboutTour(
  db: Database,
  clientId: number,
  organizerId: number,
  tourId: number,
): Promise<boolean> {
  const [tour] = await db
    .select({ id: tours.id, public: sql<boolean>`${publicTour()}` })
    .from(tours)
    .where(and(eq(tours.id, tourId), eq(tours.organizerId, organizerId)))
    .limit(1);
  if (!tour) return false;
  return tour.public || hasBookingOn(db, clientId, eq(tours.id, tourId));
}
