/**
 * What bookings ask of the payments module. Payments sit above bookings (a payment moves its
 * booking through the status machine), so bookings never import them: the app gives bookings
 * these calls at composition (`bookingPayments` of the payments module, src/handlers.ts, app.ts).
 * All are made outside a transaction (after a transition's commit): the provider is a network
 * call.
 */
import type { payments } from '#src/db/schema/index.ts';
import { major } from './records.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment the provider charged (`PAYMENT_STATUS.paid` of the payments module). */
export const PAID_PAYMENT = 2;

export interface BookingPayments {
  /**
   * Voids payments a transition closed, at the provider; one the payer completed first is applied
   * as its success (credited as far as due, the rest refunded).
   */
  settleVoids(voided: readonly PaymentRow[], publicUrl: string): Promise<void>;
  /**
   * Sends recorded refunds (these, or every pending one) to the provider; a failing one stays
   * pending for the booking job, and the first failure is thrown after the others were tried.
   */
  sendRefunds(ids?: readonly number[]): Promise<number>;
  /**
   * Asks the provider about open payments older than a short grace and applies what it settled
   * (a charge whose recording a crash lost is credited once), and voids again payments Gallop
   * closed whose void the provider has not confirmed (a charge found there is credited or
   * refunded once); answers how many were settled. Several processes may run it at once: each
   * claims its own payments.
   */
  reconcile(publicUrl: string, now?: Date): Promise<number>;
  /**
   * Before a booking is released for want of payment: voids its open payments (and closed ones
   * whose void is unconfirmed) at the provider, so none is charged after, and applies one the
   * payer completed first as its success (the booking is then paid and keeps its seats). Throws
   * when the provider cannot be asked.
   */
  voidBeforeRelease(requestId: number, publicUrl: string): Promise<void>;
}

/** A payment as the contract shows it (`Payment`). */
export function toPayment(row: PaymentRow) {
  return {
    id: row.id,
    request_id: row.requestId,
    status: row.status as 1 | 2 | 3,
    amount: major(row.amount),
    currency: row.currency,
    payment_type: row.paymentType,
    payment_method: row.paymentMethod,
    provider_id: row.providerId as 2 | 3 | 4 | 5,
    card_last4: row.cardLast4,
    paid_at: row.paidAt?.toISOString() ?? null,
    refunded: major(row.refunded),
    failure_reason: failureReasonOf(row),
  };
}

const FAILURE_REASONS = ['declined', 'canceled', 'voided'] as const;

/** Why a canceled payment took no money, as the contract names it; null while new or paid. */
function failureReasonOf(row: PaymentRow): (typeof FAILURE_REASONS)[number] | null {
  if (row.status !== 3) return null;
  return FAILURE_REASONS.find((reason) => reason === row.failureReason) ?? 'voided';
}
