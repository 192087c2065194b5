import { formatPrice } from '@gallop/currency';
import { Button } from '@gallop/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { useSubmissions } from '../../../../lib/idempotency';
import {
  answerOrganizerBooking,
  organizerBookingQuery,
  type OrganizerAction,
  type OrganizerBooking,
} from '../../api';
import { ANSWER_TEXTS } from '../../answer';
import { useOrganizerSend } from '../../use-organizer-send';
import '../answer-page/answer-page.css';
import { ReasonField } from '../reason-field/reason-field';

type Form = 'decline' | 'cancel' | undefined;

/**
 * The organizer's answers allowed now (confirm, decline with a reason, cancel with a reason and
 * a second step), on the booking's page and on its card in the organizer's chat.
 */
export function OrganizerAnswer({
  booking,
  compact = false,
}: {
  booking: OrganizerBooking;
  /** In the chat's booking card: no heading, nothing when no answer is possible. */
  compact?: boolean;
}) {
  const ids = { title: useId(), reason: useId(), problem: useId() };
  const [form, setForm] = useState<Form>();
  const [reason, setReason] = useState('');
  // Cancelling a confirmed booking asks once more before it is sent.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const {
    api,
    queryClient,
    sending,
    failure,
    setFailure,
    send: sendAs,
  } = useOrganizerSend<OrganizerAction>(booking.id, reasonField);

  const submissions = useSubmissions();

  const allowed = booking.can_confirm || booking.can_decline || booking.can_cancel;
  if (!allowed && (!failure || compact)) return null;

  const send = (action: OrganizerAction, text?: string) =>
    sendAs(
      action,
      () => {
        const request = { id: booking.id, action, ...(text === undefined ? {} : { reason: text }) };
        // One key per answer, the same again when it is retried after no answer (decision 167).
        return submissions.send(request, (idempotencyKey) =>
          answerOrganizerBooking(api, queryClient, { ...request, idempotencyKey }),
        );
      },
      {
        done: () => {
          setForm(undefined);
          setReason('');
          setConfirmingCancel(false);
        },
        // Someone (the traveller, the deadline, support) got there first.
        moved: () => {
          setForm(undefined);
          setConfirmingCancel(false);
        },
      },
    );

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
    <section
      className={compact ? 'answer-panel answer-panel--compact' : 'answer-panel'}
      {...(compact
        ? { 'aria-label': `Your answer to booking #${booking.id}` }
        : { 'aria-labelledby': ids.title })}
    >
      {!compact && (
        <h2 id={ids.title} className="answer-panel__title">
          Your answer
        </h2>
      )}
      {notice && (
        <p className="answer-notice" role="alert">
          {notice.message}
        </p>
      )}
      {booking.email_proof_required && booking.status === 1 && form === undefined && (
        <p className="answer-muted">{EMAIL_PROOF_NOTE}</p>
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
              {cancelQuestion(booking)}
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

/**
 * Why a request booked signed out offers no Confirm yet (`email_proof_required`; the API refuses
 * it, decision 200): confirming would run the date on an address nobody proved.
 */
export const EMAIL_PROOF_NOTE =
  'The traveller booked without signing in and has not confirmed their e-mail yet. You can confirm the request once they have: we will e-mail you then. Unconfirmed, it is released.';

/**
 * The organizer's cancel gives the traveller back everything paid (decisions, "Money": only the
 * traveller's own cancel follows the policy's tiers): the question says how much.
 */
function cancelQuestion(booking: OrganizerBooking): string {
  const question = `Cancel booking #${booking.id}?`;
  if (booking.paid <= 0) {
    return `${question} The traveller is told, and the seats are released. Nothing was paid, so nothing is refunded.`;
  }
  return `${question} The traveller is told, the seats are released, and all ${formatPrice(booking.paid, booking.currency)} paid is refunded to them: you keep nothing of it.`;
}

/**
 * A booking's answers in the organizer's chat: loads the booking (a 404 — not the member's —
 * shows nothing) and offers what is allowed now.
 */
export function OrganizerAnswerCard({ bookingId }: { bookingId: number }) {
  const api = useApi();
  // `useQuery`: optional in the chat; a booking that does not load shows nothing.
  const { data: booking } = useQuery(organizerBookingQuery(api, bookingId));
  return booking ? <OrganizerAnswer booking={booking} compact /> : null;
}
