import { Link } from '@tanstack/react-router';
import { formatDateRange } from '../../../../lib/tour-format';
import type { RelatedBooking } from '../../api';
import '../chat.css';

/** The user's booking requests with this organizer, each opening its booking page. */
export function RelatedBookings({ bookings }: { bookings: readonly RelatedBooking[] }) {
  if (bookings.length === 0) return null;
  return (
    <aside className="chat-bookings" aria-labelledby="chat-bookings-title">
      <h2 id="chat-bookings-title" className="chat-bookings__title">
        Your bookings
      </h2>
      <ul className="chat-bookings__items">
        {bookings.map((booking) => (
          <li key={booking.id} className="chat-bookings__item">
            <Link
              to="/booking/$id"
              params={{ id: String(booking.id) }}
              className="chat-bookings__link"
            >
              {booking.tour.name}
            </Link>
            <span className="chat-bookings__meta">
              #{booking.id}
              {booking.tour_date
                ? ` · ${formatDateRange(booking.tour_date.start, booking.tour_date.end)}`
                : ''}
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
