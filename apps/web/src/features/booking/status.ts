/**
 * How the booking page names a request's status (docs/product.md, States, "Booking request
 * status").
 */
import { formatPrice } from '@gallop/currency';
import { madePrepaymentLabel } from '../../lib/paid-label';
import type { BookingRequest, PaymentType } from './api';

export const STATUS_LABELS: Readonly<Record<BookingRequest['status'], string>> = {
  1: 'Waiting for the organizer',
  2: 'Confirmed, waiting for prepayment',
  3: 'Prepaid',
  4: 'Tour complete',
  5: 'Cancelled by you',
  6: 'Cancelled by the organizer',
  7: 'Cancelled',
  8: 'Cancelled by support',
};

/** What the traveller should know next, per status. */
const STATUS_NEXT: Readonly<Record<BookingRequest['status'], string>> = {
  1: 'The organizer has not guaranteed this date yet. We will e-mail you as soon as they confirm it; you pay only after that.',
  2: 'Your seats are held for a limited time: pay to secure them.',
  3: 'Your seats are secured. The organizer will send the meeting details before the tour.',
  4: 'We hope you enjoyed the ride. Your review helps other travellers.',
  // Followed by what the cancellation refunded: `cancelledByYouRefund`.
  5: 'This booking is cancelled. The seats have been released.',
  6: 'The organizer has cancelled this booking. Everything you paid is refunded to your card.',
  7: 'This booking was released and nothing is due. You are welcome to book again.',
  8: 'Gallop support has cancelled this booking. Everything you paid is refunded to your card.',
};

export const isCancelled = (status: BookingRequest['status']) => status >= 5;

/**
 * The colour of a status badge, one per status on every page that shows it (the booking and pay
 * pages, the QR page, `/bookings`): waiting (brand purple) until paid, green once prepaid, paid or
 * complete, grey once cancelled.
 */
export type StatusTone = 'waiting' | 'paid' | 'cancelled';

export function statusTone(status: BookingRequest['status']): StatusTone {
  if (isCancelled(status)) return 'cancelled';
  return status >= 3 ? 'paid' : 'waiting';
}

/** The badge's classes (`booking.css`): `booking-status` and its tone's modifier. */
export function statusBadgeClass(status: BookingRequest['status']): string {
  const tone = statusTone(status);
  return tone === 'waiting' ? 'booking-status' : `booking-status booking-status--${tone}`;
}

/**
 * Whether the reader holds the booking's link alone, signed out or as another account: they change
 * the riders' details through the questionnaires, without weights, and nothing else (decision 165).
 */
export const readsByLink = (booking: BookingRequest): boolean => booking.reader === 'link';

const hasPrepayment = (booking: BookingRequest) =>
  booking.prepayment !== null &&
  booking.prepayment !== undefined &&
  booking.prepayment < booking.price;

/**
 * The status as this booking's money stands: a confirmed booking without a prepayment waits for
 * the full price, and a paid-up one is paid, not prepaid.
 */
export function statusLabel(booking: BookingRequest): string {
  if (booking.status === 2 && (booking.paid ?? 0) === 0 && !hasPrepayment(booking)) {
    return 'Confirmed, waiting for payment';
  }
  if (booking.status === 3) return madePrepaymentLabel(booking);
  return STATUS_LABELS[booking.status];
}

/**
 * Whether an unpaid booking's time to pay has passed: the API stops offering its owner payment at
 * the hold's end (`can_pay` false), and the booking job releases it soon after. A reader by link
 * is offered no payment at all, so for them the clock says.
 */
export function holdEnded(booking: BookingRequest, now = Date.now()): boolean {
  if (booking.status !== 2 || (booking.paid ?? 0) !== 0 || booking.email_proof_required) {
    return false;
  }
  if (!booking.hold_until) return false;
  return readsByLink(booking) ? Date.parse(booking.hold_until) <= now : !booking.can_pay;
}

/**
 * Whether the booking is over for its traveller: the tour is complete, the booking is cancelled,
 * or its time to pay has passed (the booking job releases it soon; the API still calls it active).
 * Its page then tells what happened and what was paid and refunded, and offers none of a live
 * booking's terms or actions: no cancellation policy, cancelling, paying or changing riders.
 */
export const isOver = (booking: BookingRequest, now = Date.now()): boolean =>
  booking.status >= 4 || holdEnded(booking, now);

/**
 * Whether the booking waits for a payment its reader by link may not make (`can_pay` is the
 * owner's): the page asks them to sign in as the owner. A booking confirmed, with something left
 * to pay by a day (`balance_due_by`, none once the hold has ended), its e-mail proven.
 */
export function awaitsOwnerPayment(booking: BookingRequest): boolean {
  return (
    readsByLink(booking) &&
    !booking.email_proof_required &&
    (booking.status === 2 || booking.status === 3) &&
    booking.balance_due_by !== null &&
    booking.balance_due_by !== undefined
  );
}

/** Whether the reader is signed in but not as the booking's owner: a friend holding its link. */
export const readsAnothersBooking = (booking: BookingRequest, signedIn: boolean): boolean =>
  signedIn && readsByLink(booking);

/**
 * What the traveller should know next: a declined request is named as one, a booking whose time
 * to pay has passed says so, and a booking cancelled before anything was paid promises no refund.
 */
export function statusNext(booking: BookingRequest): string {
  if (holdEnded(booking)) {
    return 'The time to pay for this booking has passed: its seats are being released, and nothing is due. You are welcome to book again.';
  }
  const nothingPaid = (booking.paid ?? 0) === 0 && (booking.refunded ?? 0) === 0;
  if (booking.status === 6 && booking.decline_reason) {
    return nothingPaid
      ? 'The organizer declined this request, so nothing is due. You are welcome to choose another date or tour.'
      : 'The organizer declined this request. Everything you paid is refunded to your card.';
  }
  if ((booking.status === 6 || booking.status === 8) && nothingPaid) {
    const who = booking.status === 6 ? 'The organizer' : 'Gallop support';
    return `${who} has cancelled this booking. Nothing was paid, so nothing is due.`;
  }
  if (booking.status === 5) return `${STATUS_NEXT[5]} ${cancelledByYouRefund(booking)}`;
  if (booking.status === 3 && booking.meeting) {
    return 'Your seats are secured. The organizer’s meeting details are below.';
  }
  return STATUS_NEXT[booking.status];
}

/**
 * What the traveller's own cancellation gave back of what was paid, by the policy accepted at
 * booking: as the e-mail of the cancellation says it (apps/api bookings/notices.ts). `refunded`
 * also counts payments given back whole because they came after the booking closed, which were
 * never part of `paid`: the cancellation's own refunds are those with its reason.
 */
function cancelledByYouRefund(booking: BookingRequest): string {
  const paid = booking.paid ?? 0;
  const refunded = booking.refunds
    ? booking.refunds
        .filter((refund) => refund.reason === 'cancellation')
        .reduce((sum, refund) => sum + refund.amount, 0)
    : (booking.refunded ?? 0);
  const money = (amount: number) => formatPrice(amount, booking.currency);
  if (paid === 0) return 'Nothing was paid, so nothing is due.';
  if (refunded >= paid) return 'Everything you paid is refunded to your card.';
  return refunded === 0
    ? `By the cancellation policy accepted at booking, nothing of the ${money(paid)} you paid is refunded.`
    : `By the cancellation policy accepted at booking, ${money(refunded)} of the ${money(paid)} you paid is refunded to your card.`;
}

/** The payment types a booking can take now, with their amounts (major units). */
export function paymentOptions(booking: BookingRequest): { type: PaymentType; amount: number }[] {
  if (!booking.can_pay) return [];
  const paid = booking.paid ?? 0;
  const left = Math.max(0, booking.price - paid);
  if (paid > 0) return left > 0 ? [{ type: 'payment', amount: left }] : [];
  const options: { type: PaymentType; amount: number }[] = [];
  if (
    booking.prepayment !== null &&
    booking.prepayment !== undefined &&
    booking.prepayment < left
  ) {
    options.push({ type: 'prepayment', amount: booking.prepayment });
  }
  options.push({ type: 'full', amount: left });
  return options;
}

export const PAYMENT_LABELS: Readonly<Record<PaymentType, string>> = {
  prepayment: 'Pay the prepayment',
  full: 'Pay in full',
  payment: 'Pay the rest',
};
