/**
 * The addresses a payment sends the traveller to: the provider's hosted page while it is open,
 * the outcome page (`/success` or `/payment-failed`) once it is settled. Both carry a token signed
 * with the sandbox secret, so neither needs a session.
 */
import type { PaymentRow } from '#src/modules/bookings/index.ts';
import { PAYMENT_STATUS } from './payments.ts';
import { outcomeToken, pageToken } from './sandbox-provider.ts';

/** The public site and the secret that signs the links (read when a link is made). */
export interface PaymentLinks {
  publicUrl: string;
  secret: () => string;
}

/** The hosted page of a payment, reachable through the web origin (it proxies /crm/api). */
export function sandboxPageUrl(payment: PaymentRow, { publicUrl, secret }: PaymentLinks): string {
  const url = new URL(`/crm/api/payment/sandbox/${payment.id}`, publicUrl);
  url.searchParams.set('token', pageToken(payment.id, payment.providerPaymentId, secret()));
  return url.href;
}

/**
 * Where the provider sends the traveller back: the outcome page with its signed token, `/success`
 * for a paid payment and `/payment-failed` for any other.
 */
export function outcomeUrl(payment: PaymentRow, { publicUrl, secret }: PaymentLinks): string {
  const outcome = payment.status === PAYMENT_STATUS.paid ? 'success' : 'payment-failed';
  const url = new URL(`/${outcome}`, publicUrl);
  url.searchParams.set('request_id', String(payment.requestId));
  url.searchParams.set('payment_id', String(payment.id));
  url.searchParams.set('token', outcomeToken(payment.id, secret()));
  return url.href;
}
