/**
 * When a booking's arrival details can no longer change: the API saves them only while the booking
 * is active and its date still ahead (apps/api bookings/arrival-info.ts, 422 "This booking can no
 * longer be changed"). The route answers such a booking with 410 and says why, through the booking
 * feature's `bookingEndedError` (features/booking/ended.ts), as the add-riders page does.
 */
import { isActive } from '@gallop/booking-rules';
import type { components } from '@gallop/api-client';
import { todayIso } from '../../lib/tour-format';

type BookingRequest = components['schemas']['BookingRequest'];

/** Why the details are closed: the booking was cancelled, the tour took place, or it has begun. */
type ArrivalEndReason = 'cancelled' | 'complete' | 'started';

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
