import { Button } from '@gallop/ui-kit';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useSubmissions } from '../../../../lib/idempotency';
import { formatDay } from '../../../../lib/tour-format';
import type { OrganizerBooking } from '../../api';
import { decideDeparture, type DepartureDecision as Decision } from '../../departure-api';
import { useOrganizerSend } from '../../use-organizer-send';
import '../answer-page/answer-page.css';
import { ReasonField } from '../reason-field/reason-field';

export const DEPARTURE_TEXTS = {
  title: 'This date',
  undecided: 'This date is not guaranteed yet: decide it for everyone booked on it.',
  run: 'Run this date',
  cancel: 'Cancel this date',
  runQuestion:
    'Run this date? It becomes guaranteed: every request waiting on it is confirmed, and every traveller booked on it is told. A guarantee is not taken back.',
  runYes: 'Yes, run this date',
  cancelQuestion:
    'Cancel this date? Every booking on it is cancelled, every traveller is told with your reason, and everything paid is refunded to them. The date takes no more bookings.',
  cancelYes: 'Yes, cancel this date',
  reasonRequired: 'Tell the travellers why you cancel the date: they will read it.',
  cancelled: 'This date was cancelled: it takes no more bookings.',
  decisionDayPassed: (day: string) =>
    `Not run by ${day}, its decision day, this date is being cancelled: its requests are released and every traveller is told. It can no longer be run.`,
  back: 'Back',
} as const;

type Step = 'run' | 'cancel' | undefined;

/**
 * The organizer decides a date not yet guaranteed as a whole (decision 148), from one booking on
 * it: "Run this date" (it becomes guaranteed) or "Cancel this date" (with the reason every
 * traveller reads); each asks once more before it is sent. Nothing for a date already decided
 * but a line for a cancelled one, and why there is no button once its decision day has passed
 * (decision 178: the booking job is calling it off).
 */
export function DepartureDecision({ booking }: { booking: OrganizerBooking }) {
  const ids = { title: useId(), reason: useId(), problem: useId() };
  const [step, setStep] = useState<Step>();
  const [reason, setReason] = useState('');
  // Cancelling asks once more, after the reason is written.
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const {
    api,
    queryClient,
    sending,
    failure,
    setFailure,
    send: sendAs,
  } = useOrganizerSend<Decision>(booking.id, reasonField);
  const submissions = useSubmissions();

  const departure = booking.departure;
  if (!departure) return null;
  if (departure.cancelled) {
    return (
      <p className="answer-muted" data-testid="departure-cancelled">
        {DEPARTURE_TEXTS.cancelled}
      </p>
    );
  }
  const dayPassed = departure.decision_day_passed && departure.decision_date !== null;
  if (!departure.can_decide && !dayPassed && !failure) return null;

  const reset = () => {
    setStep(undefined);
    setConfirmingCancel(false);
    setFailure(undefined);
  };

  const send = (decision: Decision, text?: string) =>
    sendAs(
      decision,
      () => {
        const request = {
          dateId: departure.id,
          decision,
          ...(text === undefined ? {} : { reason: text }),
        };
        // One key per decision, the same again when it is retried after no answer (decision 167).
        return submissions.send(request, (idempotencyKey) =>
          decideDeparture(api, queryClient, { bookingId: booking.id, ...request, idempotencyKey }),
        );
      },
      {
        done: () => {
          setStep(undefined);
          setReason('');
          setConfirmingCancel(false);
        },
        // Decided meanwhile (a booking reached the minimum, another member).
        moved: () => {
          setStep(undefined);
          setConfirmingCancel(false);
        },
      },
    );

  const submitCancel = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure({ kind: 'reason', message: DEPARTURE_TEXTS.reasonRequired });
      reasonField.current?.focus();
      return;
    }
    if (!confirmingCancel) {
      setConfirmingCancel(true);
      return;
    }
    void send('cancel', reason.trim());
  };

  const notice = failure?.kind === 'conflict' || failure?.kind === 'other' ? failure : undefined;
  const problem = failure?.kind === 'reason' ? failure.message : undefined;
  const busy = sending !== undefined;

  return (
    <section className="answer-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="answer-panel__title">
        {DEPARTURE_TEXTS.title}
      </h2>
      {notice && (
        <p className="answer-notice" role="alert">
          {notice.message}
        </p>
      )}
      {dayPassed && (
        <p className="answer-muted" data-testid="departure-decision-day-passed">
          {DEPARTURE_TEXTS.decisionDayPassed(formatDay(departure.decision_date!))}
        </p>
      )}
      {departure.can_decide && step === undefined && (
        <>
          <p className="answer-muted">
            {DEPARTURE_TEXTS.undecided}
            {departure.decision_date &&
              ` Not run by ${formatDay(departure.decision_date)}, it is cancelled and its requests are released.`}
          </p>
          <Button block disabled={busy} onClick={() => setStep('run')}>
            {DEPARTURE_TEXTS.run}
          </Button>
          <Button theme="danger" block disabled={busy} onClick={() => setStep('cancel')}>
            {DEPARTURE_TEXTS.cancel}
          </Button>
        </>
      )}
      {step === 'run' && (
        <div className="answer-decline">
          <p className="answer-notice" role="alert">
            {DEPARTURE_TEXTS.runQuestion}
          </p>
          <div className="answer-decline__actions">
            <Button
              theme="primary"
              loading={sending === 'guarantee'}
              disabled={busy}
              onClick={() => void send('guarantee')}
            >
              {DEPARTURE_TEXTS.runYes}
            </Button>
            <Button theme="ghost" disabled={busy} onClick={reset}>
              {DEPARTURE_TEXTS.back}
            </Button>
          </div>
        </div>
      )}
      {step === 'cancel' && (
        <form
          className="answer-decline"
          onSubmit={submitCancel}
          noValidate
          aria-label={DEPARTURE_TEXTS.cancel}
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
              {DEPARTURE_TEXTS.cancelQuestion}
            </p>
          )}
          <div className="answer-decline__actions">
            <Button type="submit" theme="danger" loading={busy} disabled={busy}>
              {confirmingCancel ? DEPARTURE_TEXTS.cancelYes : DEPARTURE_TEXTS.cancel}
            </Button>
            <Button theme="ghost" disabled={busy} onClick={reset}>
              {DEPARTURE_TEXTS.back}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
