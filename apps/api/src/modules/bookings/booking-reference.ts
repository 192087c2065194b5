/**
 * A booking named for support in a visitor's help request (`/spa/submit-help-request`), so the
 * team knows which trip it is about: only the caller's own booking, since the id comes from the
 * caller (the `last_request_id` cookie) and naming anyone's would show their trip.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, tourDates, tours } from '#src/db/schema/index.ts';
import { dateDetails, tripText } from './wording.ts';

interface BookingReference {
  requestId: number;
  /** `Booking #12: "Tour" (5–10 January 2027, Private room)`. */
  text: string;
}

/** Booking `requestId` in words when it is `userId`'s; undefined for anyone else's or none. */
export async function ownBookingReference(
  db: Database,
  requestId: number,
  userId: number,
): Promise<BookingReference | undefined> {
  const [row] = await db
    .select({
      tourName: tours.name,
      startDate: tourDates.startDate,
      endDate: tourDates.endDate,
      variantName: tourDates.variantName,
    })
    .from(bookingRequests)
    .innerJoin(tours, eq(tours.id, bookingRequests.tourId))
    .leftJoin(tourDates, eq(tourDates.id, bookingRequests.tourDateId))
    .where(and(eq(bookingRequests.id, requestId), eq(bookingRequests.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const { startDate, endDate, variantName } = row;
  const dates =
    startDate !== null && endDate !== null
      ? dateDetails({ startDate, endDate, variantName })
      : null;
  return { requestId, text: `Booking #${requestId}: ${tripText(row.tourName, dates)}` };
}
