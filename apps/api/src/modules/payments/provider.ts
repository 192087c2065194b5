/**
 * What Gallop asks of a payment provider (decisions: "Payments"). The built-in sandbox
 * (`sandbox-ledger.ts`) answers like a provider's test mode; a real provider plugs in behind the
 * same interface. Calls are made outside database transactions (a provider is a network call).
 *
 * Amounts cross this port in ISO 4217 minor units (`ProviderAmount`: whole yen and won, cents of
 * a euro), as Stripe-like providers count them, not in Gallop's stored hundredths: callers convert
 * with `providerPayment` / `toProviderAmount` (`provider-amounts.ts`), and the branded type keeps
 * a stored amount from being passed unconverted.
 */
import type { PaymentRow } from '#src/modules/bookings/index.ts';
import { toProviderAmount, type ProviderAmount } from './provider-amounts.ts';

export interface ProviderPayment {
  providerPaymentId: string;
  /** What to charge, in the ISO 4217 minor units of `currency` (JPY 216652 is ¥216,652). */
  amount: ProviderAmount;
  /** ISO 4217 code. */
  currency: string;
}

/** One of Gallop's payments as the provider is asked to open it: its amount in minor units. */
export function providerPayment(
  payment: Pick<PaymentRow, 'providerPaymentId' | 'amount' | 'currency'>,
): ProviderPayment {
  return {
    providerPaymentId: payment.providerPaymentId,
    amount: toProviderAmount(payment.amount, payment.currency),
    currency: payment.currency,
  };
}

/**
 * A void asked of the provider: `voided` when it was still open, `charged` when the payer had
 * completed it first (its success is applied like a callback), `closed` when it had failed.
 */
export type VoidOutcome =
  { outcome: 'voided' } | { outcome: 'charged'; cardLast4: string | null } | { outcome: 'closed' };

/**
 * What the provider's books say of a payment now (`status`): `missing` when it was never opened
 * there (the process stopped between Gallop's commit and the open), `open` while the payer may
 * still complete it, else how it ended and with which card.
 */
export interface ProviderStatus {
  status: 'missing' | 'open' | 'succeeded' | 'declined' | 'canceled' | 'voided';
  cardLast4: string | null;
}

export interface PaymentProvider {
  /** The contract's provider id (4: the card processor). */
  readonly id: 2 | 3 | 4 | 5;
  /** Opens a payment the payer completes on the provider's page; repeating it is harmless. */
  open(payment: ProviderPayment): Promise<void>;
  /**
   * What became of a payment, from the provider's own books: how Gallop finds a result whose
   * callback never came or was never applied (`reconciliation.ts`). Only reads.
   */
  status(providerPaymentId: string): Promise<ProviderStatus>;
  /** Voids an open payment (another replaced it, or its booking closed). */
  void(providerPaymentId: string): Promise<VoidOutcome>;
  /**
   * Gives `amount` (ISO 4217 minor units of the payment's currency) of a charged payment back,
   * once per `refundKey`; answers the refund's id.
   */
  refund(providerPaymentId: string, amount: ProviderAmount, refundKey: string): Promise<string>;
}
