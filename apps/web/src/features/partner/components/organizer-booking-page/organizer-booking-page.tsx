import { formatPrice } from '@gallop/currency';
import { Button } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { formatDateRange, formatDay } from '../../../../lib/tour-format';
import { useHydrated } from '../../../../lib/use-hydrated';
import {
  answerOrganizerBooking,
  organizerBookingQuery,
  type OrganizerAction,
  type OrganizerBooking,
} from '../../api';
import {
  ageOn,
  ANSWER_TEXTS,
  answerFailure,
  formatDeadline,
  ORGANIZER_STATUS_LABELS,
  type AnswerFailure,
} from '../../answer';
import '../answer-page/answer-page.css';
import './organizer-booking-page.css';
import { ReasonField } from '../reason-field/reason-field';

type Travel = NonNullable<OrganizerBooking['arrival']['tourists'][number]['arrival']>;

const PAYMENT_STATUS: Record<OrganizerBooking['payments'][number]['status'], string> = {
  1: 'Started',
  2: 'Paid',
  3: 'Cancelled',
};

/**
 * `/partner/bookings/{id}` (issue 42): one booking of the member's tour, with its riders, comment,
 * contact, arrival info, payments and meeting details, and the answers allowed now.
 */
export function OrganizerBookingPage({ booking }: { booking: OrganizerBooking }) {
  return (
    <div className="page-container answer-layout organizer-booking">
      <Summary booking={booking} />
      <Actions booking={booking} />
      <div className="answer-riders organizer-booking__details">
        <Riders booking={booking} />
        <Contact booking={booking} />
        <Arrival booking={booking} />
        <Payments booking={booking} />
        <Meeting booking={booking} />
      </div>
    </div>
  );
}

function Summary({ booking }: { booking: OrganizerBooking }) {
  const hydrated = useHydrated();
  const deadline = booking.respond_by ? formatDeadline(booking.respond_by, hydrated) : undefined;
  return (
    <header className="answer-summary">
      <p className="answer-eyebrow">
        <Link to="/partner/bookings">Organizer area</Link>
      </p>
      <h1 className="display-heading answer-title">Booking #{booking.id}</h1>
      <p className="answer-tour">{booking.tour_name}</p>
      <dl className="answer-facts">
        <div>
          <dt>Status</dt>
          <dd>{ORGANIZER_STATUS_LABELS[booking.status]}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {booking.start && booking.end
              ? formatDateRange(booking.start, booking.end)
              : 'Dates to agree'}
          </dd>
        </div>
        <div>
          <dt>Riders</dt>
          <dd>{booking.seats}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(booking.price, booking.currency)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatPrice(booking.paid, booking.currency)}</dd>
        </div>
        {deadline && (
          <div className="answer-facts__deadline">
            <dt>Deadline</dt>
            <dd>Answer by {deadline}</dd>
          </div>
        )}
      </dl>
      {booking.decline_reason && (
        <p className="answer-muted">
          Your reason, as the traveller read it: {booking.decline_reason}
        </p>
      )}
      {!booking.decline_reason && booking.cancel_message && booking.status >= 5 && (
        <p className="answer-muted">Why it was cancelled: {booking.cancel_message}</p>
      )}
    </header>
  );
}

function Riders({ booking }: { booking: OrganizerBooking }) {
  const firstDay = booking.start ?? booking.created_at;
  const notGiven = 'Not given';
  return (
    <section aria-labelledby="organizer-riders">
      <h2 id="organizer-riders" className="answer-section-title">
        Riders
      </h2>
      <div className="organizer-booking__scroll">
        <table className="organizer-booking__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Age</th>
              <th scope="col">Weight</th>
              <th scope="col">Food restriction</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
            </tr>
          </thead>
          <tbody>
            {booking.tourists.map((rider, index) => (
              <tr key={rider.id ?? index}>
                <th scope="row">{rider.full_name}</th>
                <td>{ageOn(rider.birthday, firstDay) ?? notGiven}</td>
                <td>{rider.weight == null ? notGiven : `${rider.weight} kg`}</td>
                <td>{rider.food_restriction || 'None'}</td>
                <td>{rider.email || notGiven}</td>
                <td>{rider.phone || notGiven}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="answer-section-title">The traveller’s comment</h2>
      {booking.comment ? (
        <blockquote className="answer-comment">{booking.comment}</blockquote>
      ) : (
        <p className="answer-muted">No comment.</p>
      )}
    </section>
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
            <a href={`tel:${booking.contact_phone}`}>{booking.contact_phone}</a>
          </>
        )}
      </p>
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

function Arrival({ booking }: { booking: OrganizerBooking }) {
  const known = booking.arrival.tourists.filter((t) => t.arrival || t.departure);
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
              {formatPrice(payment.amount, payment.currency)} · {PAYMENT_STATUS[payment.status]}
              {payment.paid_at ? ` · ${formatDay(payment.paid_at)}` : ''}
              {payment.card_last4 ? ` · card ending ${payment.card_last4}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Meeting({ booking }: { booking: OrganizerBooking }) {
  const meeting = booking.meeting;
  return (
    <section aria-labelledby="organizer-meeting">
      <h2 id="organizer-meeting" className="answer-section-title">
        Meeting details
      </h2>
      {!meeting ? (
        <p className="answer-muted">
          The meeting page opens once the booking is paid: you then tell the riders where and when
          to meet.
        </p>
      ) : (
        <>
          {meeting.text ? (
            <p className="organizer-booking__meeting-text">{meeting.text}</p>
          ) : (
            <p className="answer-muted">You have not sent the meeting details yet.</p>
          )}
          {meeting.files.length > 0 && (
            <ul className="organizer-booking__plain-list">
              {meeting.files.map((file) => (
                <li key={file.id}>{file.url ? <a href={file.url}>{file.name}</a> : file.name}</li>
              ))}
            </ul>
          )}
          <p>
            <a href={meeting.meet_url}>
              {meeting.text ? 'Edit the meeting details' : 'Write the meeting details'}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

type Form = 'decline' | 'cancel' | undefined;

function Actions({ booking }: { booking: OrganizerBooking }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { reason: useId(), problem: useId() };
  const [form, setForm] = useState<Form>();
  const [reason, setReason] = useState('');
  // Cancelling a confirmed booking asks once more before it is sent.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [sending, setSending] = useState<OrganizerAction | undefined>();
  const [failure, setFailure] = useState<AnswerFailure | undefined>();
  const inFlight = useRef(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  const allowed = booking.can_confirm || booking.can_decline || booking.can_cancel;
  if (!allowed && !failure) return null;

  const send = async (action: OrganizerAction, text?: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(action);
    setFailure(undefined);
    try {
      await answerOrganizerBooking(api, queryClient, { id: booking.id, action, reason: text });
      setForm(undefined);
      setReason('');
      setConfirmingCancel(false);
    } catch (error) {
      const failed = answerFailure(error);
      setFailure(failed);
      if (failed.kind === 'conflict') {
        // Someone (the traveller, the deadline, support) got there first: show what is true now.
        setForm(undefined);
        setConfirmingCancel(false);
        await queryClient.invalidateQueries({
          queryKey: organizerBookingQuery(api, booking.id).queryKey,
        });
      } else if (failed.kind === 'reason') {
        reasonField.current?.focus();
      }
    } finally {
      inFlight.current = false;
      setSending(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure({
        kind: 'reason',
        message:
          form === 'cancel' ? ANSWER_TEXTS.cancelReasonRequired : ANSWER_TEXTS.reasonRequired,
      });
      reasonField.current?.focus();
      return;
    }
    if (form === 'cancel' && !confirmingCancel) {
      setConfirmingCancel(true);
      return;
    }
    if (form) void send(form, reason.trim());
  };

  const notice = failure?.kind === 'conflict' || failure?.kind === 'other' ? failure : undefined;
  const problem = failure?.kind === 'reason' ? failure.message : undefined;
  const busy = sending !== undefined;

  return (
    <section className="answer-panel" aria-labelledby="organizer-actions">
      <h2 id="organizer-actions" className="answer-panel__title">
        Your answer
      </h2>
      {notice && (
        <p className="answer-notice" role="alert">
          {notice.message}
        </p>
      )}
      {booking.can_confirm && form === undefined && (
        <Button
          theme="primary"
          size="lg"
          block
          loading={sending === 'confirm'}
          disabled={busy}
          onClick={() => void send('confirm')}
        >
          Confirm booking
        </Button>
      )}
      {booking.can_decline && form === undefined && (
        <Button block disabled={busy} onClick={() => setForm('decline')}>
          Decline
        </Button>
      )}
      {booking.can_cancel && form === undefined && (
        <Button theme="danger" block disabled={busy} onClick={() => setForm('cancel')}>
          Cancel booking
        </Button>
      )}
      {form && (
        <form
          className="answer-decline"
          onSubmit={submit}
          noValidate
          aria-label={form === 'decline' ? 'Decline' : 'Cancel booking'}
        >
          <ReasonField
            id={ids.reason}
            problemId={ids.problem}
            ref={reasonField}
            value={reason}
            readOnly={confirmingCancel}
            onChange={setReason}
            problem={problem}
          />
          {confirmingCancel && (
            <p className="answer-notice" role="alert">
              Cancel booking #{booking.id}? The traveller is told, and the seats are released.
            </p>
          )}
          <div className="answer-decline__actions">
            <Button type="submit" theme="danger" loading={busy} disabled={busy}>
              {form === 'decline'
                ? 'Decline request'
                : confirmingCancel
                  ? 'Yes, cancel the booking'
                  : 'Cancel booking'}
            </Button>
            <Button
              theme="ghost"
              disabled={busy}
              onClick={() => {
                setForm(undefined);
                setConfirmingCancel(false);
                setFailure(undefined);
              }}
            >
              Back
            </Button>
          </div>
        </form>
      )}
      {!allowed && <p className="answer-muted">No answer is possible in this booking’s state.</p>}
    </section>
  );
}
