/**
 * Bookings made signed out (decisions: "Guest bookings"; decision 089). Such a booking belongs to
 * no account until its contact e-mail is proven: signing in with a one-time code sent to that
 * address, or opening the e-mail confirmation link, proves it and the address's bookings join
 * the account. Until then the booking holds its seats for a short time only.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests } from '#src/db/schema/index.ts';
import { ACTIVE_STATUSES } from '#src/modules/booking-rules/index.ts';

/**
 * Joins the still active, unproven bookings of `email` to `userId`; answers how many. The update
 * takes each row's lock, so a booking the job released meanwhile stays released.
 */
export async function claimGuestBookings(
  db: Database,
  { userId, email }: { userId: number; email: string },
): Promise<number> {
  const claimed = await db
    .update(bookingRequests)
    .set({ userId, holdUntil: null, updatedAt: new Date() })
    .where(
      and(
        isNull(bookingRequests.userId),
        eq(bookingRequests.contactEmail, email),
        inArray(bookingRequests.status, [...ACTIVE_STATUSES]),
      ),
    )
    .returning({ id: bookingRequests.id });
  return claimed.length;
}
