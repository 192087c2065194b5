/**
 * A cancellation and what follows its commit (decision 091): the move through the status machine
 * (seats released, open payments closed, the refund recorded, everyone told), then the provider is
 * told: closed payments voided, the refund sent. A refund the provider does not take now stays
 * pending and the booking job retries it, so the cancellation's answer never waits on it.
 */
import type { Database } from '#src/db/client.ts';
import type { BookingPayments } from './payments-port.ts';
import { transitionBooking, type TransitionRequest, type TransitionResult } from './transitions.ts';

export interface SettleDeps {
  db: Database;
  payments: BookingPayments;
  publicUrl: string;
  /** Told when a refund stays pending for the booking job. */
  onRefundPending?: (error: unknown) => void;
}

export async function cancelAndSettle(
  deps: SettleDeps,
  id: number,
  request: TransitionRequest,
): Promise<TransitionResult> {
  const result = await transitionBooking(deps.db, id, request);
  await settleCancellation(deps, result);
  return result;
}

/**
 * What follows a cancellation's commit: the payments it closed voided at the provider, the
 * refunds it recorded sent. Also for the cancellations of a whole date (`departures.ts`), each
 * settled once the date's transaction committed.
 */
export async function settleCancellation(
  deps: Omit<SettleDeps, 'db'>,
  result: Pick<TransitionResult, 'closedPayments' | 'refundIds'>,
): Promise<void> {
  if (result.closedPayments.length > 0) {
    await deps.payments.settleVoids(result.closedPayments, deps.publicUrl);
  }
  if (result.refundIds.length > 0) {
    await deps.payments
      .sendRefunds(result.refundIds)
      .catch(deps.onRefundPending ?? (() => undefined));
  }
}
