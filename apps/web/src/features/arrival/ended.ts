/**
 * When a booking's arrival details can no longer change: the API saves them only while the booking
 * is active and its date still ahead (apps/api bookings/arrival-info.ts, 422 "This booking can no
 * longer be changed"). The page answers such a booking with 410 and says why, as the add-riders
 * page does (docs/product.md, Routes), instead of a form whose save would be refused.
 */
import { isActive } from '@gallop/booking-rules';
import type { components } from '@gallop/api-client';
import { HttpError } from '../../lib/http-error';
import { todayIso } from '../../lib/tour-format';

type BookingRequest = components['schemas']['BookingRequest'];

/** Why the details are closed: the booking was cancelled, the tour took place, or it has begun. */
export type ArrivalEndReason = 'cancelled' | 'complete' | 'started';

/** What the 410 page of the arrival link shows: the reason and the trip it was for. */
export interface ArrivalEnded {
  /** Tells it from the details of other 410s (a gone tour's alternatives). */
  kind: 'arrival-ended';
  reason: ArrivalEndReason;
  uuid: string;
  requestId: number;
  tourName: string;
  tourSlug: string;
}

const ARRIVAL_ENDED = 'This booking can no longer be changed';

/** Why the booking's arrival details are closed, or undefined while they can be saved. */
export function arrivalEndReason(
  booking: Pick<BookingRequest, 'status' | 'tour_date'>,
  today = todayIso(),
): ArrivalEndReason | undefined {
  if (!isActive(booking.status)) return booking.status === 4 ? 'complete' : 'cancelled';
  // The API's rule: a date that starts today is no longer ahead.
  if (booking.tour_date && booking.tour_date.start <= today) return 'started';
  return undefined;
}

/**
 * The 410 the loader throws for a closed booking; its details reach the error page
 * (`routes/-error/error-pages.tsx`), which shows `ArrivalEndedPage`.
 */
export function arrivalEndedError(
  booking: BookingRequest,
  today = todayIso(),
): HttpError | undefined {
  const reason = arrivalEndReason(booking, today);
  if (!reason) return undefined;
  const ended: ArrivalEnded = {
    kind: 'arrival-ended',
    reason,
    uuid: booking.uuid,
    requestId: booking.id,
    tourName: booking.tour.name,
    tourSlug: booking.tour.slug,
  };
  return new HttpError(410, ARRIVAL_ENDED, ended);
}
