import { Link } from '@tanstack/react-router';
import type { BookingEnded, BookingEndedChange, BookingEndReason } from '../../ended';
import './booking-ended.css';

const TITLES: Record<BookingEndReason, string> = {
  cancelled: 'This booking was cancelled',
  complete: 'This tour has already taken place',
  started: 'This tour has already started',
};

const CLOSED: Record<BookingEndedChange, string> = {
  riders: 'riders can no longer be added.',
  arrival: 'arrival and departure details can no longer be changed.',
};

/**
 * The 410 page of a booking that can no longer change (`bookingEndedError`): why, what the page
 * would have changed, and the way back to the booking, instead of a form the API would refuse.
 */
export function BookingEndedPage({ ended }: { ended: BookingEnded }) {
  return (
    <div className="page-container booking-ended">
      <p className="booking-ended__eyebrow">Booking #{ended.requestId}</p>
      <h1 className="display-heading booking-ended__title">{TITLES[ended.reason]}</h1>
      <p className="booking-ended__lead">
        <Link to="/$slug" params={{ slug: ended.tourSlug }}>
          {ended.tourName}
        </Link>
        : {CLOSED[ended.change]}
      </p>
      <Link to="/booking/uuid/$uuid" params={{ uuid: ended.uuid }}>
        Open your booking
      </Link>
    </div>
  );
}
