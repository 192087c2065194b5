/**
 * Paying a booking request (decisions: "Payments", "Money"; decision 089). The handlers map HTTP
 * to `payments.ts`: a start finds or opens the booking's one open payment, the provider's result
 * is applied once, and what was not due goes back through the provider. The provider's page (the
 * sandbox's hosted page here) sends the traveller back to `/success` or `/payment-failed` with a
 * signed token that `getPaymentOutcome` reads.
 */
import { eq } from 'drizzle-orm';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { tourDates, tours } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import {
  findRequest,
  forbidden,
  major,
  ownRequest,
  toPayment,
  type PaymentRow,
} from '#src/modules/bookings/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import {
  applyProviderResult,
  findPayment,
  sendRefunds,
  settleVoids,
  startPaymentOf,
} from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import { chargeSandboxPayment, sandboxPayment, sandboxProvider } from './sandbox-ledger.ts';
import {
  outcomeToken,
  pageToken,
  SANDBOX_PROVIDER_ID,
  verifyCallback,
  verifyOutcomeToken,
} from './sandbox-provider.ts';

export interface PaymentsDeps {
  db: Database;
  rates: RatesCache;
  content?: { publicUrl?: string | undefined } | undefined;
  /**
   * Signs the sandbox provider's callbacks and page links: PAYMENT_SANDBOX_SECRET, else the
   * database's generated one (decision 061), read when used.
   */
  paymentSecret: () => string;
  /** The payment provider (default: the built-in sandbox on the same database). */
  paymentProvider?: PaymentProvider | undefined;
  /** Logs what a caller cannot be told (a refund the provider refused, retried later). */
  log?: { warn(details: object, message: string): void } | undefined;
}

type PaymentOperation =
  | 'startPayment'
  | 'getPaymentStatus'
  | 'getPaymentOutcome'
  | 'paymentProviderCallback'
  | 'getPaymentQrData';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
/** How long a fast-payment QR code can be scanned. */
const QR_TTL_MS = 15 * 60_000;

/** The hosted page of a payment, reachable through the web origin (it proxies /crm/api). */
function sandboxPageUrl(payment: PaymentRow, publicUrl: string, secret: string): string {
  const url = new URL(`/crm/api/payment/sandbox/${payment.id}`, publicUrl);
  url.searchParams.set('token', pageToken(payment.id, payment.providerPaymentId, secret));
  return url.href;
}

/** Where the provider sends the traveller back: the outcome page with its signed token. */
export function outcomeUrl(
  outcome: 'success' | 'payment-failed',
  payment: PaymentRow,
  publicUrl: string,
  secret: string,
): string {
  const url = new URL(`/${outcome}`, publicUrl);
  url.searchParams.set('request_id', String(payment.requestId));
  url.searchParams.set('payment_id', String(payment.id));
  url.searchParams.set('token', outcomeToken(payment.id, secret));
  return url.href;
}

export function paymentsHandlers(deps: PaymentsDeps): Pick<ServiceHandlers, PaymentOperation> {
  const { db } = deps;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const secret = deps.paymentSecret;
  const provider = deps.paymentProvider ?? sandboxProvider(db);

  /** The payment `id` of the signed-in user's request: 404 unknown, 403 someone else's. */
  async function ownPayment(userId: number, id: number): Promise<PaymentRow> {
    const payment = await findPayment(db, id);
    if (!payment) throw notFound('Payment not found');
    await ownRequest(db, payment.requestId, userId).catch((error: unknown) => {
      throw error instanceof HttpError && error.statusCode === 404 ? forbidden() : error;
    });
    return payment;
  }

  /** Refunds are recorded first; one the provider refuses now is retried by the booking job. */
  async function refund(ids: readonly number[]) {
    if (ids.length === 0) return;
    await sendRefunds(db, provider, ids).catch((error: unknown) =>
      deps.log?.warn({ err: error, refunds: ids }, 'payments: a refund is left for the retry'),
    );
  }

  return {
    async startPayment(request) {
      const { user } = await requireSigned(db, request);
      const body = request.body;
      const booking = await ownRequest(db, body.request_id, user.id);
      const started = await startPaymentOf(db, {
        booking,
        type: body.payment_type,
        method: body.payment_method,
        key: body.idempotency_key ?? null,
        now: new Date(),
      });
      await settleVoids(db, provider, started.replaced, publicUrl);
      const { payment } = started;
      if (payment.status === 1) await provider.open(payment);
      return {
        payment: toPayment(payment),
        redirect_url:
          payment.status === 1
            ? sandboxPageUrl(payment, publicUrl, secret())
            : outcomeUrl(
                payment.status === 2 ? 'success' : 'payment-failed',
                payment,
                publicUrl,
                secret(),
              ),
      };
    },

    async getPaymentStatus(request) {
      const { user } = await requireSigned(db, request);
      return toPayment(await ownPayment(user.id, request.query.payment_id));
    },

    async getPaymentOutcome(request) {
      const { payment_id: id, token } = request.query;
      const payment = await findPayment(db, id);
      if (!payment || !verifyOutcomeToken(id, token, secret())) {
        throw notFound('Payment not found');
      }
      const booking = (await findRequest(db, payment.requestId))!;
      const [tour] = await db
        .select({ name: tours.name })
        .from(tours)
        .where(eq(tours.id, booking.tourId));
      const [date] =
        booking.tourDateId === null
          ? []
          : await db
              .select({ start: tourDates.startDate })
              .from(tourDates)
              .where(eq(tourDates.id, booking.tourDateId));
      return {
        payment: toPayment(payment),
        booking: {
          id: booking.id,
          uuid: booking.uuid,
          status: booking.status as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8,
          tour_name: tour?.name ?? '',
          start: date?.start ?? null,
          price: major(booking.price),
          paid: major(booking.paid),
          refunded: major(booking.refunded),
          currency: booking.currency,
        },
      };
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
      // The sandbox's books decide, as a real provider's would: a notice for a payment it had
      // already voided or settled otherwise is applied as the books say.
      await provider.open(payment);
      await chargeSandboxPayment(db, payment.providerPaymentId, body.status, body.card_last4);
      const books = (await sandboxPayment(db, payment.providerPaymentId))!;
      const settled = await applyProviderResult(
        db,
        {
          ...fields,
          status: books.status === 'voided' || books.status === 'open' ? 'canceled' : books.status,
          card_last4: books.cardLast4 ?? undefined,
        },
        publicUrl,
      );
      await refund(settled.refundIds);
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
