/**
 * Riders added to a booking that has paid something (decision 192):
 * their share of the prepayment, by the terms the booking was made under (decision 186), is due
 * within the usual hold. Until it is paid the booking waits for the rest of its prepayment
 * (status 2, `paid` above 0, `hold_until` set) and each added tourist is marked `added_unpaid`;
 * a payment that covers the prepayment makes it prepaid again (2 → 3, payments' `payments.ts`).
 * When the hold ends unpaid, the booking job gives back the places of the tourists still
 * marked (`releaseUnpaidRidersIn`, `transitions.ts`), and the riders already paid for keep theirs.
 * Pure rules here; the rider change and the job apply them under the booking's row lock.
 */
import {
  inCurrency,
  paidBookingStatus,
  prepaidAt,
  prepaymentOfPaidBooking,
  quote,
  STATUS,
  wholeUnits,
} from '@gallop/booking-rules';
import type { tourDates } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { perRiderPrice, priceWith, type RequestRow } from './records.ts';

type DateRow = typeof tourDates.$inferSelect;

/**
 * The prepayment of a booking whose rider count changed: the prepayment terms it was booked
 * under applied to the new price, in the booking's currency. A date's terms changed since apply
 * to later bookings only: the traveller agreed to these. When the whole price falls due (the
 * full-payment days before the start) still follows the date, as every reader of it does.
 * A booking that kept no terms (none without a date does) takes its date's, a fixed amount
 * converted at the booking's own rate.
 */
export function prepaymentFor(
  row: RequestRow,
  date: DateRow,
  riders: number,
  nonRiders: number,
  now: Date,
): number | null {
  const rate = row.exchangeRate ?? 1;
  const current = inCurrency(date, (minor) => wholeUnits((minor / 100) * rate));
  const agreed =
    row.prepaymentType === null
      ? current
      : { ...current, prepaymentType: row.prepaymentType, prepaymentSize: row.prepaymentSize };
  return quote({ ...agreed, price: perRiderPrice(row) }, riders, todayIso(now), {
    count: nonRiders,
    price: row.nonRiderPrice ?? 0,
  }).prepayment;
}

/** A tourist of the booking after a change: whether it rides, and whether it is paid for yet. */
export interface PartyMember {
  rides: boolean;
  unpaid: boolean;
}

/** How a booking that has paid stands after its travellers changed. */
export interface PaidParty {
  status: typeof STATUS.pendingPrepayment | typeof STATUS.madePrepayment;
  prepayment: number;
  /** Until when the added tourists' places are held unpaid; null once all are paid for. */
  holdUntil: Date | null;
  /**
   * What the tourists already paid for cost: a change may not price them below what was paid
   * (support refunds that), since the unpaid ones may be given back at the hold's end.
   */
  paidForPrice: number;
  /** Whether the tourists marked unpaid stay so (else every mark is cleared). */
  unpaidStay: boolean;
}

/**
 * Whether the booking's tourists marked `added_unpaid` still wait for their payment: only while
 * the booking has paid something and waits for the rest of its prepayment. Once it is prepaid
 * again the marks are stale (a payment clears no marks: payments know nothing of tourists).
 */
export const waitsForAddedRiders = (row: Pick<RequestRow, 'status' | 'paid'>) =>
  row.status === STATUS.pendingPrepayment && row.paid > 0;

/**
 * The booking `row`, which has paid something, with `party` as its travellers (the tourists
 * added by this change marked unpaid). `termsPrepayment`: what the booking's agreed terms ask of
 * the whole party now (`prepaymentFor`: null when the whole price is due at once). `now` and
 * `holdHours`: a hold starts when a paid-up booking first gets riders it has not paid for; more
 * riders added meanwhile do not extend it.
 */
export function paidPartyAfter(
  row: RequestRow,
  party: readonly PartyMember[],
  termsPrepayment: number | null,
  { now, holdHours }: { now: Date; holdHours: number },
): PaidParty {
  const riders = party.filter((t) => t.rides).length;
  const price = priceWith(row, riders, party.length - riders);
  const unpaid = party.filter((t) => t.unpaid);
  const unpaidRiders = unpaid.filter((t) => t.rides).length;
  const unpaidPrice = priceWith(row, unpaidRiders, unpaid.length - unpaidRiders);
  const prepayment = prepaymentOfPaidBooking({
    price,
    paid: row.paid,
    termsPrepayment,
    unpaidPrice,
  });
  const balance = { price, prepayment, paid: row.paid };
  // Nothing left unpaid to give back: what was paid covers the party as it is (a defensive case,
  // a party whose own terms outgrew what it paid without any addition).
  if (paidBookingStatus(balance) === STATUS.madePrepayment || unpaid.length === 0) {
    // A prepaid booking keeps the prepayment it paid (as before any of this); one prepaid again
    // takes what its tourists now ask, never more than was paid.
    const kept = row.status === STATUS.madePrepayment && row.prepayment !== null;
    return {
      status: STATUS.madePrepayment,
      prepayment: kept
        ? Math.min(row.prepayment!, row.paid)
        : Math.min(prepaidAt(balance), row.paid),
      holdUntil: null,
      paidForPrice: price,
      unpaidStay: false,
    };
  }
  const holding = waitsForAddedRiders(row) && row.holdUntil !== null;
  return {
    status: STATUS.pendingPrepayment,
    prepayment,
    holdUntil: holding ? row.holdUntil : new Date(now.getTime() + holdHours * 3_600_000),
    paidForPrice: price - unpaidPrice,
    unpaidStay: true,
  };
}

/** A stored tourist, as the rule of a removal reads it. */
interface StoredMember {
  id: number;
  rides: boolean;
  addedUnpaid: boolean;
}

/**
 * Whether booking `row` may lose tourist `goneId` of `party` by the rule of `changeRidersIn`:
 * what was paid stays within the price of the tourists it pays for (all of them once what was
 * paid covers the prepayment, else only those not waiting for their share, which the hold's end
 * may give back); otherwise support refunds the removal. Always true before anything is paid.
 */
export function removalKeepsPaid(
  row: RequestRow,
  date: DateRow | undefined,
  party: readonly StoredMember[],
  goneId: number,
  now: Date,
): boolean {
  if (row.paid === 0) return true;
  const left = party
    .filter((t) => t.id !== goneId)
    .map((t) => ({ rides: t.rides, unpaid: waitsForAddedRiders(row) && t.addedUnpaid }));
  const riders = left.filter((t) => t.rides).length;
  const price = priceWith(row, riders, left.length - riders);
  if (!date) return price >= row.paid;
  const terms = prepaymentFor(row, date, riders, left.length - riders, now);
  return paidPartyAfter(row, left, terms, { now, holdHours: 0 }).paidForPrice >= row.paid;
}
