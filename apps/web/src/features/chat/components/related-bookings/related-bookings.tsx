import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { madePrepaymentLabel } from '../../../../lib/paid-label';
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

/** A booking's state in a word or two, as the strip's reader sees it. */
export function relatedStatusLabel(booking: RelatedBooking, side: ChatViewer = 'client'): string {
  switch (booking.status) {
    case 1:
      return side === 'staff' ? 'Waiting for your answer' : 'Waiting for the organizer';
    case 2:
      return 'Confirmed';
    case 3:
      // As the traveller's trip page names it: money may still be left to pay.
      return madePrepaymentLabel(booking);
    case 4:
      return 'Tour complete';
    case 5:
      return side === 'client' ? 'Cancelled by you' : 'Cancelled by the traveller';
    case 6:
      return booking.decline_reason ? 'Declined' : 'Cancelled by the organizer';
    case 7:
      return 'Released';
    case 8:
      return 'Cancelled by support';
  }
}

/**
 * The booking requests between the chat's traveller and organizer, one compact row each (tour,
 * dates, status, one action), each opening its booking: the traveller's booking page, or for the
 * organizer's side the organizer area. The organizer's answers open under their row, across the
 * strip's width, from one button, so a row never squeezes the tour's name.
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
  const [open, setOpen] = useState<number | undefined>();
  const panelId = useId();
  if (bookings.length === 0) return null;
  const path = bookingPath(side);
  return (
    <aside className="chat-bookings" aria-labelledby="chat-bookings-title">
      <h2 id="chat-bookings-title" className="chat-bookings__title">
        {side === 'client' ? 'Your bookings' : 'Their bookings'}
      </h2>
      <ul className="chat-bookings__items">
        {bookings.map((booking) => {
          // Answers exist only while a booking is open: waiting (1), confirmed (2), paid (3).
          const action =
            actions && (side === 'support' || booking.status <= 3) ? actions : undefined;
          const expanded = open === booking.id;
          const cancelled = booking.status >= 5;
          return (
            <li key={booking.id} className="chat-bookings__item">
              <div className="chat-bookings__row">
                <span className="chat-bookings__what">
                  {path ? (
                    <Link
                      to={path}
                      params={{ id: String(booking.id) }}
                      className="chat-bookings__link"
                    >
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
                </span>
                <span
                  className={`chat-bookings__status${cancelled ? ' chat-bookings__status--ended' : ''}`}
                >
                  {relatedStatusLabel(booking, side)}
                </span>
                {action && side === 'staff' && (
                  <button
                    type="button"
                    className="gk-button gk-button--negative gk-button--sm chat-bookings__action"
                    aria-expanded={expanded}
                    aria-controls={expanded ? `${panelId}-${booking.id}` : undefined}
                    onClick={() => setOpen(expanded ? undefined : booking.id)}
                  >
                    {booking.status === 1 ? 'Answer' : 'Manage'}
                    <span className="gk-visually-hidden"> booking #{booking.id}</span>
                  </button>
                )}
                {action && side !== 'staff' && (
                  <span className="chat-bookings__action">{action(booking)}</span>
                )}
              </div>
              {action && side === 'staff' && expanded && (
                <div id={`${panelId}-${booking.id}`} className="chat-bookings__panel">
                  {action(booking)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
