/**
 * What a cancellation gives back (decisions: "Money"; decision 091): the traveller's own
 * cancellation by the tiers accepted at booking, every other one (the organizer, the system,
 * support) everything paid. Recorded in the cancelling transaction as pending refunds against the
 * booking's charged payments, newest first; the provider is asked after the commit
 * (`sendRefunds`), and the booking job retries any it could not reach.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { bookingRequests, payments, refunds } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { tiersOfBooking, travellerRefund, type Actor } from '@gallop/booking-rules';
import { PAID_PAYMENT } from './payments-port.ts';
import type { RequestRow } from './records.ts';
import type { Transaction } from './transitions.ts';

/** The refund a cancellation by `actor` on `now` owes of the locked booking's paid amount. */
export function cancellationRefund(
  booking: RequestRow,
  actor: Actor,
  start: string | undefined,
  now: Date,
): number {
  return actor === 'traveller'
    ? travellerRefund(tiersOfBooking(booking), booking.paid, start, todayIso(now))
    : booking.paid;
}

export interface RecordedRefund {
  amount: number;
  refundIds: number[];
}

/** Records the refund of a cancelled booking in the caller's transaction. */
export async function recordCancellationRefund(
  tx: Transaction,
  booking: RequestRow,
  amount: number,
): Promise<RecordedRefund> {
  if (amount <= 0) return { amount: 0, refundIds: [] };
  const charged = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.requestId, booking.id), eq(payments.status, PAID_PAYMENT)))
    .orderBy(desc(payments.id))
    .for('update');
  let left = amount;
  const refundIds: number[] = [];
  for (const payment of charged) {
    const share = Math.min(left, payment.amount - payment.refunded);
    if (share <= 0) continue;
    const [refund] = await tx
      .insert(refunds)
      .values({
        requestId: booking.id,
        paymentId: payment.id,
        amount: share,
        currency: payment.currency,
        reason: 'cancellation',
      })
      .returning({ id: refunds.id });
    refundIds.push(refund!.id);
    await tx
      .update(payments)
      .set({ refunded: sql`${payments.refunded} + ${share}` })
      .where(eq(payments.id, payment.id));
    left -= share;
    if (left === 0) break;
  }
  const recorded = amount - left;
  if (recorded > 0) {
    await tx
      .update(bookingRequests)
      .set({ refunded: sql`${bookingRequests.refunded} + ${recorded}` })
      .where(eq(bookingRequests.id, booking.id));
  }
  return { amount: recorded, refundIds };
}
