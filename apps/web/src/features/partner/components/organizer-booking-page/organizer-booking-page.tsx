import { formatPrice } from '@gallop/currency';
import { formatWeightLimit } from '@gallop/rider-fit';
import { Link } from '@tanstack/react-router';
import { countText, formatPhone } from '@gallop/ui-kit';
import { balanceDueText } from '../../../../lib/balance-due';
import { useFormattedInstant } from '../../../../lib/instant-format';
import { partyText } from '../../../../lib/party-text';
import { keepDatesWhole } from '../../../../lib/line-breaks';
import { formatDateRange, formatDay, todayIso } from '../../../../lib/tour-format';
import { useWeightUnit } from '../../../../lib/weight-unit';
import type { OrganizerBooking } from '../../api';
import { isActiveStatus, organizerStatusLabel, refundSummary, releaseLabel } from '../../answer';
import '../answer-page/answer-page.css';
import './organizer-booking-page.css';
import { DepartureDecision } from '../departure-decision/departure-decision';
import { OrganizerAnswer } from '../organizer-answer/organizer-answer';
import { RIDER_COLUMNS, riderRows, type RiderRow } from './rider-rows';

type Travel = NonNullable<OrganizerBooking['arrival']['tourists'][number]['arrival']>;

type BookingPayment = OrganizerBooking['payments'][number];

/** The spec's payment statuses, a canceled one named by why it took no money. */
const PAYMENT_STATUS: Record<BookingPayment['status'], string> = {
  1: 'Started',
  2: 'Paid',
  3: 'Cancelled',
};
const NOT_TAKEN: Record<NonNullable<BookingPayment['failure_reason']>, string> = {
  declined: 'Declined by the card’s bank',
  canceled: 'Abandoned on the payment page',
  voided: 'Closed unpaid',
};

const paymentStatusText = (payment: BookingPayment) =>
  payment.status === 3 && payment.failure_reason
    ? NOT_TAKEN[payment.failure_reason]
    : PAYMENT_STATUS[payment.status];

/**
 * `/partner/bookings/{id}` (issue 42): one booking of the member's tour, with its riders, comment,
 * contact, arrival info, payments and meeting details, and the answers allowed now.
 * `arrivalOpen`: travellers can give their arrival details (the web's `FEATURE_ARRIVAL`); while
 * they cannot, the page does not wait for any.
 */
export function OrganizerBookingPage({
  booking,
  arrivalOpen,
}: {
  booking: OrganizerBooking;
  arrivalOpen: boolean;
}) {
  return (
    <div className="page-container answer-layout organizer-booking">
      <Summary booking={booking} />
      {/* One area, stacked: each panel alone would take the whole area and cover the other. */}
      <div className="answer-panels">
        <OrganizerAnswer booking={booking} />
        <DepartureDecision booking={booking} />
      </div>
      <div className="answer-riders organizer-booking__details">
        <Riders booking={booking} />
        <Contact booking={booking} />
        <Arrival booking={booking} arrivalOpen={arrivalOpen} />
        <Payments booking={booking} />
        <Meeting booking={booking} />
      </div>
    </div>
  );
}

function Summary({ booking }: { booking: OrganizerBooking }) {
  // In the organizer's zone, named: their settings' when signed in, else their device's.
  const deadline = useFormattedInstant(booking.respond_by);
  const heldUntil = useFormattedInstant(booking.hold_until);
  const money = (amount: number) => formatPrice(amount, booking.currency);
  return (
    <header className="answer-summary">
      <p className="eyebrow">
        <Link to="/partner/bookings">Organizer area</Link>
      </p>
      <h1 className="display-heading answer-title">Booking #{booking.id}</h1>
      <p className="answer-tour">{booking.tour_name}</p>
      <dl className="answer-facts">
        <div>
          <dt>Status</dt>
          <dd>{organizerStatusLabel(booking)}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {booking.start && booking.end
              ? keepDatesWhole(formatDateRange(booking.start, booking.end))
              : 'Dates to agree'}
          </dd>
        </div>
        {booking.non_riders > 0 ? (
          <div>
            <dt>Travellers</dt>
            <dd>{partyText(booking.seats, booking.non_riders)}</dd>
          </div>
        ) : (
          <div>
            <dt>Riders</dt>
            <dd>{booking.seats}</dd>
          </div>
        )}
        {booking.departure && <DepartureFacts departure={booking.departure} />}
        <div>
          <dt>Price</dt>
          <dd>{money(booking.price)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{money(booking.paid)}</dd>
        </div>
        {booking.left_to_pay > 0 && (
          <div className={booking.balance_overdue ? 'organizer-booking__late' : undefined}>
            <dt>Left to pay</dt>
            <dd>{money(booking.left_to_pay)}</dd>
          </div>
        )}
        {booking.refunded > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>{money(booking.refunded)}</dd>
          </div>
        )}
        {deadline && !booking.email_proof_required && (
          <div className="answer-facts__deadline">
            <dt>Deadline</dt>
            <dd>Answer by {deadline}</dd>
          </div>
        )}
        {heldUntil && (
          <div className="answer-facts__deadline">
            <dt>Seats held until</dt>
            <dd>
              {heldUntil}
              {booking.email_proof_required
                ? ': unless the traveller confirms their e-mail by then, the booking is released'
                : booking.status === 2 && ': unpaid by then, the booking is released'}
            </dd>
          </div>
        )}
      </dl>
      <BalanceDue booking={booking} />
      {booking.decline_reason && (
        <p className="answer-muted">
          Your reason, as the traveller read it: {booking.decline_reason}
        </p>
      )}
      {/* A release the status already names (`releaseLabel`) is not said twice. */}
      {!booking.decline_reason &&
        booking.cancel_message &&
        booking.status >= 5 &&
        !(booking.status === 7 && releaseLabel(booking.cancel_message)) && (
          <p className="answer-muted">Why it was cancelled: {booking.cancel_message}</p>
        )}
    </header>
  );
}

/**
 * What is left to pay and by when, in the words the traveller reads (`lib/balance-due.ts`); a rest
 * not paid by its day is said to be late, and after the start no payment on Gallop collects it.
 */
function BalanceDue({ booking }: { booking: OrganizerBooking }) {
  const today = todayIso();
  const due = balanceDueText(booking, today, 'organizer', booking.balance_overdue);
  if (!due) return null;
  const started = booking.start !== null && booking.start <= today;
  return (
    <p
      className={`organizer-booking__due${booking.balance_overdue ? ' organizer-booking__late' : ''}`}
      data-testid="balance-due"
    >
      {due}
      {booking.balance_overdue &&
        started &&
        ' The tour has started, so it can no longer be paid on Gallop: settle it with the traveller directly.'}
    </p>
  );
}

type Departure = NonNullable<OrganizerBooking['departure']>;

/**
 * The booking's date as it stands across every booking on it: what is left to sell, and whether
 * it runs, so an answer to a request is made knowing the date.
 */
function DepartureFacts({ departure }: { departure: Departure }) {
  const of = (free: number, all: number) => `${free} of ${all} free`;
  const booked = departure.seats - departure.seats_free;
  const runs = departure.cancelled
    ? 'Cancelled'
    : departure.guaranteed
      ? 'Guaranteed'
      : departure.decision_day_passed && departure.decision_date !== null
        ? `Being cancelled: not run by ${formatDay(departure.decision_date)}`
        : departure.min_riders !== null
          ? `Runs from ${countText('{count} rider(s)', departure.min_riders)}: ${booked} booked${departure.decision_date ? `; you decide by ${formatDay(departure.decision_date)}` : ''}`
          : 'Not guaranteed yet';
  return (
    <>
      <div>
        <dt>Seats on this date</dt>
        <dd>{of(departure.seats_free, departure.seats)}</dd>
      </div>
      {departure.heavy_places > 0 && (
        <div>
          <dt>Heavier horses</dt>
          <dd>{of(departure.heavy_places_free, departure.heavy_places)}</dd>
        </div>
      )}
      {departure.non_rider_places > 0 && (
        <div>
          <dt>Non-rider beds</dt>
          <dd>{of(departure.non_rider_places_free, departure.non_rider_places)}</dd>
        </div>
      )}
      <div>
        <dt>The date</dt>
        <dd>{runs}</dd>
      </div>
    </>
  );
}

function Riders({ booking }: { booking: OrganizerBooking }) {
  const rows = riderRows(booking);
  const weightUnit = useWeightUnit();
  const heavyFrom = formatWeightLimit(booking.max_rider_weight_kg, weightUnit);
  // Companions who come along without riding take a bed, not a horse (decision 118).
  const withNonRiders = booking.non_riders > 0;
  const title = withNonRiders ? 'Riders and non-riders' : 'Riders';
  return (
    <section aria-labelledby="organizer-riders">
      <h2 id="organizer-riders" className="answer-section-title">
        {title}
      </h2>
      {withNonRiders && (
        <p className="answer-muted">
          {`${countText('{count} rider(s)', booking.seats)}, ${countText('{count} non-rider(s)', booking.non_riders)} coming along without a horse.`}
        </p>
      )}
      {/* One row model, two layouts: the table where its eleven columns fit, else a card a
          rider (the stylesheet's container query shows one, hides the other from everyone). */}
      <div className="organizer-booking__riders">
        <RiderTable rows={rows} title={title} />
        <RiderCards rows={rows} />
      </div>
      {/* An ended booking has given its heavier horses back to the date. */}
      {booking.heavy_places > 0 && isActiveStatus(booking.status) && (
        <p className="answer-muted">
          {booking.heavy_places === 1
            ? `1 heavier-horse place is held for this booking (a rider above ${heavyFrom}).`
            : `${booking.heavy_places} heavier-horse places are held for this booking (riders above ${heavyFrom}).`}
        </p>
      )}
      <h2 className="answer-section-title">The traveller’s comment</h2>
      {booking.comment ? (
        <blockquote className="answer-comment">{booking.comment}</blockquote>
      ) : (
        <p className="answer-muted">No comment.</p>
      )}
    </section>
  );
}

/** The riders' table (wide screens): a row a traveller, the name its row header. */
function RiderTable({ rows, title }: { rows: RiderRow[]; title: string }) {
  return (
    // Eleven columns may still scroll sideways: a named, focusable region lets a keyboard
    // scroll them (axe `scrollable-region-focusable`).
    <div
      className="organizer-booking__scroll"
      role="region"
      aria-label={`${title} table`}
      tabIndex={0}
    >
      <table className="organizer-booking__table">
        <thead>
          <tr>
            {RIDER_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {row.facts.map((fact) => (
                <td
                  key={fact.label}
                  colSpan={fact.columns > 1 ? fact.columns : undefined}
                  className={fact.wrap ? `organizer-booking__cell--wrap-${fact.wrap}` : undefined}
                >
                  {fact.value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The riders on a narrow screen: a card a traveller, the name its heading and the facts a
 * definition list, the fit and its reason across the card's width.
 */
function RiderCards({ rows }: { rows: RiderRow[] }) {
  return (
    <ul className="organizer-booking__cards" aria-labelledby="organizer-riders">
      {rows.map((row) => (
        <li key={row.key} className="organizer-booking__card">
          <h3 className="organizer-booking__card-name">{row.name}</h3>
          <dl className="organizer-booking__card-facts">
            {row.facts.map((fact) => (
              <div
                key={fact.label}
                className={fact.wide ? 'organizer-booking__card-fact--wide' : undefined}
              >
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Contact({ booking }: { booking: OrganizerBooking }) {
  return (
    <section aria-labelledby="organizer-contact">
      <h2 id="organizer-contact" className="answer-section-title">
        Contact
      </h2>
      <p className="organizer-booking__line">
        {booking.contact_name} ·{' '}
        <a href={`mailto:${booking.contact_email}`}>{booking.contact_email}</a>
        {booking.contact_phone && (
          <>
            {' · '}
            <a href={`tel:${booking.contact_phone}`}>{formatPhone(booking.contact_phone)}</a>
          </>
        )}
      </p>
      {booking.chat_id !== null && booking.chat_id !== undefined && (
        <p className="organizer-booking__line">
          <Link to="/chat/{-$id}" params={{ id: String(booking.chat_id) }}>
            Message {booking.contact_name}
          </Link>
        </p>
      )}
      <p className="answer-muted">Booked on {formatDay(booking.created_at)}</p>
    </section>
  );
}

function travelText(travel: Travel): string {
  const where =
    travel.airport_name ??
    travel.station_name ??
    travel.departure_place ??
    travel.other_transport_name ??
    '';
  const number = travel.flight_number ?? travel.train_number ?? '';
  const when = [travel.date ? formatDay(travel.date) : '', travel.time ?? '']
    .filter(Boolean)
    .join(', ');
  return [travel.transport_type, where, number, when, travel.additional_info ?? '']
    .filter(Boolean)
    .join(' · ');
}

function Arrival({ booking, arrivalOpen }: { booking: OrganizerBooking; arrivalOpen: boolean }) {
  const known = booking.arrival.tourists.filter((t) => t.arrival || t.departure);
  // Travellers give these on the arrival page; while it is closed there is nothing to wait for.
  if (known.length === 0 && !arrivalOpen) return null;
  return (
    <section aria-labelledby="organizer-arrival">
      <h2 id="organizer-arrival" className="answer-section-title">
        Arrival and departure
      </h2>
      {known.length === 0 ? (
        <p className="answer-muted">The traveller has not given their arrival details yet.</p>
      ) : (
        <ul className="organizer-booking__plain-list">
          {known.map((rider) => (
            <li key={rider.tourist_id}>
              <strong>{rider.name}</strong>
              {rider.arrival && (
                <p className="organizer-booking__line">Arrives: {travelText(rider.arrival)}</p>
              )}
              {rider.departure && (
                <p className="organizer-booking__line">Leaves: {travelText(rider.departure)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Payments({ booking }: { booking: OrganizerBooking }) {
  return (
    <section aria-labelledby="organizer-payments">
      <h2 id="organizer-payments" className="answer-section-title">
        Payments
      </h2>
      {booking.payments.length === 0 ? (
        <p className="answer-muted">No payment yet.</p>
      ) : (
        <ul className="organizer-booking__plain-list">
          {booking.payments.map((payment) => (
            <li key={payment.id} className="organizer-booking__line">
              {formatPrice(payment.amount, payment.currency)} · {paymentStatusText(payment)}
              {payment.paid_at ? ` · ${formatDay(payment.paid_at)}` : ''}
              {/* No-break: '3220' alone on a line at 390 px read as another amount. */}
              {payment.card_last4 ? ` · card ending\u00a0${payment.card_last4}` : ''}
            </li>
          ))}
        </ul>
      )}
      {booking.refunded > 0 && <Refunds booking={booking} />}
    </section>
  );
}

/**
 * What went back to the traveller (a cancellation's refund, a payment beyond what was due) and
 * what stays: `refunded` counts both, so what stays is what the paid payments brought less it.
 */
function Refunds({ booking }: { booking: OrganizerBooking }) {
  const money = (amount: number) => formatPrice(amount, booking.currency);
  const { received, kept, toCard } = refundSummary(booking);
  const to = toCard ? 'the traveller’s card' : 'the traveller';
  return (
    <>
      <p className="organizer-booking__line">
        Refunded {money(booking.refunded)} to {to}.
      </p>
      <p className="organizer-booking__line organizer-booking__kept">
        {kept > 0
          ? `You keep ${money(kept)} of the ${money(received)} paid.`
          : `You keep nothing of the ${money(received)} paid.`}
      </p>
    </>
  );
}

function Meeting({ booking }: { booking: OrganizerBooking }) {
  const meeting = booking.meeting;
  // Details are written only for a booking that still goes ahead (the meet page refuses a
  // cancelled one): no link once it has ended.
  const open = isActiveStatus(booking.status);
  return (
    <section aria-labelledby="organizer-meeting">
      <h2 id="organizer-meeting" className="answer-section-title">
        Meeting details
      </h2>
      {meeting?.text && <p className="organizer-booking__meeting-text">{meeting.text}</p>}
      {open && meeting && !meeting.text && (
        <p className="answer-muted">You have not sent the meeting details yet.</p>
      )}
      {meeting && meeting.files.length > 0 && (
        <ul className="organizer-booking__plain-list">
          {meeting.files.map((file) => (
            <li key={file.id}>{file.url ? <a href={file.url}>{file.name}</a> : file.name}</li>
          ))}
        </ul>
      )}
      {!open ? (
        <p className="answer-muted">
          {booking.status === 4
            ? 'The tour is complete.'
            : 'This booking has ended, so its meeting page is closed.'}
        </p>
      ) : !meeting ? (
        <p className="answer-muted">
          The meeting page opens once the booking is paid: you then tell the riders where and when
          to meet.
        </p>
      ) : (
        <p>
          <a href={meeting.meet_url}>
            {meeting.text ? 'Edit the meeting details' : 'Write the meeting details'}
          </a>
        </p>
      )}
    </section>
  );
}
