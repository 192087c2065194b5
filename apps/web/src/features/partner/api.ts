/**
 * The organizer's answer to a booking request, keyed by the signed `token` of the Confirm and
 * Decline links the API e-mails for a date the organizer has not guaranteed (decision 090).
 * Reading the request changes nothing; only `answerRequest`, sent on a click, does. Failures
 * reject with `ApiError`.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import {
  getOrganizerBookingQueryOptions,
  getRequestForAnswerQueryOptions,
  listOrganizerBookingsQueryOptions,
  operationKeys,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

export type RequestForOrganizer = components['schemas']['RequestForOrganizer'];
export type OrganizerAnswer = components['schemas']['OrganizerAnswerInput'];

export function requestForAnswerQuery(api: GallopClient<true>, token: string) {
  return { ...getRequestForAnswerQueryOptions(api, { query: { token } }), retry: false };
}

/**
 * The page's data, loaded with it. No token, one the API does not know (404) or one it cannot
 * read (400: a link cut short or run together by the mail program) is the 404 page; any other
 * failure is the error page with the server's status (503 when there is none).
 */
export async function loadRequestForAnswer(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
): Promise<RequestForOrganizer> {
  if (token === '') throw notFound();
  try {
    return await queryClient.ensureQueryData(requestForAnswerQuery(api, token));
  } catch (error) {
    if (isApiError(error) && (error.status === 400 || error.status === 404)) throw notFound();
    throw error;
  }
}

/** Confirms or declines; the request as it is now goes into the page's query. */
export async function answerRequest(
  api: GallopClient<true>,
  queryClient: QueryClient,
  answer: OrganizerAnswer,
): Promise<RequestForOrganizer> {
  const { data } = await api.POST('/crm/api/request/answer', { body: answer });
  queryClient.setQueryData(requestForAnswerQuery(api, answer.token).queryKey, data);
  return data;
}

// The signed-in organizer area (issue 42): the bookings of the member's tours and their answers.

export type OrganizerBooking = components['schemas']['OrganizerBooking'];
export type OrganizerBookingListItem = components['schemas']['OrganizerBookingListItem'];
export type OrganizerBookingFilter = 'waiting' | 'active' | 'ended' | 'all';

/** Up to this many bookings a section of the area lists. */
const AREA_PAGE_SIZE = 100;

export function organizerBookingsQuery(api: GallopClient<true>, status: OrganizerBookingFilter) {
  return {
    ...listOrganizerBookingsQueryOptions(api, {
      query: { status, 'per-page': AREA_PAGE_SIZE },
    }),
    retry: false,
  };
}

export function organizerBookingQuery(api: GallopClient<true>, id: number) {
  return { ...getOrganizerBookingQueryOptions(api, { query: { id } }), retry: false };
}

/** A booking the member may not see is the 404 page (the API never says whose it is). */
export function asAreaRouteError(error: unknown): unknown {
  return isApiError(error) && (error.status === 400 || error.status === 404) ? notFound() : error;
}

export type OrganizerAction = 'confirm' | 'decline' | 'cancel';

/**
 * Confirms, declines or cancels booking `id` (decline and cancel need the reason the traveller
 * reads). A cancel carries `idempotencyKey`, so its retry after no answer is answered as the first
 * was, not refused as already done (decision 167). The booking as it is now goes into its query;
 * the lists are read again.
 */
export async function answerOrganizerBooking(
  api: GallopClient<true>,
  queryClient: QueryClient,
  {
    id,
    action,
    reason,
    idempotencyKey,
  }: { id: number; action: OrganizerAction; reason?: string; idempotencyKey: string },
): Promise<OrganizerBooking> {
  const body = { id, ...(reason === undefined ? {} : { reason }) };
  const params = { header: { 'Idempotency-Key': idempotencyKey } };
  const { data } =
    action === 'confirm'
      ? await api.POST('/crm/api/partner/booking/confirm', { body: { id } })
      : action === 'decline'
        ? await api.POST('/crm/api/partner/booking/decline', { body })
        : await api.POST('/crm/api/partner/booking/cancel', { body, params });
  queryClient.setQueryData(organizerBookingQuery(api, id).queryKey, data);
  await queryClient.invalidateQueries({ queryKey: operationKeys.listOrganizerBookings });
  return data;
}

export type OrganizerDeparture = components['schemas']['OrganizerDeparture'];
