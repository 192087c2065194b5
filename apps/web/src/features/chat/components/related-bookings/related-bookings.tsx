import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { madePrepaymentLabel } from '../../../../lib/paid-label';
import { formatDateRange } from '../../../../lib/tour-format';
import type { RelatedBooking } from '../../api';
import { RidersFit } from './riders-fit';
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
 * organizer's side the organizer area. The organizer's answers open from one button on the row,
 * under the list, across the strip's width, with how each rider fits the tour: never inside the
 * list's scrolling box, where they were cut off below its last line. While they are open, their
 * row stands alone above them.
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
  const strip = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEndInView(strip, panel, open);
  if (bookings.length === 0) return null;
  const path = bookingPath(side);
  // Answers exist only while a booking is open: waiting (1), confirmed (2), paid (3).
  const actionsFor = (booking: RelatedBooking) =>
    actions && (side === 'support' || booking.status <= 3) ? actions : undefined;
  const opened =
    side === 'staff'
      ? bookings.find((booking) => booking.id === open && actionsFor(booking))
      : undefined;
  return (
    <aside
      ref={strip}
      className={`chat-bookings${opened ? ' chat-bookings--answering' : ''}`}
      aria-labelledby="chat-bookings-title"
    >
      <h2 id="chat-bookings-title" className="chat-bookings__title">
        {side === 'client' ? 'Your bookings' : 'Their bookings'}
      </h2>
      <ul className="chat-bookings__items">
        {bookings.map((booking) => {
          const action = actionsFor(booking);
          const expanded = opened?.id === booking.id;
          const cancelled = booking.status >= 5;
          return (
            <li
              key={booking.id}
              className={`chat-bookings__item${expanded ? ' chat-bookings__item--open' : ''}`}
              // While one booking's answers are open, its row stands alone above them: the
              // strip keeps the height they need (closing them brings the others back).
              hidden={opened !== undefined && !expanded}
            >
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
                    aria-controls={expanded ? panelId : undefined}
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
            </li>
          );
        })}
      </ul>
      {opened && actions && (
        <div
          ref={panel}
          id={panelId}
          className="chat-bookings__panel"
          role="group"
          aria-label={`Booking #${opened.id} · ${opened.tour.name}`}
        >
          <RidersFit booking={opened} />
          {actions(opened)}
        </div>
      )}
    </aside>
  );
}

/**
 * Keeps the end of the open answers in view when they grow (the decline form, the cancel's
 * question): on a screen too short for all of it the strip scrolls, and what the organizer is
 * answering with (its buttons) stays visible, the riders' fit scrolling up above it.
 */
function useEndInView(
  strip: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  open: number | undefined,
) {
  useEffect(() => {
    const box = strip.current;
    const answers = panel.current;
    if (!box || !answers || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const below = answers.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
      if (below > 0) box.scrollTop += below;
    });
    observer.observe(answers);
    return () => observer.disconnect();
  }, [strip, panel, open]);
}
