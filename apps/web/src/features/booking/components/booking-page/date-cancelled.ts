/**
 * What the booking page says of a booking that ended with its whole date (decision 148): the
 * organizer cancelled the date, or did not confirm it by its decision day. Its heading says who
 * ended it ("Cancelled by the organizer", "Cancelled"), so the text tells the same story, not
 * that one request was declined.
 */
import type { BookingRequest } from '../../api';

/** The text under the heading of a booking ended with its date; undefined for any other. */
export function dateCancelledText(booking: BookingRequest): string | undefined {
  if (booking.tour_date?.cancelled !== true) return undefined;
  if (booking.status !== 6 && booking.status !== 7) return undefined;
  const nothingPaid = (booking.paid ?? 0) === 0 && (booking.refunded ?? 0) === 0;
  const money = nothingPaid
    ? 'Nothing was paid, so nothing is due.'
    : 'Everything you paid is refunded to your card.';
  // Released (7): the decision day passed, or the request's own time to answer had, unconfirmed.
  const what =
    booking.status === 6
      ? 'The organizer cancelled this date: the ride does not run, so this booking is cancelled.'
      : 'This date was cancelled: the organizer did not confirm it in time, so the ride does not run and this booking is cancelled.';
  return `${what} ${money} You are welcome to choose another date or tour.`;
}
