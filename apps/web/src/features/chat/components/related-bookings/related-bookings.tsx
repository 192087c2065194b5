import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateRange } from '../../../../lib/tour-format';
import type { RelatedBooking } from '../../api';
import '../chat.css';

/** Where a booking opens for the chat's side: the traveller's page, or the organizer area. */
export const bookingPath = (side: 'client' | 'staff' | undefined) =>
  side === 'staff' ? ('/partner/bookings/$id' as const) : ('/booking/$id' as const);

/**
 * The booking requests between the chat's traveller and organizer, each opening its booking: the
 * traveller's booking page, or for the organizer's side the organizer area.
 */
export function RelatedBookings({
  bookings,
  side = 'client',
  actions,
}: {
  bookings: readonly RelatedBooking[];
  side?: 'client' | 'staff' | undefined;
  /** What can be done with each booking here (the organizer's answers), under its line. */
  actions?: ((bookingId: number) => ReactNode) | undefined;
}) {
  if (bookings.length === 0) return null;
  return (
    <aside className="chat-bookings" aria-labelledby="chat-bookings-title">
      <h2 id="chat-bookings-title" className="chat-bookings__title">
        {side === 'staff' ? 'Their bookings' : 'Your bookings'}
      </h2>
      <ul className="chat-bookings__items">
        {bookings.map((booking) => (
          <li key={booking.id} className="chat-bookings__item">
            <Link
              to={bookingPath(side)}
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
            {/* Answers exist only while a booking is open: waiting (1), confirmed (2), paid (3). */}
            {booking.status <= 3 && actions?.(booking.id)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
