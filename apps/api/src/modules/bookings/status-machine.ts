/**
 * The booking status machine (decisions: "Booking lifecycle"): the spec's eight request statuses
 * move only through these events, decided here and nowhere else. Pure, so every rule is tested
 * without a database; `transitions.ts` applies a decision inside the transaction that holds the
 * booking's row lock. The drawing is in docs/decisions/089-booking-transactions.md.
 */

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
  | 'tour-ends';

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
