/**
 * The traveller's payment calls (decision 089): starting a booking's payment, reading one of
 * their payments and its fast-payment QR code, and the outcome page the provider sends them back
 * to. They take the database (and the provider and links they need) and answer the contract's
 * shapes; a refusal is an `HttpError` (403, 404, 410, 422).
 */
import type { components } from '@gallop/api-client';
import type { Database } from '#src/db/client.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  findRequest,
  forbidden,
  major,
  ownRequest,
  toPayment,
  type PaymentRow,
} from '#src/modules/bookings/index.ts';
import { outcomeUrl, sandboxPageUrl, type PaymentLinks } from './payment-links.ts';
import {
  findPayment,
  openAtProvider,
  PAYMENT_STATUS,
  qrExpired,
  qrExpiresAt,
  settleVoids,
  startPaymentOf,
  tourAndDateOf,
} from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import { verifyOutcomeToken } from './sandbox-provider.ts';

type Schemas = components['schemas'];

/** What starting a payment needs: the database, the provider and the links it answers. */
export interface PaymentStarting extends PaymentLinks {
  db: Database;
  provider: PaymentProvider;
  /** Hours a confirmed, unpaid booking holds its seats: no payment starts after them. */
  holdHours: number;
}

/**
 * Starts (or finds) the payment of the user's booking request: open payments it replaces are
 * voided at the provider, and the answer sends the traveller to the provider's page, or to the
 * outcome page when the payment is already settled.
 */
export async function startBookingPayment(
  { db, provider, holdHours, ...links }: PaymentStarting,
  userId: number,
  start: Schemas['PaymentStart'],
): Promise<Schemas['PaymentStarted']> {
  const booking = await ownRequest(db, start.request_id, userId);
  const started = await startPaymentOf(db, {
    booking,
    type: start.payment_type,
    method: start.payment_method,
    key: start.idempotency_key ?? null,
    now: new Date(),
    holdHours,
  });
  await settleVoids(db, provider, started.replaced, links.publicUrl);
  const payment =
    started.payment.status === PAYMENT_STATUS.new
      ? await openAtProvider(db, provider, started.payment, links.publicUrl)
      : started.payment;
  return {
    payment: toPayment(payment),
    redirect_url:
      payment.status === 1 ? sandboxPageUrl(payment, links) : outcomeUrl(payment, links),
  };
}

/** The payment `id` of the signed-in user's request: 404 unknown, 403 someone else's. */
export async function ownPayment(db: Database, userId: number, id: number): Promise<PaymentRow> {
  const payment = await findPayment(db, id);
  if (!payment) throw notFound('Payment not found');
  await ownRequest(db, payment.requestId, userId).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 404 ? forbidden() : error;
  });
  return payment;
}

/** The QR code of an open fast payment (sbp): 422 for a card payment, 410 once it expired. */
export function paymentQrData(payment: PaymentRow, links: PaymentLinks): Schemas['PaymentQr'] {
  if (payment.paymentMethod !== 'sbp') {
    throw unprocessable('This payment is not a fast payment (sbp)');
  }
  if (payment.status !== 1 || qrExpired(payment, new Date())) {
    throw new HttpError(410, 'This QR code has expired');
  }
  return {
    payment_id: payment.id,
    // Scanning opens the provider's page for this payment on the phone.
    payload: sandboxPageUrl(payment, links),
    amount: payment.amount / 100,
    currency: payment.currency,
    expires_at: qrExpiresAt(payment).toISOString(),
  };
}

/** What the outcome page shows of a payment and its booking; 404 unless the token is its own. */
export async function paymentOutcome(
  db: Database,
  id: number,
  token: string,
  secret: () => string,
): Promise<Schemas['PaymentOutcome']> {
  const payment = await findPayment(db, id);
  if (!payment || !verifyOutcomeToken(id, token, secret())) {
    throw notFound('Payment not found');
  }
  const booking = (await findRequest(db, payment.requestId))!;
  const { tour, date } = await tourAndDateOf(db, booking);
  return {
    payment: toPayment(payment),
    booking: {
      id: booking.id,
      uuid: booking.uuid,
      status: booking.status as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8,
      tour_name: tour?.name ?? '',
      start: date?.startDate ?? null,
      price: major(booking.price),
      paid: major(booking.paid),
      refunded: major(booking.refunded),
      currency: booking.currency,
    },
  };
}
