/**
 * What a signed-in user sees of a tour beyond its public page (decision 029): their favourite
 * state, their booking request and chat about it, whether they may review it; and, for the
 * organizer's own staff and for support, every variant including the individual offers.
 */
import { ACTIVE_STATUSES, STATUS } from '@gallop/booking-rules';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  chats,
  individualTours,
  organizerMembers,
  tours,
  userFavouriteTours,
} from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import { requireSigned, type UserRow } from '#src/modules/sessions/index.ts';
import type { PriceContext, TourDate, TourRow } from '#src/modules/catalog/tour-card.ts';
import { toIndividualDate } from './individual.ts';
import { futureTourDates } from './page.ts';

const tourNotFound = () => notFound('Tour not found');

/** Whether the user may see the tour's private side: support, or staff of its organizer. */
async function actsForOrganizer(
  db: Database,
  user: UserRow,
  organizerId: number,
): Promise<boolean> {
  if (user.role === 'support') return true;
  if (user.role !== 'organizer') return false;
  const [row] = await db
    .select({ userId: organizerMembers.userId })
    .from(organizerMembers)
    .where(and(eq(organizerMembers.organizerId, organizerId), eq(organizerMembers.userId, user.id)))
    .limit(1);
  return row !== undefined;
}

async function tourById(db: Database, id: number): Promise<TourRow | undefined> {
  const [tour] = await db.select().from(tours).where(eq(tours.id, id)).limit(1);
  return tour;
}

/**
 * The tour `id` for the signed-in user of its organizer or support (401 signed out, 404 for
 * anybody else: a private side is not even admitted to exist).
 */
export async function tourForStaff(db: Database, request: FastifyRequest, id: number) {
  const { user } = await requireSigned(db, request);
  const tour = await tourById(db, id);
  if (!tour || !(await actsForOrganizer(db, user, tour.organizerId))) throw tourNotFound();
  return { user, tour };
}

/** The signed-in user's private data on tour `id` (a hidden tour only for its staff). */
export async function loadTourPrivateData(
  db: Database,
  user: UserRow,
  id: number,
  context: { requestId?: number | undefined },
) {
  const tour = await tourById(db, id);
  if (!tour) throw tourNotFound();
  if (!tour.isPublished && !(await actsForOrganizer(db, user, tour.organizerId))) {
    throw tourNotFound();
  }
  const [favourite, requests, chat] = await Promise.all([
    db
      .select({ tourId: userFavouriteTours.tourId })
      .from(userFavouriteTours)
      .where(and(eq(userFavouriteTours.userId, user.id), eq(userFavouriteTours.tourId, tour.id)))
      .limit(1),
    db
      .select({ id: bookingRequests.id, status: bookingRequests.status })
      .from(bookingRequests)
      .where(and(eq(bookingRequests.userId, user.id), eq(bookingRequests.tourId, tour.id)))
      .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id)),
    db
      .select({ id: chats.id })
      .from(chats)
      .where(
        and(
          eq(chats.clientId, user.id),
          eq(chats.kind, 'organizer'),
          // One chat per traveller and organizer: the context chat id can only name this one.
          eq(chats.organizerId, tour.organizerId),
        ),
      )
      .limit(1),
  ]);
  const active = (ACTIVE_STATUSES as readonly number[]).concat(STATUS.tourComplete);
  // The request the page was opened from, when it is the user's and on this tour; else the
  // latest live one.
  const request =
    requests.find((row) => row.id === context.requestId) ??
    requests.find((row) => active.includes(row.status));
  return {
    is_favourite: favourite.length > 0,
    request_id: request?.id ?? null,
    chat_id: chat[0]?.id ?? null,
    can_review: requests.some((row) => row.status === STATUS.tourComplete),
  };
}

/** Every variant of a tour from today: its dates (busy ones too) and its individual offers. */
export async function privateVariants(
  db: Database,
  tour: TourRow,
  prices: PriceContext & { today: string },
): Promise<TourDate[]> {
  const [dates, offers] = await Promise.all([
    futureTourDates(db, tour.id, prices.today, prices),
    db
      .select()
      .from(individualTours)
      .where(and(eq(individualTours.tourId, tour.id), gte(individualTours.startDate, prices.today)))
      .orderBy(asc(individualTours.startDate)),
  ]);
  return [...dates, ...offers.map((offer) => toIndividualDate(offer, tour, prices))].sort(
    (a, b) => a.start.localeCompare(b.start) || a.id - b.id,
  );
}

/** Individual offers of a tour from today (client, note, price), for the private PDF. */
export function individualOffers(db: Database, tourIds: number[], today: string) {
  return db
    .select()
    .from(individualTours)
    .where(and(inArray(individualTours.tourId, tourIds), gte(individualTours.startDate, today)))
    .orderBy(asc(individualTours.startDate));
}
