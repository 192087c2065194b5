import { Link } from '@tanstack/react-router';
import { BookingHeading } from '../../../../components/booking-heading/booking-heading';
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
      <BookingHeading
        requestId={ended.requestId}
        title={TITLES[ended.reason]}
        tour={{ name: ended.tourName, slug: ended.tourSlug }}
      >
        : {CLOSED[ended.change]}
      </BookingHeading>
      <Link to="/booking/uuid/$uuid" params={{ uuid: ended.uuid }}>
        Open your booking
      </Link>
    </div>
  );
}
