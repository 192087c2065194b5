/**
 * Payments of booking requests: finding or opening a payment, and applying the provider's answer
 * exactly once (a repeated callback changes nothing).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { bookingRequests, outbox, payments, tours } from '#src/db/schema/index.ts';
import { CONTRACT_STATUS, STATUS, major } from '#src/modules/bookings/records.ts';
import { bookingUrl } from '#src/modules/bookings/messages.ts';
import { openMeeting } from '#src/modules/meetings/meetings.ts';
import type { CallbackFields } from './sandbox-provider.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function findPayment(db: Database, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

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
  };
}

/**
 * Applies the provider's result to a new payment and its request, once: the payment row is
 * locked, and a payment that is no longer new is left as it is (answers false).
 */
export async function applyProviderResult(
  db: Database,
  result: CallbackFields,
  publicUrl: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.id, result.payment_id),
          eq(payments.providerPaymentId, result.provider_payment_id),
        ),
      )
      .for('update');
    if (!payment || payment.status !== 1) return false;
    const now = new Date();
    if (result.status !== 'succeeded') {
      await tx
        .update(payments)
        .set({ status: 3, failureReason: result.status, updatedAt: now })
        .where(eq(payments.id, payment.id));
      return true;
    }
    await tx
      .update(payments)
      .set({ status: 2, cardLast4: result.card_last4 ?? null, paidAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id));
    const [before] = await tx
      .select({ status: bookingRequests.status })
      .from(bookingRequests)
      .where(eq(bookingRequests.id, payment.requestId))
      .for('update');
    // Money that arrives for a booking cancelled meanwhile is recorded, and support refunds it:
    // the booking is not revived (its seats may be gone).
    const stillOpen =
      before?.status === STATUS.pendingPrepayment || before?.status === STATUS.madePrepayment;
    const [request] = await tx
      .update(bookingRequests)
      .set({
        paid: sql`${bookingRequests.paid} + ${payment.amount}`,
        ...(stillOpen
          ? { status: STATUS.madePrepayment, contractStatus: CONTRACT_STATUS.prepaid }
          : { contractStatus: CONTRACT_STATUS.terminatedAfterPayment }),
        updatedAt: now,
      })
      .where(eq(bookingRequests.id, payment.requestId))
      .returning();
    // The first payment concludes the contract: the organizer gets the meeting page link.
    if (stillOpen) await openMeeting(tx, request!, publicUrl);
    const [tour] = await tx
      .select({ name: tours.name })
      .from(tours)
      .where(eq(tours.id, request!.tourId));
    const amount = `${(payment.amount / 100).toFixed(2)} ${payment.currency}`;
    await tx.insert(outbox).values({
      kind: 'payment-received',
      channel: 'email',
      recipient: request!.contactEmail,
      subject: `Payment received for booking #${request!.id}`,
      body: stillOpen
        ? `Hello ${request!.contactName},\n\nWe received your payment of ${amount} for "${tour?.name ?? 'your tour'}" (booking #${request!.id}).${request!.paid < request!.price ? ` ${((request!.price - request!.paid) / 100).toFixed(2)} ${payment.currency} is left to pay before the tour.` : ' Your booking is paid in full.'}\n\nYour booking: ${bookingUrl(request!, publicUrl)}\n\nThe Gallop team`
        : `Hello ${request!.contactName},\n\nYour payment of ${amount} arrived after booking #${request!.id} had been cancelled. Our support team will refund it within a few days.\n\nThe Gallop team`,
      payload: { requestId: request!.id, paymentId: payment.id },
    });
    return true;
  });
}
