/**
 * What is left to pay of a booking, and by when, in one sentence: the traveller's booking page
 * and the organizer's say the same facts in the same words, each to its reader.
 */
import { daysUntil } from '@gallop/booking-rules';
import { formatPrice } from '@gallop/currency';
import { formatDay } from './tour-format';

/**
 * Days before the balance is due when the traveller is reminded by e-mail, farthest first: the
 * booking job's `BALANCE_REMINDER_DAYS` (apps/api, `bookings/reminders.ts`).
 */
const BALANCE_REMINDER_DAYS = [7, 2] as const;

/**
 * The reminders still ahead of `today` for a balance due by `dueBy`: those whose day is after
 * today. The job sends a reminder whose day has come or passed at once, if at all (only the
 * nearest when it finds a booking late), so on or after its day none is promised.
 */
function remindersAhead(dueBy: string, today: string): number[] {
  const daysLeft = daysUntil(dueBy, today);
  return BALANCE_REMINDER_DAYS.filter((days) => days < daysLeft);
}

/** The parts of a booking (`BookingRequest` or `OrganizerBooking`) the sentence needs. */
export interface BalanceFacts {
  status: number;
  price: number;
  paid?: number | undefined;
  prepayment?: number | null | undefined;
  currency: string;
  balance_due_by?: string | null | undefined;
}

/** The traveller pays; the organizer is paid and confirms. */
export type BalanceReader = 'traveller' | 'organizer';

const READER_WORDS: Readonly<Record<BalanceReader, { afterConfirmation: string; whom: string }>> = {
  traveller: { afterConfirmation: 'once the organizer confirms', whom: 'you' },
  organizer: { afterConfirmation: 'once you confirm', whom: 'the traveller' },
};

/** 'We remind you by e-mail 7 and 2 days before.', with the reminders still ahead; none: ''. */
function remindersText(days: readonly number[], whom: string): string {
  if (days.length === 0) return '';
  return ` We remind ${whom} by e-mail ${days.join(' and ')} days before.`;
}

/**
 * What is left to pay after the first payment, and by when (`balance_due_by`): the rest after a
 * prepayment made or still to make, or the full price of a booking without one. A day already
 * reached means now, and then no reminder is to come; `overdue` (the organizer's
 * `balance_overdue`) says a rest after a first payment was due by a day gone by.
 *
 * Only the reminders the booking job will still send are promised (`remindersAhead`): it reminds
 * a rest left after a first payment (a prepaid booking), never a full price not paid yet, which
 * its hold decides.
 */
export function balanceDueText(
  booking: BalanceFacts,
  today: string,
  reader: BalanceReader = 'traveller',
  overdue = false,
): string | undefined {
  const dueBy = booking.balance_due_by;
  const paid = booking.paid ?? 0;
  if (!dueBy || paid >= booking.price) return undefined;
  const prepaymentFirst =
    paid === 0 && booking.prepayment !== null && booking.prepayment !== undefined
      ? booking.prepayment
      : undefined;
  const left = booking.price - paid - (prepaymentFirst ?? 0);
  if (left <= 0) return undefined;
  const amount = formatPrice(left, booking.currency);
  const what =
    prepaymentFirst !== undefined
      ? `After the prepayment, the rest, ${amount},`
      : paid > 0
        ? `The rest, ${amount},`
        : `The full price, ${amount},`;
  const words = READER_WORDS[reader];
  if (overdue) return `${what} was due by ${formatDay(dueBy)} and is not paid.`;
  if (dueBy <= today) {
    return booking.status === 1
      ? `${what} is due ${words.afterConfirmation}.`
      : `${what} is due now.`;
  }
  const reminded = prepaymentFirst !== undefined || paid > 0;
  const reminders = reminded ? remindersText(remindersAhead(dueBy, today), words.whom) : '';
  return `${what} is due by ${formatDay(dueBy)}.${reminders}`;
}
