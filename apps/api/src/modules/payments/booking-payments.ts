/**
 * The calls bookings make on payments (`BookingPayments`), over one provider: the app gives them
 * to the bookings module at composition, since bookings cannot import payments.
 */
import type { Database } from '#src/db/client.ts';
import type { BookingPayments } from '#src/modules/bookings/index.ts';
import { sendRefunds, settleVoids, type Settling } from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import { reconcilePayments, voidBeforeRelease } from './reconciliation.ts';
import { sandboxProvider } from './sandbox-ledger.ts';

export function bookingPayments(
  db: Database,
  provider: PaymentProvider = sandboxProvider(db),
  log?: Settling['log'],
): BookingPayments {
  const settling = (publicUrl: string): Settling => ({ db, provider, publicUrl, log });
  return {
    settleVoids: (voided, publicUrl) => settleVoids(db, provider, voided, publicUrl),
    sendRefunds: (ids) => sendRefunds(db, provider, ids),
    reconcile: (publicUrl, now) => reconcilePayments(settling(publicUrl), { now }),
    voidBeforeRelease: (requestId, publicUrl) => voidBeforeRelease(settling(publicUrl), requestId),
  };
}
