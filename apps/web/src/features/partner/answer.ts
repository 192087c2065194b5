/** The answer page's rules (decision 090), kept apart from the components for tests. */
import { isApiError } from '@gallop/api-client';
import { failureText } from '../../lib/failure-text';
import { madePrepaymentLabel } from '../../lib/paid-label';
import type { OrganizerBooking, RequestForOrganizer } from './api';
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
 */
export function outcomeText(request: Pick<RequestForOrganizer, 'status' | 'decline_reason'>) {
  const texts: Record<Status, string> = {
    1: 'This request is waiting for your answer.',
    2: 'Confirmed: the traveller has been asked to pay.',
    3: 'Confirmed: the traveller has paid. The seats are theirs.',
    4: 'Confirmed, and the tour is complete.',
    5: 'The traveller cancelled this booking. The seats have been released.',
    6: `Declined. The traveller has been told: ${request.decline_reason ?? ''}`.trim(),
    7: 'Cancelled: the request was not answered in time, or the traveller did not pay in time. The seats have been released.',
    8: 'Cancelled by Gallop support. The seats have been released.',
  };
  return texts[request.status];
}

/** Whether the outcome is good news for the organizer (confirmed or done) or a cancellation. */
export const isConfirmedStatus = (status: Status) => status >= 2 && status <= 4;

/** Whether the booking still goes ahead (a request, confirmed or paid): it holds seats and horses. */
export const isActiveStatus = (status: Status) => status >= 1 && status <= 3;

/** Full years of a rider on a day: shared with the booking form's rider fit. */

// Fixed month names and numeric parts: ICU versions differ in punctuation, and the server and
// the hydrating render must print the same text (see lib/tour-format.ts).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * '14:30, 15 Dec 2026' in the browser's own zone (`local`), else in UTC with the zone named:
 * the server and the hydrating render do not know the browser's zone.
 */
export function formatMoment(isoDateTime: string, local: boolean): string | undefined {
  const moment = new Date(isoDateTime);
  if (Number.isNaN(moment.getTime())) return undefined;
  const [year, month, day, hours, minutes] = local
    ? [
        moment.getFullYear(),
        moment.getMonth(),
        moment.getDate(),
        moment.getHours(),
        moment.getMinutes(),
      ]
    : [
        moment.getUTCFullYear(),
        moment.getUTCMonth(),
        moment.getUTCDate(),
        moment.getUTCHours(),
        moment.getUTCMinutes(),
      ];
  const text = `${twoDigits(hours)}:${twoDigits(minutes)}, ${day} ${MONTHS[month]} ${year}`;
  return local ? text : `${text} UTC`;
}

/**
 * 'Answer by' deadlines of the organizer area: '4 Dec, 14:00' in the browser's own zone
 * (`local`), else in UTC with the zone named (see `formatMoment`).
 */
export function formatDeadline(isoDateTime: string, local: boolean): string | undefined {
  const moment = new Date(isoDateTime);
  if (Number.isNaN(moment.getTime())) return undefined;
  const [month, day, hours, minutes] = local
    ? [moment.getMonth(), moment.getDate(), moment.getHours(), moment.getMinutes()]
    : [moment.getUTCMonth(), moment.getUTCDate(), moment.getUTCHours(), moment.getUTCMinutes()];
  const text = `${day} ${MONTHS[month]}, ${twoDigits(hours)}:${twoDigits(minutes)}`;
  return local ? text : `${text} UTC`;
}

/** A booking's status as the organizer area names it (docs/product.md, States). */
const ORGANIZER_STATUS_LABELS: Readonly<Record<Status, string>> = {
  1: 'Waiting for your answer',
  2: 'Confirmed, waiting for payment',
  3: 'Prepaid',
  4: 'Tour complete',
  5: 'Cancelled by the traveller',
  6: 'Declined or cancelled by you',
  7: 'Released: no answer or no payment in time',
  8: 'Cancelled by support',
};

/**
 * The status the organizer reads: a prepaid booking (3) whose price is paid says so, as the
 * traveller's page does ("Paid in full"), rather than "Prepaid". `paid` is what Gallop credited
 * (never a payment's excess), and a booking still going ahead has given none of it back: its
 * `refunded` is only excess returned on arrival, so it does not count here.
 */
export function organizerStatusLabel(booking: {
  status: Status;
  price: number;
  paid: number;
}): string {
  return booking.status === 3
    ? madePrepaymentLabel(booking)
    : ORGANIZER_STATUS_LABELS[booking.status];
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
