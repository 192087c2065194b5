/**
 * A booking that can no longer change: the API adds riders and saves arrival details only while
 * the booking is active and its date still ahead (bookings/records.ts `can_edit`,
 * bookings/arrival-info.ts; decision 199). The add-riders page and the arrival link answer such a
 * booking with 410 and say why (docs/product.md, Routes), instead of a form the API would refuse;
 * each route says what closed it, this module the error and `BookingEndedPage` its page.
 */
import { isActive } from '@gallop/booking-rules';
import type { components } from '@gallop/api-client';
import { HttpError } from '../../lib/http-error';

type BookingRequest = components['schemas']['BookingRequest'];

/** Why the booking is closed: it was cancelled, its tour took place, or it has begun. */
export type BookingEndReason = 'cancelled' | 'complete' | 'started';

/** What the closed page was for: adding riders, or the arrival and departure details. */
export type BookingEndedChange = 'riders' | 'arrival';

/** What the 410 page of a closed booking shows: why, what can no longer change, and the trip. */
export interface BookingEnded {
  /** Tells it from the details of other 410s (a gone tour's alternatives). */
  kind: 'booking-ended';
  change: BookingEndedChange;
  reason: BookingEndReason;
  uuid: string;
  requestId: number;
  tourName: string;
  tourSlug: string;
}

const MESSAGES: Record<BookingEndedChange, string> = {
  riders: 'Riders can no longer be added to this booking',
  arrival: 'This booking can no longer be changed',
};

/**
 * Why the API closed booking `booking` to new riders (its 410 from `tourists-info`): cancelled
 * (5–8), its tour took place (4), else its tour has begun by the API's clock (decision 199).
 */
export function ridersEndReason(booking: Pick<BookingRequest, 'status'>): BookingEndReason {
  if (booking.status === 4) return 'complete';
  return isActive(booking.status) ? 'started' : 'cancelled';
}

/**
 * The 410 a loader throws for booking `booking` closed for `reason`; its details reach the error
 * page (`routes/-error/error-pages.tsx`), which shows `BookingEndedPage`.
 */
export function bookingEndedError(
  booking: BookingRequest,
  change: BookingEndedChange,
  reason: BookingEndReason,
): HttpError {
  const ended: BookingEnded = {
    kind: 'booking-ended',
    change,
    reason,
    uuid: booking.uuid,
    requestId: booking.id,
    tourName: booking.tour.name,
    tourSlug: booking.tour.slug,
  };
  return new HttpError(410, MESSAGES[change], ended);
}

/** The closed booking an error stands for (`bookingEndedError`), or undefined for any other. */
export function bookingEnded(error: unknown): BookingEnded | undefined {
  if (!(error instanceof HttpError) || error.status !== 410) return undefined;
  const details = error.details as Partial<BookingEnded> | null | undefined;
  return details?.kind === 'booking-ended' ? (details as BookingEnded) : undefined;
}
