import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDateRange } from '../../../../lib/tour-format';
import type { RelatedBooking } from '../../api';
import '../chat.css';

/** Who reads the chat: its traveller, the organizer's side, or Gallop support. */
export type ChatViewer = 'client' | 'staff' | 'support';

/**
 * Where a booking opens for the chat's reader: the traveller's page, or the organizer area;
 * support reads neither (their booking cards say what support needs), so nothing.
 */
export function bookingPath(viewer: ChatViewer | undefined) {
  if (viewer === 'support') return undefined;
  return viewer === 'staff' ? ('/partner/bookings/$id' as const) : ('/booking/$id' as const);
}

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
  side?: ChatViewer | undefined;
  /**
   * What can be done with each booking here (the organizer's answers on open ones; support's
   * card on every one), under its line.
   */
  actions?: ((booking: RelatedBooking) => ReactNode) | undefined;
}) {
  if (bookings.length === 0) return null;
  const path = bookingPath(side);
  return (
    <aside className="chat-bookings" aria-labelledby="chat-bookings-title">
      <h2 id="chat-bookings-title" className="chat-bookings__title">
        {side === 'client' ? 'Your bookings' : 'Their bookings'}
      </h2>
      <ul className="chat-bookings__items">
        {bookings.map((booking) => (
          <li key={booking.id} className="chat-bookings__item">
            {path ? (
              <Link to={path} params={{ id: String(booking.id) }} className="chat-bookings__link">
                {booking.tour.name}
              </Link>
            ) : (
              <span className="chat-bookings__link">{booking.tour.name}</span>
            )}
            <span className="chat-bookings__meta">
              #{booking.id}
              {booking.tour_date
                ? ` · ${formatDateRange(booking.tour_date.start, booking.tour_date.end)}`
                : ''}
            </span>
            {/* Answers exist only while a booking is open: waiting (1), confirmed (2), paid (3). */}
            {(side === 'support' || booking.status <= 3) && actions?.(booking)}
          </li>
        ))}
      </ul>
    </aside>
  );
}
