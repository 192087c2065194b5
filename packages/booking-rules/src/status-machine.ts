/**
 * The booking status machine (decisions: "Booking lifecycle"): the spec's eight request statuses
 * move only through these events, raised by these actors, decided here and nowhere else (a
 * booking that has paid is prepaid or waits for the rest of its prepayment by its money,
 * `paidBookingStatus`). Pure, so every rule is tested without a database; the API's `bookings/transitions.ts` applies a
 * decision inside the transaction that holds the booking's row lock. The drawing is in
 * docs/decisions/089-booking-transactions.md and 090-organizer-answers.md.
 */
import { prepaidAt, type Balance } from './pricing';

export const STATUS = {
  pendingConfirm: 1,
  pendingPrepayment: 2,
  madePrepayment: 3,
  tourComplete: 4,
  canceledByTourist: 5,
  canceledByAuthor: 6,
  canceledBySystem: 7,
  canceledByAdmin: 8,
} as const;

export type BookingStatus = (typeof STATUS)[keyof typeof STATUS];

/** Statuses that hold seats and can still change. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = [1, 2, 3];
/** Statuses of a cancelled booking: its seats are free again. */
export const CANCELED_STATUSES: readonly BookingStatus[] = [5, 6, 7, 8];

export type BookingEvent =
  | 'organizer-confirms'
  | 'organizer-declines'
  | 'organizer-cancels'
  | 'traveller-cancels'
  | 'deadline-passes'
  | 'support-cancels'
  | 'payment-arrives'
  | 'tour-ends'
  /** A not-guaranteed date reached its minimum group: its waiting requests are confirmed. */
  | 'minimum-reached';

export type Decision =
  | { kind: 'move'; to: BookingStatus }
  | { kind: 'unchanged' }
  | { kind: 'refused'; message: string };

/** Each event: the statuses it leaves from, and where it goes. */
const RULES: Record<BookingEvent, { from: readonly BookingStatus[]; to: BookingStatus }> = {
  'organizer-confirms': { from: [1], to: 2 },
  'organizer-declines': { from: [1], to: 6 },
  'organizer-cancels': { from: [2, 3], to: 6 },
  'traveller-cancels': { from: [1, 2, 3], to: 5 },
  'deadline-passes': { from: [1, 2], to: 7 },
  'support-cancels': { from: [1, 2, 3], to: 8 },
  // A further payment of a prepaid booking keeps it prepaid (3 → 3, below).
  'payment-arrives': { from: [2], to: 3 },
  'tour-ends': { from: [3], to: 4 },
  // The date runs, so a request waiting for the organizer is confirmed as if they had answered.
  'minimum-reached': { from: [1], to: 2 },
};

const WHY_NOT: Record<BookingStatus, string> = {
  1: 'This booking is waiting for the organizer to confirm it',
  2: 'This booking is confirmed and waiting for its prepayment',
  3: 'This booking is already paid',
  4: 'This tour has already taken place',
  5: 'This booking was cancelled by the traveller',
  6: 'This booking was cancelled by the organizer',
  7: 'This booking was cancelled because its deadline passed',
  8: 'This booking was cancelled by support',
};

export const isActive = (status: number): boolean =>
  (ACTIVE_STATUSES as readonly number[]).includes(status);

export const releasesSeats = (from: number, to: number): boolean =>
  isActive(from) && (CANCELED_STATUSES as readonly number[]).includes(to);

/**
 * What `event` does to a booking in `status`: a move, nothing (the event already happened: a
 * repeated cancel, a second payment of a prepaid booking), or a refusal with the reason.
 */
export function decide(status: BookingStatus, event: BookingEvent): Decision {
  const rule = RULES[event];
  if (rule.from.includes(status)) return { kind: 'move', to: rule.to };
  if (status === rule.to || (event === 'payment-arrives' && status === STATUS.madePrepayment)) {
    return { kind: 'unchanged' };
  }
  return { kind: 'refused', message: WHY_NOT[status] };
}

/**
 * The status of a live booking that has paid something, by its money (decision 192): prepaid (3) while what it paid covers its prepayment (`prepaidAt`), confirmed
 * and waiting for the rest of its prepayment (2) while riders added since hold places it does not
 * cover yet. Its riders' changes move it between the two (never through an event: neither is
 * left, the booking stays live); a payment moves it 2 → 3 as any other ('payment-arrives').
 */
export function paidBookingStatus(balance: Pick<Balance, 'price' | 'prepayment' | 'paid'>) {
  return balance.paid >= prepaidAt(balance) ? STATUS.madePrepayment : STATUS.pendingPrepayment;
}

/** Who raises an event: the traveller, the tour's organizer, the booking job, support, the provider. */
export type Actor = 'traveller' | 'organizer' | 'system' | 'support' | 'provider';

const ACTORS: Record<BookingEvent, Actor> = {
  'organizer-confirms': 'organizer',
  'organizer-declines': 'organizer',
  'organizer-cancels': 'organizer',
  'traveller-cancels': 'traveller',
  'deadline-passes': 'system',
  'support-cancels': 'support',
  'payment-arrives': 'provider',
  'tour-ends': 'system',
  'minimum-reached': 'system',
};

const NOT_YOURS: Record<Actor, string> = {
  traveller: 'Only the traveller who booked can do this',
  organizer: 'Only the organizer of this tour can do this',
  system: 'This happens on its own when its time comes',
  support: 'Only Gallop support can do this',
  provider: 'Only the payment provider can report a payment',
};

/** What the machine needs to know of a booking besides its status. */
export interface BookingFacts {
  status: BookingStatus;
  /** Until when the organizer may answer a request (status 1); null: no deadline. */
  respondBy: Date | null;
  /** The tour's first and last day (YYYY-MM-DD); undefined for a tour on request. */
  start: string | undefined;
  end: string | undefined;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Why a request past its `respondBy` is neither answered by its organizer nor confirmed by its date. */
const ANSWER_TIME_PASSED = 'The time to answer this request has passed';

/** Time rules: when an allowed move may not happen yet, or any more. */
function tooLateOrEarly(facts: BookingFacts, event: BookingEvent, now: Date): string | undefined {
  const today = dayOf(now);
  const started = facts.start !== undefined && facts.start <= today;
  switch (event) {
    // The date's guarantee confirms a request as if its organizer had answered: not once the
    // time to answer passed. Such a request is unanswered, and the booking job releases it
    // (1 → 7, 'deadline-passes'), as "Cancel this date" treats it too.
    case 'organizer-confirms':
    case 'organizer-declines':
    case 'minimum-reached':
      if (facts.respondBy !== null && now.getTime() > facts.respondBy.getTime()) {
        return ANSWER_TIME_PASSED;
      }
      return started ? 'The tour has already started' : undefined;
    case 'traveller-cancels':
      return started ? 'This booking can no longer be cancelled: the tour has started' : undefined;
    case 'organizer-cancels':
      return started ? 'The tour has already started' : undefined;
    case 'tour-ends':
      return facts.end === undefined || facts.end >= today
        ? 'The tour has not ended yet'
        : undefined;
    default:
      return undefined;
  }
}

/**
 * `decide` for one actor at one moment: who may raise the event first, then the status rule (a
 * repeated event is `unchanged`), then the event's time rule.
 */
export function decideFor(
  facts: BookingFacts,
  event: BookingEvent,
  actor: Actor,
  now: Date,
): Decision {
  if (ACTORS[event] !== actor) return { kind: 'refused', message: NOT_YOURS[ACTORS[event]] };
  const decision = decide(facts.status, event);
  if (decision.kind !== 'move') return decision;
  const timing = tooLateOrEarly(facts, event, now);
  return timing ? { kind: 'refused', message: timing } : decision;
}

/** Every event, for exhaustive tests and documentation. */
export const EVENTS = Object.keys(ACTORS) as BookingEvent[];
export const ACTOR_OF = ACTORS;
