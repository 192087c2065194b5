/** The emails a booking sends to its contact, through the outbox, and the guarantee's words. */
import type { outbox, tourDates } from '#src/db/schema/index.ts';
import type { RequestRow } from './records.ts';
import { partyText } from './party-text.ts';
import {
  counted,
  dateText,
  displayDay,
  displayInstant,
  money,
  organizerBookingUrl,
} from './wording.ts';

type OutboxValues = typeof outbox.$inferInsert;
type TourDateRow = typeof tourDates.$inferSelect;

/**
 * What the traveller pays first: the prepayment when the booking has one, else the full price
 * (a date without prepayment, or a booking made within its full-payment days).
 */
function firstPayment(booking: Pick<RequestRow, 'prepayment' | 'price'>): string {
  return booking.prepayment !== null && booking.prepayment < booking.price
    ? 'the prepayment'
    : 'the full price';
}

/** The first payment with its amount: "the prepayment, US$400". */
export function firstPaymentText(
  booking: Pick<RequestRow, 'prepayment' | 'price' | 'currency'>,
): string {
  const amount =
    booking.prepayment !== null && booking.prepayment < booking.price
      ? booking.prepayment
      : booking.price;
  return `${firstPayment(booking)}, ${money(amount, booking.currency)}`;
}

/** The booking's own page: opens by its link key, no sign-in needed. */
export function bookingUrl(request: Pick<RequestRow, 'uuid'>, publicUrl: string): string {
  return new URL(`/booking/uuid/${request.uuid}`, publicUrl).href;
}

/**
 * What guaranteed a date: its minimum group reached (decision 111), or its organizer, who
 * confirmed a request on it or chose to run it (decision 148).
 */
export type GuaranteeCause = 'minimum' | 'organizer';

/** A date became guaranteed: the date, and every live booking on it. */
export interface Guarantee {
  /** The date, already guaranteed. */
  date: TourDateRow;
  /** Every live booking on it; `confirmed` when the guarantee confirmed it (1 -> 2). */
  told: readonly { booking: RequestRow; confirmed: boolean }[];
  cause: GuaranteeCause;
}

/** Why the date runs, for the travellers: "the group reached its minimum of 4 riders". */
function whyItRuns(date: Pick<TourDateRow, 'minRiders'>, cause: GuaranteeCause): string {
  return cause === 'minimum'
    ? `the group reached its minimum of ${counted(date.minRiders ?? 1, 'rider')}, so the date runs`
    : 'the organizer confirmed that the date runs';
}

/**
 * What a confirmed booking's traveller does next, by `by` (" by 9 December 2026, 10:00 UTC"):
 * pay; or, for a booking made signed out whose e-mail nobody proved yet (no account holds it),
 * prove the address first, since such a booking cannot be paid (decision 089) and its short hold
 * ends unproven.
 */
function confirmedNextStep(
  booking: Pick<RequestRow, 'id' | 'userId' | 'prepayment' | 'price' | 'currency'>,
  by: string,
): string {
  return booking.userId === null
    ? `Booking #${booking.id} is confirmed. To keep the seats, confirm your e-mail address${by}: open your booking and sign in with the one-time code we send to this address. Then pay ${firstPaymentText(booking)}.`
    : `Booking #${booking.id} is confirmed: pay ${firstPaymentText(booking)}, to secure the seats${by}.`;
}

/** The guarantee in words, to one traveller and to the booking's chat (decisions 111, 148). */
export function guaranteeWording(
  date: Pick<TourDateRow, 'startDate' | 'minRiders'>,
  booking: RequestRow,
  confirmed: boolean,
  cause: GuaranteeCause = 'minimum',
): { subject: string; forTraveller: string; forChat: string } {
  const day = displayDay(date.startDate);
  const group = whyItRuns(date, cause);
  const by = booking.holdUntil ? ` by ${displayInstant(booking.holdUntil)}` : '';
  return {
    subject: `Your ride on ${day} is guaranteed`,
    forTraveller: `Your ride on ${day} is guaranteed: ${group}.${confirmed ? ` ${confirmedNextStep(booking, by)}` : ''}`,
    forChat: `The ride on ${day} is guaranteed: ${group}.${confirmed ? ` Booking #${booking.id} is confirmed without waiting for an answer: ${firstPaymentText(booking)}, is due${by}.` : ''}`,
  };
}

/** The guarantee in words for the organizer, with each booking on the date and its page. */
export function organizerGuaranteeText(guarantee: Guarantee, publicUrl: string): string {
  const day = displayDay(guarantee.date.startDate);
  const lines = guarantee.told
    .map(
      ({ booking, confirmed }) =>
        `- #${booking.id} ${booking.contactName}, ${partyText(booking)}${confirmed ? ': confirmed now' : ''} ${organizerBookingUrl(booking, publicUrl)}`,
    )
    .join('\n');
  const why =
    guarantee.cause === 'minimum'
      ? `The ride on ${day} reached its minimum of ${counted(guarantee.date.minRiders ?? 1, 'rider')}, so it is guaranteed`
      : `You confirmed that the ride on ${day} runs, so it is guaranteed`;
  return `${why}: the requests waiting for your answer are confirmed and new bookings on it are confirmed at once. A cancellation does not take the guarantee back.\n\nBookings on this date:\n${lines}`;
}

/** What happens next for a booking waiting for its organizer's answer, and by when. */
function waitingText(request: RequestRow): string {
  if (!request.respondBy) {
    return 'The organizer will answer your request soon; we will e-mail you their answer.';
  }
  return `The organizer answers by ${displayInstant(request.respondBy)}. If they do not answer by then, the request is released and nothing is due; we will e-mail you either way.`;
}

/**
 * The greeting of an e-mail to a booking's contact: by the name typed only when the contact's
 * address is proven to be the booking's account's (`contactProven`). Anyone can book as a guest
 * with another person's address, so a name there would let them make Gallop send any inbox a text
 * of theirs ("Hello Claim your refund at https://…,"); docs/security.md, "No typed name to
 * unconfirmed addresses".
 */
function contactGreeting(request: Pick<RequestRow, 'contactName'>, contactProven: boolean): string {
  return contactProven ? `Hello ${request.contactName},` : 'Hello,';
}

/**
 * The greeting of a later e-mail about a booking (a status change, a reminder, a payment, the
 * meeting details): by name once an account holds the booking, which a guest's booking joins only
 * when its address is proven (`claimGuestBookings`); a guest booking's release or decline, sent
 * to an address nobody proved, greets no typed name (see `contactGreeting`).
 */
export function bookingGreeting(booking: Pick<RequestRow, 'contactName' | 'userId'>): string {
  return contactGreeting(booking, booking.userId !== null);
}

/**
 * The traveller's e-mail about a new booking. When this booking completed its date's minimum
 * group (`guarantee`), it is the one e-mail that tells both: the booking, and the guarantee that
 * confirmed it (kind `date-guaranteed`, as every traveller on the date gets).
 */
export function bookingReceivedMessage({
  request,
  tourName,
  date,
  publicUrl,
  guestHoldMinutes,
  guarantee,
  contactProven = false,
  holdEnd = null,
}: {
  request: RequestRow;
  tourName: string;
  /** The booked date; its variant ("Private room") is named when it has one. */
  date: { startDate: string; endDate: string; variantName?: string | null } | undefined;
  publicUrl: string;
  /** Set for a booking made signed out: its seats wait this long for the address's proof. */
  guestHoldMinutes?: number | undefined;
  /** The guarantee this booking brought, if it completed its date's minimum group. */
  guarantee?: Guarantee | undefined;
  /**
   * The contact's address is the booking's account's, confirmed: only then is it greeted by the
   * name typed (`contactGreeting`). A guest's address never is.
   */
  contactProven?: boolean | undefined;
  /** When the seats of a confirmed, unpaid booking are released (`holdEndsAt`), if ever. */
  holdEnd?: Date | null | undefined;
}): OutboxValues {
  const link = bookingUrl(request, publicUrl);
  // A guest's seats wait for the address's proof first (`next` says so): no payment deadline yet.
  const by =
    holdEnd && guestHoldMinutes === undefined
      ? ` by ${displayInstant(holdEnd)}; unpaid, the booking is released`
      : '';
  const when = date ? ` on ${dateText(date)}` : '';
  const guaranteed = guarantee
    ? guaranteeWording(guarantee.date, request, request.status === 2, guarantee.cause)
    : undefined;
  const status = guaranteed
    ? guaranteed.forTraveller
    : request.status === 2
      ? `Your place is confirmed. Pay ${firstPaymentText(request)}, to secure it${by}.`
      : waitingText(request);
  const next =
    guestHoldMinutes !== undefined
      ? `To keep your seats, confirm this e-mail address within ${guestHoldMinutes} minutes: open your booking and sign in with the one-time code we send to this address. If you did not make this booking, ignore this e-mail and the seats are released. Your booking:`
      : 'Your booking:';
  const subject = guaranteed
    ? `${guaranteed.subject} (booking #${request.id}): ${tourName}`
    : request.status === 2
      ? `Booking #${request.id} is confirmed: ${tourName}`
      : `Booking request #${request.id}: ${tourName}`;
  return {
    kind: guaranteed ? 'date-guaranteed' : 'booking-received',
    channel: 'email',
    recipient: request.contactEmail,
    subject,
    body: `${contactGreeting(request, contactProven && guestHoldMinutes === undefined)}\n\nWe have your booking request #${request.id} for "${tourName}"${when} for ${partyText(request)}.\n\n${status}\n\n${next} ${link}\n\nThe Gallop team`,
    payload: {
      requestId: request.id,
      link,
      ...(guarantee ? { event: 'minimum-reached', tourDateId: guarantee.date.id } : {}),
    },
  };
}

/**
 * A signed-in traveller's new booking as its chat's line, read by both sides: what was booked and
 * what it waits for (the organizer's answer, a payment). When it completed its date's minimum
 * group (`guaranteed`, its words) the one line tells that too.
 */
export function newBookingChatLine({
  request,
  date,
  holdEnd,
  guaranteed,
}: {
  request: RequestRow;
  date: { startDate: string; endDate: string; variantName?: string | null } | undefined;
  holdEnd: Date | null;
  guaranteed?: { forChat: string } | undefined;
}): string {
  const booked = `#${request.id} for ${partyText(request)}${date ? ` on ${dateText(date)}` : ''}`;
  if (guaranteed) return `New booking ${booked}. ${guaranteed.forChat}`;
  if (request.status === 1) {
    const until = request.respondBy ? ` until ${displayInstant(request.respondBy)}` : '';
    return `New booking request ${booked}: it waits for the organizer's answer${until}; unanswered, it is released.`;
  }
  const first = firstPaymentText(request);
  const by = holdEnd ? ` by ${displayInstant(holdEnd)}` : '';
  return `Booking ${booked} is confirmed: the date is guaranteed. ${first.charAt(0).toUpperCase()}${first.slice(1)}, is due${by}.`;
}

/**
 * Why a whole date was called off (decision 148): its organizer cancelled it ("Cancel this
 * date", with their reason), or its decision day passed without a guarantee (the reason is
 * `undecidedDateReason`'s "The organizer did not confirm the date by …").
 */
export interface DateCallOff {
  cause: 'organizer' | 'decision-day';
  reason: string;
  /** The date called off: its id, first day and decision day. */
  date: Pick<TourDateRow, 'id' | 'startDate' | 'decisionDate'>;
}

/** A reason as the middle of a sentence: its own full stop dropped. */
const withoutStop = (reason: string) => reason.replace(/[.!?…]+$/u, '');

/**
 * The call-off of a booking's date in words, to its traveller and to its chat: the date was
 * cancelled by the organizer (with their reason) or not confirmed by its decision day, so the
 * booking ends; and what it means for the money (`money` the sentence about it).
 */
export function calledOffWording(
  callOff: DateCallOff,
  booking: Pick<RequestRow, 'id'>,
  money: { forTraveller: string; neutral: string },
): { subject: string; forTraveller: string; forChat: string; forSupport: string } {
  const day = displayDay(callOff.date.startDate);
  const id = `#${booking.id}`;
  const reason = withoutStop(callOff.reason);
  const [subject, news] =
    callOff.cause === 'organizer'
      ? [
          `Your ride on ${day} is cancelled`,
          `The organizer cancelled the ride on ${day}: the date does not run, so booking ${id} is cancelled. Reason: ${reason}.`,
        ]
      : [
          `Your ride on ${day} does not run`,
          `${reason}, its decision day, so the ride on ${day} does not run and booking ${id} is cancelled.`,
        ];
  return {
    subject,
    forTraveller: `${news} ${money.forTraveller} You are welcome to choose another date or tour.`,
    forChat: `${news} ${money.neutral}`,
    forSupport: `${news} ${money.neutral}`,
  };
}

/** What a call-off did to one booking on the date, for the organizer's one e-mail. */
export interface CalledOffBooking {
  booking: RequestRow;
  /** Declined (a waiting request), released (nothing due) or cancelled (confirmed or paid). */
  ended: 'declined' | 'released' | 'cancelled';
  /** What its cancellation refunded, minor units of the booking's currency. */
  refunded: number;
}

/** The call-off in words for the organizer, with each booking it ended and its page. */
export function organizerCalledOffText(
  callOff: DateCallOff,
  bookings: readonly CalledOffBooking[],
  publicUrl: string,
): { subject: string; body: string } {
  const day = displayDay(callOff.date.startDate);
  const moneyOf = ({ booking, refunded }: CalledOffBooking) =>
    booking.paid === 0
      ? 'nothing was paid, nothing is charged'
      : refunded >= booking.paid
        ? `all ${money(booking.paid, booking.currency)} paid is refunded`
        : `${money(refunded, booking.currency)} of the ${money(booking.paid, booking.currency)} paid is refunded`;
  const lines = bookings
    .map(
      (ended) =>
        `- #${ended.booking.id} ${ended.booking.contactName}, ${partyText(ended.booking)}: ${ended.ended}, ${moneyOf(ended)} ${organizerBookingUrl(ended.booking, publicUrl)}`,
    )
    .join('\n');
  const reason = withoutStop(callOff.reason);
  const why =
    callOff.cause === 'organizer'
      ? `You cancelled the ride on ${day}, so it does not run and takes no more bookings. Each traveller booked on it is told, with your reason: ${reason}.`
      : `You did not confirm the ride on ${day} by its decision day${callOff.date.decisionDate ? `, ${displayDay(callOff.date.decisionDate)}` : ''}, so it does not run and takes no more bookings. Each traveller booked on it is told.`;
  const list =
    bookings.length === 0
      ? 'Nobody was booked on it.'
      : `Bookings ended (${counted(bookings.length, 'booking')}):\n${lines}`;
  return {
    subject:
      callOff.cause === 'organizer'
        ? `You cancelled the ride on ${day}`
        : `The ride on ${day} does not run`,
    body: `${why}\n\n${list}`,
  };
}
