/**
 * What the traveller's account lists: its booking requests page by page, and the dates one of
 * them could move to.
 */
import type { operations } from '@gallop/api-client';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates } from '#src/db/schema/index.ts';
import { toTourDate } from '#src/modules/catalog/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import type { DatedView, TravellerView } from './booking-settings.ts';
import { toBookingRequests, type RequestRow } from './records.ts';

type ListQuery = NonNullable<operations['listBookingRequests']['parameters']['query']>;

/** One page of `userId`'s requests, newest first, of the statuses asked for (all when none). */
export async function listOwnRequests(
  db: Database,
  userId: number,
  query: ListQuery,
  view: TravellerView,
) {
  const page = query.page ?? 1;
  const perPage = query['per-page'] ?? 20;
  const statuses = query.status;
  const where = and(
    eq(bookingRequests.userId, userId),
    statuses && statuses.length > 0 ? inArray(bookingRequests.status, statuses) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bookingRequests)
      .where(where)
      .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(bookingRequests).where(where),
  ]);
  const totalCount = Number(total?.value ?? 0);
  return {
    items: await toBookingRequests(db, rows, await view()),
    pagination: {
      page,
      per_page: perPage,
      total: totalCount,
      page_count: Math.max(1, Math.ceil(totalCount / perPage)),
    },
  };
}

/** The tour's other open dates ahead with room for the whole booking, soonest first. */
export async function otherDatesOf(
  db: Database,
  row: RequestRow,
  withVariants: boolean | undefined,
  context: DatedView,
) {
  const rows = await db
    .select()
    .from(tourDates)
    .where(
      and(
        eq(tourDates.tourId, row.tourId),
        gt(tourDates.startDate, todayIso(context.now)),
        eq(tourDates.isBusy, false),
        // An individual offer's date is booked through its offer only (decision 181).
        isNull(tourDates.individualTourUuid),
        withVariants ? undefined : isNull(tourDates.variantName),
        row.tourDateId === null ? undefined : ne(tourDates.id, row.tourDateId),
      ),
    )
    .orderBy(asc(tourDates.startDate), asc(tourDates.id));
  return {
    items: rows
      // The booking's non-riders need their beds on another date too (decision 118).
      .filter(
        (date) =>
          date.numberOfFreeSeats >= row.seats &&
          (row.nonRiders === 0 ||
            (date.nonRiderPrice !== null && date.nonRiderPlacesFree >= row.nonRiders)),
      )
      .map((date) => toTourDate(date, context)),
  };
}
