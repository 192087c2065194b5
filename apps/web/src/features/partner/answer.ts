/** The answer page's rules (decision 090), kept apart from the components for tests. */
import { isApiError } from '@gallop/api-client';
import { failureText } from '../../lib/failure-text';
import { madePrepaymentLabel } from '../../lib/paid-label';
import type { OrganizerBooking, OrganizerDeparture, RequestForOrganizer } from './api';
import type { AnswerLinkSearch } from './answer-link';

type Status = RequestForOrganizer['status'];

/** Which answer the e-mailed link was for: it only chooses what the page offers first. */
export type SuggestedAnswer = 'confirm' | 'decline';

/** The link's token ('' without one), and the answer it was for (confirm unless decline). */
export function readAnswerLink(search: AnswerLinkSearch): {
  token: string;
  suggested: SuggestedAnswer;
} {
  return { token: search.token ?? '', suggested: search.answer ?? 'confirm' };
}

/**
 * Statuses 1..8 (docs/product.md, States): what the organizer reads once the request is answered.
 * Only a decline keeps a `decline_reason`: a status 6 without one is the organizer's cancel of the
 * confirmed booking (apps/api organizer-answers.ts). The request does not say why it was released
 * (7), so the sentence names every deadline that releases one (apps/api bookings/expiry.ts).
 */
export function outcomeText(request: Pick<RequestForOrganizer, 'status' | 'decline_reason'>) {
  const texts: Record<Status, string> = {
    1: 'This request is waiting for your answer.',
    2: 'Confirmed: the traveller has been asked to pay.',
    3: 'Confirmed: the traveller has paid. The seats are theirs.',
    4: 'Confirmed, and the tour is complete.',
    5: 'The traveller cancelled this booking. The seats have been released.',
    6: request.decline_reason
      ? `Declined. The traveller has been told: ${request.decline_reason}`
      : 'You cancelled this booking after confirming it. The traveller has been told, and the seats have been released.',
    7: 'Released when a deadline passed: the request was not answered in time, the traveller did not confirm their e-mail or pay in time, or the date was not confirmed by its decision day. The seats have been released.',
    8: 'Cancelled by Gallop support. The seats have been released.',
  };
  return texts[request.status];
}

/** Whether the outcome is good news for the organizer (confirmed or done) or a cancellation. */
export const isConfirmedStatus = (status: Status) => status >= 2 && status <= 4;

/** Whether the booking still goes ahead (a request, confirmed or paid): it holds seats and horses. */
export const isActiveStatus = (status: Status) => status >= 1 && status <= 3;

/**
 * A booking made signed out whose traveller has not confirmed the e-mail (`email_proof_required`):
 * the organizer cannot confirm it yet, and it is released unless the traveller confirms in time.
 */
export const EMAIL_PROOF_LABEL = 'Waiting for the traveller to confirm their e-mail';

/** A booking's status as the organizer area names it (docs/product.md, States). */
const ORGANIZER_STATUS_LABELS: Readonly<Record<Status, string>> = {
  1: 'Waiting for your answer',
  2: 'Confirmed, waiting for payment',
  3: 'Prepaid',
  4: 'Tour complete',
  5: 'Cancelled by the traveller',
  // Without the booking's reasons (the list has none), a decline and a cancel look alike.
  6: 'Declined or cancelled by you',
  7: 'Released: a deadline passed',
  8: 'Cancelled by support',
};

/**
 * Why the booking job released a booking, as its `cancel_message` words it (apps/api
 * bookings/notices.ts, `RELEASE_REASONS`), told to the organizer. The contract has no field for
 * the cause, so the words are matched; words not listed here are shown as they are.
 */
const RELEASE_LABELS: Readonly<Record<string, string>> = {
  'The organizer did not answer in time': 'Released: you did not answer in time',
  'The e-mail address was not confirmed in time':
    'Released: the traveller did not confirm their e-mail in time',
  'No payment reached us in time': 'Released: not paid in time',
};

/** `undecidedDateReason` (apps/api bookings/notices.ts): the date's decision day passed. */
const UNDECIDED_DATE = /^The organizer did not confirm the date by (.+)$/u;

/** The release's cause in the organizer's words, when `cancel_message` is one the API writes. */
export function releaseLabel(cancelMessage: string | null | undefined): string | undefined {
  if (!cancelMessage) return undefined;
  const undecided = UNDECIDED_DATE.exec(cancelMessage);
  if (undecided) return `Released: you did not confirm the date by ${undecided[1]}`;
  return RELEASE_LABELS[cancelMessage];
}

/**
 * What the label reads of a booking: the list's row, or the booking's page, which also says who
 * ended it and how (`decline_reason`, `cancel_message`) and whether its date was cancelled.
 */
interface LabelledBooking {
  status: Status;
  price: number;
  paid: number;
  /** The list's: what the paid payments brought. */
  received?: number | undefined;
  /** The page's: null unless the organizer declined. Undefined: not known (the list). */
  decline_reason?: string | null | undefined;
  cancel_message?: string | null | undefined;
  departure?: Pick<OrganizerDeparture, 'cancelled'> | null | undefined;
  /** Booked signed out, its e-mail not confirmed yet: nothing to answer before it is. */
  email_proof_required?: boolean | undefined;
}

/** Status 6 as far as the booking tells it: a decline, a cancel, and whether the date went. */
function endedByOrganizerLabel(booking: LabelledBooking): string {
  const known = booking.decline_reason !== undefined;
  // A decline answers a request, which nothing has paid yet: money received means a cancel.
  const cancelled = known ? !booking.decline_reason : (booking.received ?? 0) > 0;
  if (!known && !cancelled) return ORGANIZER_STATUS_LABELS[6];
  const label = cancelled ? 'Cancelled by you' : 'Declined by you';
  // The date's own flag: the booking may have ended before the date was cancelled, so the two
  // are said side by side, not one as the other's cause.
  return booking.departure?.cancelled ? `${label}; the date is cancelled` : label;
}

/**
 * The status the organizer reads: a prepaid booking (3) whose price is paid says so, as the
 * traveller's page does ("Paid in full"), rather than "Prepaid". `paid` is what Gallop credited
 * (never a payment's excess), and a booking still going ahead has given none of it back: its
 * `refunded` is only excess returned on arrival, so it does not count here. A booking that ended
 * says how, as far as what the reader has of it tells (the page more than the list).
 */
export function organizerStatusLabel(booking: LabelledBooking): string {
  if (booking.email_proof_required) return EMAIL_PROOF_LABEL;
  switch (booking.status) {
    case 3:
      return madePrepaymentLabel(booking);
    case 6:
      return endedByOrganizerLabel(booking);
    case 7:
      return booking.cancel_message
        ? (releaseLabel(booking.cancel_message) ?? `Released: ${booking.cancel_message}`)
        : ORGANIZER_STATUS_LABELS[7];
    default:
      return ORGANIZER_STATUS_LABELS[booking.status];
  }
}

/** What a failed answer shows, and where. */
export type AnswerFailure =
  /** The request moved on (answered otherwise, cancelled, past its deadline): reload it. */
  | { kind: 'conflict'; message: string }
  /** The reason was refused: shown under the reason field. */
  | { kind: 'reason'; message: string }
  | { kind: 'other'; message: string };

export function answerFailure(error: unknown): AnswerFailure {
  if (isApiError(error) && error.status === 409)
    return { kind: 'conflict', message: error.message };
  const reason = isApiError(error) ? error.errors.reason : undefined;
  if (reason && reason.length > 0) return { kind: 'reason', message: reason.join(' ') };
  return { kind: 'other', message: failureText(error) };
}

export const ANSWER_TEXTS = {
  reasonRequired: 'Tell the traveller why you decline: they will read it.',
  cancelReasonRequired: 'Tell the traveller why you cancel: they will read it.',
} as const;

/** What the traveller paid in, what went back to them, and what the organizer keeps. */
export interface OrganizerMoney {
  /** Everything the booking's paid payments brought, a payment beyond what was due included. */
  received: number;
  /** Everything given back: a cancellation's refund and any payment beyond what was due. */
  refunded: number;
  kept: number;
}

/**
 * The one rule for what the organizer keeps, shared by the booking page and the list. The API's
 * `refunded` counts a payment's excess given back on arrival, which its `paid` never counted, so
 * `paid - refunded` understates what stays by that excess: what stays is what the paid payments
 * brought (`received`) less `refunded`.
 */
export function organizerMoney({
  received,
  refunded,
}: Pick<OrganizerMoney, 'received' | 'refunded'>): OrganizerMoney {
  return { received, refunded, kept: Math.max(received - refunded, 0) };
}

/** What the booking page shows of the money: `organizerMoney` from its payments. */
export function refundSummary(
  booking: Pick<OrganizerBooking, 'payments' | 'refunded'>,
): OrganizerMoney & { toCard: boolean } {
  const paid = booking.payments.filter((payment) => payment.status === 2);
  const received = paid.reduce((sum, payment) => sum + payment.amount, 0);
  return {
    ...organizerMoney({ received, refunded: booking.refunded }),
    // Refunds go back the way the money came.
    toCard: paid.every((payment) => payment.payment_method === 'card'),
  };
}
