/**
 * The organizer answers a request on a date it has not guaranteed (decisions: "Booking
 * lifecycle"; decision 090): each such request e-mails the organizer signed Confirm and Decline
 * links, valid until the response deadline. The links open the web's answer page, which reads
 * and answers through `getRequestForAnswer` / `answerRequest`. Answering moves the booking
 * through the status machine under its row lock (1 → 2 or 6); answering again the same way
 * changes nothing. Unanswered, the booking job releases the request at the deadline (1 → 7).
 */
import { asc, eq } from 'drizzle-orm';
import type { components } from '@gallop/api-client';
import type { Database } from '#src/db/client.ts';
import {
  bookingTourists,
  organizers,
  tourDates,
  tours,
  type outbox,
} from '#src/db/schema/index.ts';
import { isActive } from '@gallop/booking-rules';
import { notFound, unprocessable } from '#src/http/http-error.ts';
import { signToken, verifyToken } from '#src/modules/sessions/index.ts';
import { findRequest, major, toTourist, type RequestRow } from './records.ts';
import { retryOnDeadlock } from './deadlocks.ts';
import {
  guaranteeDate,
  transitionBooking,
  type TransitionRequest,
  type TransitionResult,
} from './transitions.ts';
import { GUEST_HOLD_MINUTES } from './guests.ts';
import { organizerGuaranteeText, type Guarantee } from './messages.ts';
import { partyText } from './party-text.ts';
import {
  dateText,
  displayDay,
  displayInstant,
  money,
  organizerBookingUrl,
  partyLines,
  type RiderFacts,
} from './wording.ts';

type OutboxValues = typeof outbox.$inferInsert;
export type RequestForOrganizer = components['schemas']['RequestForOrganizer'];

/** The token of a request's Confirm and Decline links. */
function answerToken(requestId: number, secret: string): string {
  return signToken(secret, { answer: requestId });
}

/** The request a token names, or 404 (forged, altered, or not a request's answer token). */
export async function requestOfToken(
  db: Database,
  token: string,
  secret: string,
): Promise<RequestRow> {
  const payload = verifyToken(secret, token);
  const id = payload?.answer;
  const row = typeof id === 'number' ? await findRequest(db, id) : undefined;
  if (!row) throw notFound('This link is not valid');
  return row;
}

/** The web page of a request's answer links (`?answer=decline` opens the reason first). */
function answerUrl(
  requestId: number,
  secret: string,
  publicUrl: string,
  answer: 'confirm' | 'decline',
) {
  const url = new URL('/partner/answer', publicUrl);
  url.searchParams.set('token', answerToken(requestId, secret));
  url.searchParams.set('answer', answer);
  return url.href;
}

interface TourFacts {
  name: string;
  organizerEmail: string | null;
  start: string | null;
  end: string | null;
}

async function tourFacts(db: Database, row: RequestRow): Promise<TourFacts> {
  const [tour] = await db
    .select({ name: tours.name, organizerEmail: organizers.email })
    .from(tours)
    .innerJoin(organizers, eq(organizers.id, tours.organizerId))
    .where(eq(tours.id, row.tourId));
  const [date] =
    row.tourDateId === null
      ? []
      : await db
          .select({ start: tourDates.startDate, end: tourDates.endDate })
          .from(tourDates)
          .where(eq(tourDates.id, row.tourDateId));
  return {
    name: tour?.name ?? '',
    organizerEmail: tour?.organizerEmail ?? null,
    start: date?.start ?? null,
    end: date?.end ?? null,
  };
}

/**
 * A booking made signed out, still going ahead, whose e-mail nobody proved yet (no account holds
 * it): it cannot be confirmed (`AWAITING_EMAIL`) and its short hold ends unless the traveller
 * proves the address, which tells the organizer (`claimGuestBookings`).
 */
export const emailProofRequired = (row: Pick<RequestRow, 'userId' | 'status'>) =>
  row.userId === null && isActive(row.status);

/** The request as its organizer sees it: riders with ages and weights, comment, money. */
export async function toRequestForOrganizer(
  db: Database,
  row: RequestRow,
): Promise<RequestForOrganizer> {
  const facts = await tourFacts(db, row);
  const riders = await db
    .select()
    .from(bookingTourists)
    .where(eq(bookingTourists.requestId, row.id))
    .orderBy(asc(bookingTourists.position));
  return {
    id: row.id,
    status: row.status as RequestForOrganizer['status'],
    tour_name: facts.name,
    start: facts.start,
    end: facts.end,
    seats: row.seats,
    tourists: riders.map((rider) => toTourist(rider, 'organizer', false)),
    comment: row.comment,
    contact_name: row.contactName,
    price: major(row.price),
    currency: row.currency as RequestForOrganizer['currency'],
    respond_by: row.status === 1 ? (row.respondBy?.toISOString() ?? null) : null,
    email_proof_required: emailProofRequired(row),
    decline_reason: row.declineReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the organizer's e-mail about a new booking reads of it besides its row. */
export interface NewBookingFacts {
  request: RequestRow;
  tour: { name: string; organizerName: string; maxRiderWeightKg: number };
  /** The booked date; none for a tour on request. */
  date: { startDate: string; endDate: string; variantName?: string | null } | undefined;
  /** The riders and non-riders as booked. */
  tourists: readonly RiderFacts[];
  organizerEmail: string;
  secret: string;
  publicUrl: string;
  /** The guarantee this booking brought, if it completed its date's minimum group. */
  guarantee?: Guarantee | undefined;
}

/**
 * The organizer's e-mail about a new booking: to answer (status 1, with the Confirm and Decline
 * links), or to know (status 2). It names the date, the variant and every rider as the organizer
 * allocates horses, and links the booking's page. When the booking completed its date's minimum
 * group it also tells the guarantee: one e-mail for the one moment. A request made signed out
 * says it waits for its e-mail's proof first (its Confirm link answers once proven,
 * `AWAITING_EMAIL`): the claim that proves it tells the organizer it can be answered
 * (`claimGuestBookings`).
 */
export function newRequestForOrganizer(facts: NewBookingFacts): OutboxValues {
  const { request, tour, date, publicUrl, guarantee } = facts;
  const price = money(request.price, request.currency);
  const on = date ? ` on ${dateText(date)}` : '';
  const party = partyLines(facts.tourists, tour, date?.startDate);
  const comment = request.comment ? `\n\nTheir comment: ${request.comment}` : '';
  const page = `The booking: ${organizerBookingUrl(request, publicUrl)}`;
  const waiting = request.status === 1;
  // Booked signed out: nothing is confirmed on an address nobody proved (`AWAITING_EMAIL`).
  const unproven = request.userId === null;
  const until = request.respondBy ? ` until ${displayInstant(request.respondBy)}` : '';
  const proofFirst = `They booked without signing in, so the ${waiting ? 'request' : 'booking'} waits for them to confirm their e-mail address within ${GUEST_HOLD_MINUTES} minutes; unconfirmed, it is released.`;
  const news = waiting
    ? `${request.contactName} asks to book "${tour.name}"${on} for ${partyText(request)} (${price}).`
    : `${request.contactName} booked "${tour.name}"${on} for ${partyText(request)} (${price}).${guarantee ? '' : ' The date is guaranteed, so the booking is confirmed without your answer.'}${unproven ? ` ${proofFirst}` : ''}`;
  const links = `Confirm${unproven ? ' (once they have confirmed their e-mail)' : ''}: ${answerUrl(request.id, facts.secret, publicUrl, 'confirm')}\nDecline: ${answerUrl(request.id, facts.secret, publicUrl, 'decline')}`;
  const next = !waiting
    ? guarantee
      ? `${organizerGuaranteeText(guarantee, publicUrl)}\n\n${page}`
      : page
    : `${unproven ? `${proofFirst} Until then it cannot be confirmed; we will e-mail you when they confirm it. ` : ''}The date is not guaranteed, so the booking waits for your answer${until}; unanswered, it is released.\n\n${links}\n\n${page}`;
  const subject = waiting
    ? unproven
      ? `Booking request #${request.id}, to answer once the traveller confirms their e-mail: ${tour.name}`
      : `Please answer booking request #${request.id}: ${tour.name}`
    : guarantee
      ? `New booking #${request.id}, the ride on ${displayDay(guarantee.date.startDate)} is guaranteed: ${tour.name}`
      : `New booking #${request.id}: ${tour.name}`;
  return {
    kind: waiting
      ? 'request-to-answer'
      : guarantee
        ? 'organizer-date-guaranteed'
        : 'booking-for-organizer',
    channel: 'email',
    recipient: facts.organizerEmail,
    subject,
    body: `Hello ${tour.organizerName},\n\n${news}\n\n${party}${comment}\n\n${next}\n\nThe Gallop team`,
    payload: {
      requestId: request.id,
      ...(guarantee ? { event: 'minimum-reached', tourDateId: guarantee.date.id } : {}),
    },
  };
}

export interface AnswerDeps {
  db: Database;
  secret: string;
  publicUrl: string;
  holdHours: number;
  now: Date;
}

export interface OrganizerAnswer {
  answer: 'confirm' | 'decline';
  reason?: string | undefined;
}

/** The organizer's reason, trimmed; 422 (`reason`: Required field) when it is blank. */
export function requiredReason(reason: string | undefined): string {
  const trimmed = reason?.trim() ?? '';
  if (!trimmed)
    throw unprocessable('Please tell the traveller why', { reason: ['Required field'] });
  return trimmed;
}

/**
 * Confirms or declines the request behind `token` (the e-mailed links). A decline needs a reason.
 * Confirming starts the traveller's hold to pay from now.
 */
export async function answerRequest(
  deps: AnswerDeps,
  input: OrganizerAnswer & { token: string },
): Promise<TransitionResult> {
  const row = await requestOfToken(deps.db, input.token, deps.secret);
  return answerRequestRow(deps, row, input);
}

/**
 * Confirms or declines `row` as its organizer: from the e-mailed links (`answerRequest`) or the
 * signed-in organizer area, once the caller has checked who may answer. Confirming a request on
 * a date not guaranteed guarantees the date in the same transaction (decision 148): the other
 * requests waiting on it are confirmed, and everyone booked on it is told once.
 */
export async function answerRequestRow(
  deps: Pick<AnswerDeps, 'db' | 'publicUrl' | 'holdHours' | 'now'>,
  row: RequestRow,
  input: OrganizerAnswer,
): Promise<TransitionResult> {
  const notify = { publicUrl: deps.publicUrl };
  const request =
    input.answer === 'decline'
      ? organizerDecline(requiredReason(input.reason), deps.now, notify)
      : organizerConfirm(deps, notify);
  return retryOnDeadlock(() => transitionBooking(deps.db, row.id, request));
}

/**
 * Why a request made signed out cannot be confirmed yet: its e-mail is not proven (no account
 * holds it). Confirming runs the date for good (decision 148), and an address nobody proves is
 * released within `GUEST_HOLD_MINUTES`; the claim that proves it tells the organizer.
 */
const AWAITING_EMAIL =
  'The traveller has not confirmed their e-mail address yet: the request can be confirmed once they have';

/**
 * The organizer's confirmation (1 → 2) of a request whose traveller proved the address
 * (`AWAITING_EMAIL` otherwise): the traveller's hold to pay starts now, and the booking's date,
 * when not guaranteed, runs (`guaranteeDate`, told in the confirmation's own notices).
 */
function organizerConfirm(
  deps: Pick<AnswerDeps, 'holdHours' | 'now'>,
  notify: TransitionRequest['notify'],
): TransitionRequest {
  return {
    event: 'organizer-confirms',
    actor: 'organizer',
    now: deps.now,
    // Read under the booking's lock, as the claim that proves the address sets it.
    refuse: (locked) => (locked.userId === null ? AWAITING_EMAIL : undefined),
    // Proven (above): the traveller's hold to pay starts now.
    changes: () => ({
      respondBy: null,
      holdUntil: new Date(deps.now.getTime() + deps.holdHours * 3_600_000),
    }),
    notify,
    // The transition locked the date's row before the booking's: the guarantee locks the
    // other bookings on it after both, in the order every booking transaction takes them.
    guarantee: (tx, moved) =>
      moved.tourDateId === null
        ? Promise.resolve(undefined)
        : guaranteeDate(tx, moved.tourDateId, 'organizer', {
            now: deps.now,
            holdHours: deps.holdHours,
            notify,
            announcingId: moved.id,
            announcedInChat: true,
          }),
  };
}

/** The organizer's decline of a request (1 → 6) with the reason the traveller reads. */
export function organizerDecline(
  reason: string,
  now: Date,
  notify: TransitionRequest['notify'],
): TransitionRequest {
  return {
    event: 'organizer-declines',
    actor: 'organizer',
    now,
    changes: () => ({
      respondBy: null,
      declineReason: reason,
      cancelMessage: reason,
      canceledAt: now,
    }),
    notify,
  };
}
