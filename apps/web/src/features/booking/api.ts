/**
 * The booking calls of the web app (docs/product.md, Calls, "Booking", and the payment calls of
 * decisions.md). Failures reject with `ApiError`; loaders turn 404 into the 404 page and 403 into
 * the 403 page.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import {
  getBookingRequestByUuidQueryOptions,
  getBookingRequestQueryOptions,
  getTourForRequestQueryOptions,
  getTouristsInfoQueryOptions,
  listBookingRequestsQueryOptions,
  operationKeys,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { rememberLastRequest, requestAttribution } from '../../lib/request-attribution';

export type BookingRequest = components['schemas']['BookingRequest'];
export type BookingInput = components['schemas']['BookingRequestInput'];
export type Tour = components['schemas']['Tour'];
export type PaymentType = components['schemas']['PaymentType'];
/** The signed-in traveller (the routes read the session and pass it down). */
export type Traveller = components['schemas']['UserProfile'];

/** The booking form's tour: its dates and prices in the visitor's currency. */
export const tourForRequestQuery = (api: GallopClient<true>, tourId: number) =>
  getTourForRequestQueryOptions(api, { query: { id: tourId } });

export const bookingQuery = (api: GallopClient<true>, id: number) => ({
  ...getBookingRequestQueryOptions(api, { query: { id } }),
  retry: false,
});

export const bookingByUuidQuery = (api: GallopClient<true>, uuid: string) => ({
  ...getBookingRequestByUuidQueryOptions(api, { query: { uuid } }),
  retry: false,
});

/** A booking as the API answered a change: both its entries (by id and by link key) show it. */
export function storeBooking(
  queryClient: QueryClient,
  api: GallopClient<true>,
  booking: BookingRequest,
) {
  queryClient.setQueryData(bookingQuery(api, booking.id).queryKey, booking);
  queryClient.setQueryData(bookingByUuidQuery(api, booking.uuid).queryKey, booking);
}

/** Every booking loaded by id or by link key is read again (it changed meanwhile: 409). */
export async function refetchBookings(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [operationKeys.getBookingRequest, operationKeys.getBookingRequestByUuid].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** A loader's API failure as the route's error: 404 is the 404 page, the rest as it is. */
export function asRouteError(error: unknown): unknown {
  return isApiError(error) && error.status === 404 ? notFound() : error;
}

/** The signed-in traveller's bookings, newest first. */
export const myBookingsQuery = (api: GallopClient<true>, page = 1) => ({
  ...listBookingRequestsQueryOptions(api, { query: { page, 'per-page': 20 } }),
  retry: false,
});

export type TouristsInfo = components['schemas']['TouristsInfo'];
export type Tourist = components['schemas']['Tourist'];
export type TouristInput = components['schemas']['TouristInput'];

/** The riders of a booking, opened by its link key (the add-tourists page). */
export const touristsInfoQuery = (api: GallopClient<true>, uuid: string) => ({
  ...getTouristsInfoQueryOptions(api, { query: { uuid } }),
  retry: false,
});

/** Adds riders; `idempotencyKey` makes a retry of the same submission add them once. */
export async function addTourists(
  api: GallopClient<true>,
  uuid: string,
  tourists: TouristInput[],
  idempotencyKey: string,
): Promise<TouristsInfo> {
  const { data } = await api.POST('/crm/api/request/add-tourists', {
    params: { query: { uuid }, header: { 'Idempotency-Key': idempotencyKey } },
    body: { tourists },
  });
  return data;
}

/**
 * Sets the riders of the owner's booking: riders sent with their id are updated, new ones added,
 * missing ones removed. Answers the booking with its new price; 409 / 422 carry the reason.
 */
export async function updateTourists(
  api: GallopClient<true>,
  requestId: number,
  tourists: TouristInput[],
): Promise<BookingRequest> {
  const { data } = await api.POST('/crm/api/request/update-tourists', {
    params: { query: { request_id: requestId } },
    body: { tourists },
  });
  return data;
}

/**
 * Books; `idempotencyKey` makes a retry of the same submission book once. The request carries the
 * visitor's stored campaign tags and subscriber id; in the browser the new request's id is kept
 * in the `last_request_id` cookie.
 */
export async function createBooking(
  api: GallopClient<true>,
  input: BookingInput,
  idempotencyKey: string,
): Promise<BookingRequest> {
  const inBrowser = typeof document !== 'undefined';
  const { data } = await api.POST('/crm/api/request/create', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: { ...(inBrowser ? requestAttribution(document.cookie) : {}), ...input },
  });
  if (inBrowser) rememberLastRequest(data.id);
  return data;
}

/**
 * Cancels the booking; `expectedRefund` is what the page showed would come back: should cancelling
 * now give back less (a tier's day passed since), the API answers 409 and nothing changes.
 */
export async function cancelBooking(
  api: GallopClient<true>,
  id: number,
  expectedRefund?: number | null,
): Promise<BookingRequest> {
  const body = {
    id,
    ...(typeof expectedRefund === 'number' ? { expected_refund: expectedRefund } : {}),
  };
  const { data } = await api.POST('/crm/api/request/cancel', { body });
  return data;
}

/**
 * Opens (or, with the same key, reopens) a card payment: the payment and the provider's page to
 * go to. See `startPaymentOnce` (./payment-keys.ts) for the key.
 */
export async function startCardPayment(
  api: GallopClient<true>,
  requestId: number,
  type: PaymentType,
  idempotencyKey: string,
): Promise<components['schemas']['PaymentStarted']> {
  const { data } = await api.POST('/crm/api/payment/start', {
    body: {
      request_id: requestId,
      payment_type: type,
      payment_method: 'card',
      idempotency_key: idempotencyKey,
    },
  });
  return data;
}
