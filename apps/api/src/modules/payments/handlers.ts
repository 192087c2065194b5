/**
 * Paying a booking request (decisions: "Payments", "Money"; decision 089). The handlers map HTTP
 * to the services of `traveller-payments.ts` and `sandbox-callback.ts` over `payments.ts`: a start
 * finds or opens the booking's one open payment, the provider's result is applied once, and what
 * was not due goes back through the provider. The provider's page (the sandbox's hosted page here)
 * sends the traveller back to `/success` or `/payment-failed` with a signed token that
 * `getPaymentOutcome` reads.
 */
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { DEFAULT_HOLD_HOURS, toPayment } from '#src/modules/bookings/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import type { Settling } from './payments.ts';
import type { PaymentProvider } from './provider.ts';
import { readThroughProvider } from './reconciliation.ts';
import { acceptSandboxCallback } from './sandbox-callback.ts';
import { sandboxProvider } from './sandbox-ledger.ts';
import {
  ownPayment,
  paymentOutcome,
  paymentQrData,
  startBookingPayment,
} from './traveller-payments.ts';

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
  log?: Settling['log'];
  /** Hours a confirmed, unpaid booking holds its seats (`BOOKING_HOLD_HOURS`, default 72). */
  bookingHoldHours?: number | undefined;
}

type PaymentOperation =
  | 'startPayment'
  | 'getPaymentStatus'
  | 'getPaymentOutcome'
  | 'paymentProviderCallback'
  | 'getPaymentQrData';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';

export function paymentsHandlers(deps: PaymentsDeps): Pick<ServiceHandlers, PaymentOperation> {
  const { db } = deps;
  const provider = deps.paymentProvider ?? sandboxProvider(db);
  const links = {
    publicUrl: deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL,
    secret: deps.paymentSecret,
  };
  const settling: Settling = { db, provider, publicUrl: links.publicUrl, log: deps.log };
  const holdHours = deps.bookingHoldHours ?? DEFAULT_HOLD_HOURS;

  return {
    async startPayment(request) {
      const { user } = await requireSigned(db, request);
      return startBookingPayment({ db, provider, holdHours, ...links }, user.id, request.body);
    },

    async getPaymentStatus(request) {
      const { user } = await requireSigned(db, request);
      const payment = await ownPayment(db, user.id, request.query.payment_id);
      return toPayment(await readThroughProvider(settling, payment));
    },

    async getPaymentOutcome(request) {
      const { payment_id: id, token } = request.query;
      return paymentOutcome(db, id, token, links.secret);
    },

    async paymentProviderCallback(request) {
      await acceptSandboxCallback(settling, links.secret, request.params.provider_id, request.body);
      return { result: true };
    },

    async getPaymentQrData(request) {
      const { user } = await requireSigned(db, request);
      return paymentQrData(await ownPayment(db, user.id, request.query.payment_id), links);
    },
  };
}
