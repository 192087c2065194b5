/**
 * Paying by a fast-payment (sbp) QR code: `{base}/qr/{id}` and `{base}/qr/uuid/{uuid}`, behind the
 * `FEATURE_QR_PAYMENT` flag. The page opens (or reopens: the start is idempotent) an sbp payment,
 * shows its QR code, and polls the payment until it is paid.
 */
import type { components, GallopClient } from '@gallop/api-client';
import {
  getPaymentStatusQueryOptions,
  operationKeys,
  operationQueryKey,
} from '@gallop/api-client/query';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BookingRequest, PaymentType } from './api';
import { paymentOptions } from './status';

type PaymentQr = components['schemas']['PaymentQr'];

/** How often the page asks whether the payment went through. */
export const QR_STATUS_POLL_MS = 3000;

/** The QR code as an inline SVG (rendered on the server for the first page, no image download). */
export async function qrCodeSvg(payload: string): Promise<string> {
  // A CommonJS package: its exports are the default export in Node and in Vite's bundle.
  const { default: qrcode } = await import('qrcode');
  return qrcode.toString(payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#1d1a2bff', light: '#ffffffff' },
  });
}

export interface QrPayment extends PaymentQr {
  svg: string;
}

/**
 * The QR payment of a booking for one payment type. `attempt` 0 reuses the open sbp payment; a
 * later attempt (the code expired) opens a new payment under a fresh idempotency key. Two calls
 * and a rendering, so not one GET factory: the entry is keyed under the payment start's
 * `operationKeys` prefix with what tells the codes apart.
 */
export const qrPaymentQuery = (
  api: GallopClient<true>,
  requestId: number,
  type: PaymentType,
  attempt = 0,
) =>
  queryOptions({
    queryKey: operationQueryKey(operationKeys.startPayment, {
      request_id: requestId,
      payment_type: type,
      payment_method: 'sbp',
      attempt,
    }),
    queryFn: async (): Promise<QrPayment> => {
      const { data: started } = await api.POST('/crm/api/payment/start', {
        body: {
          request_id: requestId,
          payment_type: type,
          payment_method: 'sbp',
          ...(attempt > 0 ? { idempotency_key: `qr-${requestId}-${type}-${Date.now()}` } : {}),
        },
      });
      const { data: qr } = await api.GET('/crm/api/payment/qr-data', {
        params: { query: { payment_id: started.payment.id } },
      });
      return { ...qr, svg: await qrCodeSvg(qr.payload) };
    },
    retry: false,
    // The code is valid until it expires; the page asks for a new one then.
    staleTime: Infinity,
  });

export const paymentStatusQuery = (api: GallopClient<true>, paymentId: number) => ({
  ...getPaymentStatusQueryOptions(api, { query: { payment_id: paymentId } }),
  retry: false,
});

/** Minutes and seconds left until `expiresAt`, 'm:ss'; '0:00' once passed. */
export function timeLeft(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * For the QR routes' loaders: the signed-in owner's first QR code is made on the server, so the
 * page arrives with it. A failure here is left to the page, which shows it and offers a retry.
 */
export async function prefetchQrPayment(
  context: { api: GallopClient<true>; queryClient: QueryClient },
  booking: BookingRequest,
): Promise<void> {
  const [first] = paymentOptions(booking);
  if (!first) return;
  await context.queryClient
    .ensureQueryData(qrPaymentQuery(context.api, booking.id, first.type))
    .catch(() => undefined);
}
