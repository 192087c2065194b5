/**
 * Paying a booking request (decisions: "Payments"). Starting a payment is idempotent: the same
 * key, or the same unpaid payment of a request, answers the same payment. The provider's page
 * (the sandbox's hosted page here) sends the traveller back to `/success` or `/payment-failed`.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { payments } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { requireSigned } from '#src/modules/accounts/sessions.ts';
import { ownRequest, toBookingRequest, forbidden } from '#src/modules/bookings/records.ts';
import { amountDue } from '#src/modules/bookings/pricing.ts';
import type { RatesCache } from '#src/modules/money/rates.ts';
import { applyProviderResult, findPayment, toPayment, type PaymentRow } from './payments.ts';
import { pageToken, SANDBOX_PROVIDER_ID, verifyCallback } from './sandbox-provider.ts';

export interface PaymentsDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /**
   * Signs the sandbox provider's callbacks and page links: PAYMENT_SANDBOX_SECRET, else the
   * database's generated one (decision 061), read when used.
   */
  paymentSecret: () => string;
}

type PaymentOperation =
  'startPayment' | 'getPaymentStatus' | 'paymentProviderCallback' | 'getPaymentQrData';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
/** How long a fast-payment QR code can be scanned. */
const QR_TTL_MS = 15 * 60_000;

/** The hosted page of a payment, reachable through the web origin (it proxies /crm/api). */
export function sandboxPageUrl(payment: PaymentRow, publicUrl: string, secret: string): string {
  const url = new URL(`/crm/api/payment/sandbox/${payment.id}`, publicUrl);
  url.searchParams.set('token', pageToken(payment.id, payment.providerPaymentId, secret));
  return url.href;
}

export function paymentsHandlers(deps: PaymentsDeps): Pick<ServiceHandlers, PaymentOperation> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const secret = deps.paymentSecret;

  /** The payment `id` of the signed-in user's request: 404 unknown, 403 someone else's. */
  async function ownPayment(userId: number, id: number): Promise<PaymentRow> {
    const payment = await findPayment(db, id);
    if (!payment) throw notFound('Payment not found');
    await ownRequest(db, payment.requestId, userId).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404 ? forbidden() : error;
    });
    return payment;
  }

  return {
    async startPayment(request) {
      const { user } = await requireSigned(db, request);
      const body = request.body;
      const booking = await ownRequest(db, body.request_id, user.id);
      const rates = await deps.rates.get();
      const shown = await toBookingRequest(db, booking, { currency: 'USD', rates });
      if (!shown.can_pay) throw unprocessable('This booking cannot be paid now');
      const amount = amountDue(booking, body.payment_type);
      if (amount === undefined) {
        throw unprocessable('This payment is not due', {
          payment_type: ['This payment is not due'],
        });
      }
      const key = body.idempotency_key ?? null;
      // The same key, or the same unpaid payment, answers the payment already opened.
      const [open] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.requestId, booking.id),
            key === null
              ? and(
                  eq(payments.status, 1),
                  eq(payments.paymentType, body.payment_type),
                  eq(payments.paymentMethod, body.payment_method),
                  eq(payments.amount, amount),
                )
              : eq(payments.idempotencyKey, key),
          ),
        )
        .orderBy(desc(payments.id))
        .limit(1);
      if (open && key !== null && open.amount !== amount && open.status === 1) {
        throw unprocessable('This key was used for another payment', {
          idempotency_key: ['This key was used for another payment'],
        });
      }
      const payment =
        open ??
        (
          await db
            .insert(payments)
            .values({
              requestId: booking.id,
              amount,
              currency: booking.currency,
              paymentType: body.payment_type,
              paymentMethod: body.payment_method,
              providerId: SANDBOX_PROVIDER_ID,
              providerPaymentId: `sbx_${randomUUID()}`,
              idempotencyKey: key,
            })
            .onConflictDoNothing()
            .returning()
        )[0] ??
        // Two starts with one key at once: the other one inserted it.
        (
          await db
            .select()
            .from(payments)
            .where(and(eq(payments.requestId, booking.id), eq(payments.idempotencyKey, key ?? '')))
        )[0]!;
      return {
        payment: toPayment(payment),
        redirect_url: sandboxPageUrl(payment, publicUrl, secret()),
      };
    },

    async getPaymentStatus(request) {
      const { user } = await requireSigned(db, request);
      return toPayment(await ownPayment(user.id, request.query.payment_id));
    },

    async paymentProviderCallback(request) {
      const body = request.body;
      if (request.params.provider_id !== SANDBOX_PROVIDER_ID) {
        throw notFound('This payment provider is not configured');
      }
      const fields = {
        payment_id: body.payment_id,
        provider_payment_id: body.provider_payment_id,
        status: body.status,
        card_last4: body.card_last4,
      };
      if (!verifyCallback(fields, body.signature, secret())) {
        throw new HttpError(403, 'Invalid signature');
      }
      const payment = await findPayment(db, body.payment_id);
      if (!payment || payment.providerPaymentId !== body.provider_payment_id) {
        throw notFound('Payment not found');
      }
      await applyProviderResult(db, fields, publicUrl);
      return { result: true };
    },

    async getPaymentQrData(request) {
      const { user } = await requireSigned(db, request);
      const payment = await ownPayment(user.id, request.query.payment_id);
      if (payment.paymentMethod !== 'sbp') {
        throw unprocessable('This payment is not a fast payment (sbp)');
      }
      const expiresAt = new Date(payment.createdAt.getTime() + QR_TTL_MS);
      if (payment.status !== 1 || expiresAt.getTime() < Date.now()) {
        throw new HttpError(410, 'This QR code has expired');
      }
      return {
        payment_id: payment.id,
        // Scanning opens the provider's page for this payment on the phone.
        payload: sandboxPageUrl(payment, publicUrl, secret()),
        amount: payment.amount / 100,
        currency: payment.currency,
        expires_at: expiresAt.toISOString(),
      };
    },
  };
}
