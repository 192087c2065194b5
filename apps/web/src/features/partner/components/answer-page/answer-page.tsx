import { formatPrice } from '@gallop/currency';
import { ageOn } from '@gallop/rider-fit';
import { Button } from '@gallop/ui-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../../../lib/api';
import { useFormattedInstant } from '../../../../lib/instant-format';
import { keepDatesWhole } from '../../../../lib/line-breaks';
import { formatDateRange, formatDay } from '../../../../lib/tour-format';
import {
  answerRequest,
  requestForAnswerQuery,
  type OrganizerAnswer,
  type RequestForOrganizer,
} from '../../api';
import {
  ANSWER_TEXTS,
  answerFailure,
  EMAIL_PROOF_LABEL,
  isConfirmedStatus,
  outcomeText,
  type AnswerFailure,
  type SuggestedAnswer,
} from '../../answer';
import './answer-page.css';
import { ReasonField } from '../reason-field/reason-field';
import { RiderLevel, RiderWeight } from '../rider-facts';

export interface AnswerPageProps {
  token: string;
  /** The link's `answer`: it opens the decline form or focuses Confirm, and never answers. */
  suggested: SuggestedAnswer;
  request: RequestForOrganizer;
}

/**
 * `/partner/answer?token=&answer=` (decision 090): the organizer reads a booking request on a date
 * they have not guaranteed, and confirms or declines it. Opening the link changes nothing (mail
 * scanners open links): only a click answers.
 */
export function AnswerPage({ token, suggested, request }: AnswerPageProps) {
  return (
    <div className="page-container answer-layout">
      <AnswerSummary request={request} />
      <AnswerPanel token={token} suggested={suggested} request={request} />
      <AnswerRiders request={request} />
    </div>
  );
}

function AnswerSummary({ request }: { request: RequestForOrganizer }) {
  // In the organizer's zone, named: their settings' when signed in, else their device's.
  const answerBy = useFormattedInstant(request.respond_by);
  return (
    <header className="answer-summary">
      <p className="eyebrow">Booking request for your tour</p>
      <h1 id="answer-title" className="display-heading answer-title">
        Booking request #{request.id}
      </h1>
      <p className="answer-tour">{request.tour_name}</p>
      <dl className="answer-facts">
        <div>
          <dt>Dates</dt>
          <dd>
            {request.start && request.end
              ? keepDatesWhole(formatDateRange(request.start, request.end))
              : 'Dates to agree'}
          </dd>
        </div>
        <div>
          <dt>Riders</dt>
          <dd>{request.seats}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(request.price, request.currency)}</dd>
        </div>
        {request.status === 1 && answerBy && (
          <div className="answer-facts__deadline">
            <dt>Deadline</dt>
            <dd>Answer by {answerBy}</dd>
          </div>
        )}
      </dl>
      {request.contact_name && (
        <p className="answer-muted">
          Requested by {request.contact_name} on {formatDay(request.created_at)}
        </p>
      )}
    </header>
  );
}

function AnswerRiders({ request }: { request: RequestForOrganizer }) {
  const firstDay = request.start ?? request.created_at;
  return (
    <section className="answer-riders" aria-labelledby="answer-riders-title">
      <h2 id="answer-riders-title" className="answer-section-title">
        Riders
      </h2>
      {request.tourists.length === 0 ? (
        <p className="answer-muted">The traveller has not named the riders yet.</p>
      ) : (
        <ul className="answer-rider-list">
          {request.tourists.map((rider, index) => {
            const age = ageOn(rider.birthday, firstDay);
            return (
              <li key={rider.id ?? index} className="answer-rider">
                <p className="answer-rider__name">{rider.full_name}</p>
                <dl className="answer-rider__facts">
                  <div>
                    <dt>Age on the first day</dt>
                    <dd>{age === undefined ? 'Not given' : age}</dd>
                  </div>
                  <div>
                    <dt>Level</dt>
                    <dd>
                      <RiderLevel level={rider.level} />
                    </dd>
                  </div>
                  <div>
                    <dt>Weight</dt>
                    <dd>
                      <RiderWeight weight={rider.weight} />
                    </dd>
                  </div>
                  <div>
                    <dt>Food restriction</dt>
                    <dd>{rider.food_restriction || 'None'}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      <h2 className="answer-section-title">The traveller’s comment</h2>
      {request.comment ? (
        <blockquote className="answer-comment">{request.comment}</blockquote>
      ) : (
        <p className="answer-muted">No comment.</p>
      )}
    </section>
  );
}

function AnswerPanel({ token, suggested, request }: AnswerPageProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { reason: useId(), reasonProblem: useId(), outcome: useId() };
  const [declining, setDeclining] = useState(suggested === 'decline');
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState<OrganizerAnswer['answer'] | undefined>();
  const [failure, setFailure] = useState<AnswerFailure | undefined>();
  const [answered, setAnswered] = useState(false);
  // A second click before the first render after the first one must not answer twice.
  const inFlight = useRef(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const pending = request.status === 1;
  // Booked signed out and not proven yet: confirming would be refused (409), declining is open.
  const awaitingEmail = request.email_proof_required === true;

  // Where the organizer starts is what the link was for (nothing is sent until they click);
  // opening or closing the decline form later moves focus to what comes next.
  const arrived = useRef(false);
  useEffect(() => {
    if (!pending) return;
    const first = !arrived.current;
    arrived.current = true;
    if (declining) reasonField.current?.focus();
    else (first && !awaitingEmail ? confirmButton : declineButton).current?.focus();
  }, [declining, pending, awaitingEmail]);
  // The actions give way to the outcome: focus follows, so keyboard users are not lost.
  useEffect(() => {
    if (answered && !pending) outcomeHeading.current?.focus();
  }, [answered, pending]);

  const send = async (answer: OrganizerAnswer) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(answer.answer);
    setFailure(undefined);
    try {
      await answerRequest(api, queryClient, answer);
      setAnswered(true);
    } catch (error) {
      const failed = answerFailure(error);
      setFailure(failed);
      if (failed.kind === 'conflict') {
        // Someone (the traveller, the deadline, support) got there first: show what is true now.
        setAnswered(true);
        await queryClient.invalidateQueries({
          queryKey: requestForAnswerQuery(api, token).queryKey,
        });
      } else if (failed.kind === 'reason') {
        reasonField.current?.focus();
      }
    } finally {
      inFlight.current = false;
      setSending(undefined);
    }
  };

  const decline = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setFailure({ kind: 'reason', message: ANSWER_TEXTS.reasonRequired });
      reasonField.current?.focus();
      return;
    }
    void send({ token, answer: 'decline', reason: reason.trim() });
  };

  const notice = failure?.kind === 'conflict' || failure?.kind === 'other' ? failure : undefined;
  const reasonProblem = failure?.kind === 'reason' ? failure.message : undefined;

  if (!pending) {
    const confirmed = isConfirmedStatus(request.status);
    return (
      <section
        key="outcome"
        className={`answer-panel answer-outcome answer-outcome--${confirmed ? 'confirmed' : 'cancelled'}`}
        aria-labelledby={ids.outcome}
      >
        {notice && (
          <p className="answer-notice" role="alert">
            {notice.message}
          </p>
        )}
        <h2 id={ids.outcome} ref={outcomeHeading} tabIndex={-1} className="answer-panel__title">
          {confirmed
            ? 'Booking confirmed'
            : request.status === 6
              ? 'Request declined'
              : 'Booking cancelled'}
        </h2>
        <p className="answer-outcome__text" role="status">
          {outcomeText(request)}
        </p>
      </section>
    );
  }

  return (
    <section key="actions" className="answer-panel" aria-labelledby="answer-panel-title">
      <h2 id="answer-panel-title" className="answer-panel__title">
        Your answer
      </h2>
      {awaitingEmail ? (
        <p className="answer-muted" data-testid="awaiting-email">
          {EMAIL_PROOF_LABEL}. You can confirm once they have, with this link or on the booking's
          page; until then you can decline.
        </p>
      ) : (
        <p className="answer-muted">
          The date is not guaranteed: the booking waits for you. Once you confirm, the traveller is
          asked to pay.
        </p>
      )}
      {notice && (
        <p className="answer-notice" role="alert">
          {notice.message}
        </p>
      )}
      {!awaitingEmail && (
        <Button
          ref={confirmButton}
          theme={declining ? 'negative' : 'primary'}
          size="lg"
          block
          loading={sending === 'confirm'}
          disabled={sending !== undefined}
          onClick={() => void send({ token, answer: 'confirm' })}
        >
          Confirm booking
        </Button>
      )}
      {declining ? (
        <form className="answer-decline" onSubmit={decline} noValidate aria-label="Decline">
          <ReasonField
            id={ids.reason}
            problemId={ids.reasonProblem}
            ref={reasonField}
            value={reason}
            onChange={setReason}
            problem={reasonProblem}
          />
          <div className="answer-decline__actions">
            <Button
              type="submit"
              theme="danger"
              loading={sending === 'decline'}
              disabled={sending !== undefined}
            >
              Decline request
            </Button>
            <Button
              theme="ghost"
              disabled={sending !== undefined}
              onClick={() => {
                setDeclining(false);
                setFailure(undefined);
              }}
            >
              Back
            </Button>
          </div>
        </form>
      ) : (
        <Button
          ref={declineButton}
          block
          disabled={sending !== undefined}
          onClick={() => setDeclining(true)}
        >
          Decline
        </Button>
      )}
    </section>
  );
}
