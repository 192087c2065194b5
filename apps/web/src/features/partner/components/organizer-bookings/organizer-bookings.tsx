import { formatPrice } from '@gallop/currency';
import { Link } from '@tanstack/react-router';
import { useFormattedInstant } from '../../../../lib/instant-format';
import { partyText } from '../../../../lib/party-text';
import { keepDatesWhole } from '../../../../lib/line-breaks';
import { formatDateRange } from '../../../../lib/tour-format';
import type { OrganizerBookingListItem } from '../../api';
import { organizerMoney, organizerStatusLabel } from '../../answer';
import '../answer-page/answer-page.css';
import './organizer-bookings.css';

export interface OrganizerBookingsProps {
  /** Requests still waiting for an answer, newest first. */
  waiting: readonly OrganizerBookingListItem[];
  /** Bookings holding seats (statuses 1, 2, 3), newest first; the waiting ones are left out. */
  active: readonly OrganizerBookingListItem[];
  /** Bookings that no longer hold seats (complete, cancelled, declined, released), newest first. */
  ended?: readonly OrganizerBookingListItem[];
  /** Whether the user is a member of any organizer (else the area is not for them). */
  isProvider: boolean;
}

/**
 * `/partner/bookings` (issue 42): the organizer area's start. Requests waiting for an answer come
 * first, with their deadline, then the other bookings that hold seats, then those that ended (a
 * cancelled booking's refund, a complete tour's riders stay one click away).
 */
export function OrganizerBookings({
  waiting,
  active,
  ended = [],
  isProvider,
}: OrganizerBookingsProps) {
  const waitingIds = new Set(waiting.map((booking) => booking.id));
  const others = active.filter((booking) => !waitingIds.has(booking.id));
  return (
    <div className="page-container organizer-bookings">
      <p className="eyebrow">Organizer area</p>
      <h1 className="display-heading answer-title">Your tour bookings</h1>
      {!isProvider ? (
        <section className="organizer-bookings__empty" aria-label="Not a tour provider">
          <p>
            This area is for tour providers: the organizers of tours on Gallop answer booking
            requests and see their riders here. Your account is not a member of any organizer.
          </p>
          <p className="answer-muted">
            Looking for your own trips? <Link to="/bookings">Your bookings</Link>
          </p>
        </section>
      ) : (
        <>
          <BookingSection
            id="waiting"
            title="Requests waiting for your answer"
            empty="No request is waiting for your answer."
            bookings={waiting}
          />
          <BookingSection
            id="active"
            title="Other active bookings"
            empty="No other booking holds seats on your tours."
            bookings={others}
          />
          <BookingSection
            id="ended"
            title="Past and cancelled bookings"
            empty="No booking of your tours has ended yet."
            bookings={ended}
          />
        </>
      )}
    </div>
  );
}

function BookingSection({
  id,
  title,
  empty,
  bookings,
}: {
  id: string;
  title: string;
  empty: string;
  bookings: readonly OrganizerBookingListItem[];
}) {
  const heading = `organizer-bookings-${id}`;
  return (
    <section className="organizer-bookings__section" aria-labelledby={heading}>
      <h2 id={heading} className="answer-section-title">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="answer-muted">{empty}</p>
      ) : (
        <ul className="organizer-bookings__list">
          {bookings.map((booking) => (
            <BookingRow key={booking.id} booking={booking} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BookingRow({ booking }: { booking: OrganizerBookingListItem }) {
  // In the organizer's zone, named: their settings' when signed in, else their device's.
  const deadline = useFormattedInstant(booking.respond_by);
  return (
    <li className="organizer-bookings__item">
      <Link
        to="/partner/bookings/$id"
        params={{ id: String(booking.id) }}
        className="organizer-bookings__link"
      >
        #{booking.id} · {booking.tour_name}
      </Link>
      <p className="organizer-bookings__meta">
        {booking.start && booking.end
          ? keepDatesWhole(formatDateRange(booking.start, booking.end))
          : 'Dates to agree'}
        {' · '}
        {partyText(booking.seats, booking.non_riders)} · {booking.contact_name}
      </p>
      <p className="organizer-bookings__meta">
        {organizerStatusLabel(booking)} · {formatPrice(booking.price, booking.currency)}
        {booking.paid > 0 ? `, paid ${formatPrice(booking.paid, booking.currency)}` : ''}
        {booking.paid > 0 && booking.status >= 5 && refundText(booking)}
      </p>
      {/* A request waiting for its traveller's e-mail cannot be answered yet: its status says so. */}
      {deadline && !booking.email_proof_required && (
        <p className="organizer-bookings__deadline">Answer by {deadline}</p>
      )}
    </li>
  );
}

/**
 * ', refunded X; you keep Y' of an ended booking that was paid, by the page's rule
 * (`organizerMoney`): what the paid payments brought less everything given back. `paid` would
 * not do: a payment's excess given back counts in `refunded` but never counted in `paid`.
 */
function refundText({ received, refunded, currency }: OrganizerBookingListItem): string {
  const money = (amount: number) => formatPrice(amount, currency);
  const { kept } = organizerMoney({ received, refunded });
  return `${refunded > 0 ? `, refunded ${money(refunded)}` : ', nothing refunded'}${
    kept > 0 ? `; you keep ${money(kept)}` : '; you keep nothing'
  }`;
}
