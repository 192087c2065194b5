/**
 * What Gallop asks of a payment provider (decisions: "Payments"). The built-in sandbox
 * (`sandbox-ledger.ts`) answers like a provider's test mode; a real provider plugs in behind the
 * same interface. Calls are made outside database transactions (a provider is a network call).
 */

export interface ProviderPayment {
  providerPaymentId: string;
  amount: number;
  currency: string;
}

/**
 * A void asked of the provider: `voided` when it was still open, `charged` when the payer had
 * completed it first (its success is applied like a callback), `closed` when it had failed.
 */
export type VoidOutcome =
  { outcome: 'voided' } | { outcome: 'charged'; cardLast4: string | null } | { outcome: 'closed' };

export interface PaymentProvider {
  /** The contract's provider id (4: the card processor). */
  readonly id: 2 | 3 | 4 | 5;
  /** Opens a payment the payer completes on the provider's page; repeating it is harmless. */
  open(payment: ProviderPayment): Promise<void>;
  /** Voids an open payment (another replaced it, or its booking closed). */
  void(providerPaymentId: string): Promise<VoidOutcome>;
  /** Gives `amount` of a charged payment back, once per `refundKey`; answers the refund's id. */
  refund(providerPaymentId: string, amount: number, refundKey: string): Promise<string>;
}
