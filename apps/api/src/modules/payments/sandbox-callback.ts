/**
 * The sandbox provider's signed notice of a payment's result (`paymentProviderCallback`): checked
 * (provider, signature, payment), then applied as the sandbox's books say.
 */
import type { components } from '@gallop/api-client';
import { HttpError, notFound } from '#src/http/http-error.ts';
import { findPayment, settlePayment, type Settling } from './payments.ts';
import { providerPayment } from './provider.ts';
import { chargeSandboxPayment, sandboxPayment } from './sandbox-ledger.ts';
import { SANDBOX_PROVIDER_ID, verifyCallback } from './sandbox-provider.ts';

/**
 * Applies a provider's callback once: 404 for another provider or an unknown payment, 403 for a
 * bad signature. A repeated callback changes nothing.
 */
export async function acceptSandboxCallback(
  settling: Settling,
  secret: () => string,
  providerId: number,
  notice: components['schemas']['PaymentCallback'],
): Promise<void> {
  if (providerId !== SANDBOX_PROVIDER_ID) {
    throw notFound('This payment provider is not configured');
  }
  const fields = {
    payment_id: notice.payment_id,
    provider_payment_id: notice.provider_payment_id,
    status: notice.status,
    card_last4: notice.card_last4,
  };
  if (!verifyCallback(fields, notice.signature, secret())) {
    throw new HttpError(403, 'Invalid signature');
  }
  const payment = await findPayment(settling.db, notice.payment_id);
  if (!payment || payment.providerPaymentId !== notice.provider_payment_id) {
    throw notFound('Payment not found');
  }
  // The sandbox's books decide, as a real provider's would: a notice for a payment it had
  // already voided or settled otherwise is applied as the books say.
  await settling.provider.open(providerPayment(payment));
  await chargeSandboxPayment(
    settling.db,
    payment.providerPaymentId,
    notice.status,
    notice.card_last4,
  );
  const books = (await sandboxPayment(settling.db, payment.providerPaymentId))!;
  await settlePayment(settling, payment, {
    status: books.status === 'voided' || books.status === 'open' ? 'canceled' : books.status,
    cardLast4: books.cardLast4 ?? undefined,
  });
}
