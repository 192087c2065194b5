/** Test helpers of the payments module: the sandbox's hosted card page, driven like a payer. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { chargeSandboxPayment } from './sandbox-ledger.ts';
import { signCallback } from './sandbox-provider.ts';

/** The hosted page's path and token from a `redirect_url`. */
export function hostedPage(redirectUrl: string) {
  const url = new URL(redirectUrl);
  return { path: url.pathname, token: url.searchParams.get('token')! };
}

/** Submits the hosted card page of `redirectUrl` with `card` (and a valid expiry and CVC). */
export async function submitCard(
  app: FastifyInstance,
  redirectUrl: string,
  card: string,
  extra: Record<string, string> = {},
) {
  const { path, token } = hostedPage(redirectUrl);
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, card, exp: '12/30', cvc: '123', ...extra }).toString(),
  });
}

/**
 * The payer completes a payment's hosted page at the provider, and Gallop has not heard yet (a
 * charge racing a void, or a process stopped before the callback): true when it was open.
 */
export function chargeAtProvider(db: Database, providerPaymentId: string): Promise<boolean> {
  return chargeSandboxPayment(db, providerPaymentId, 'succeeded', '4242');
}

/** The provider's signed notice that `stored` succeeded, as its callback posts it. */
export function successNoticeOf(stored: { id: number; providerPaymentId: string }, secret: string) {
  return noticeOf(stored, secret, 'succeeded');
}

/** The provider's signed notice of `stored`'s result (a decline too), as its callback posts it. */
export function noticeOf(
  stored: { id: number; providerPaymentId: string },
  secret: string,
  status: 'succeeded' | 'declined',
) {
  const fields = {
    payment_id: stored.id,
    provider_payment_id: stored.providerPaymentId,
    status,
    card_last4: '4242',
  };
  return { ...fields, signature: signCallback(fields, secret) };
}

/** The provider's amounts (ISO 4217 minor units) in Gallop's hundredths, for its books. */
export { fromProviderAmount } from './provider-amounts.ts';

/**
 * The provider's books of booking `requestId`: what its charges took and what it gave back, in
 * the provider's minor units (`fromProviderAmount` turns them into Gallop's hundredths), and the
 * charges' currency. Tests compare them with Gallop's own records.
 */
export async function providerBooksOf(db: Database, requestId: number) {
  const [row] = (
    await db.execute<{ charged: string; refunded: string; currency: string | null }>(sql`
      select coalesce(sum(s.amount) filter (where s.status = 'succeeded'), 0) as charged,
             coalesce(sum(s.refunded), 0) as refunded, min(s.currency) as currency
      from payments p join sandbox_payments s on s.provider_payment_id = p.provider_payment_id
      where p.request_id = ${requestId}`)
  ).rows;
  return {
    charged: Number(row!.charged),
    refunded: Number(row!.refunded),
    currency: row!.currency,
  };
}
