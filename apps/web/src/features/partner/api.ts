/**
 * The organizer's answer to a booking request, keyed by the signed `token` of the Confirm and
 * Decline links the API e-mails for a date the organizer has not guaranteed (decision 090).
 * Reading the request changes nothing; only `answerRequest`, sent on a click, does. Failures
 * reject with `ApiError`.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getRequestForAnswerQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';

export type RequestForOrganizer = components['schemas']['RequestForOrganizer'];
export type OrganizerAnswer = components['schemas']['OrganizerAnswerInput'];

export function requestForAnswerQuery(api: GallopClient, token: string) {
  return { ...getRequestForAnswerQueryOptions(api, { query: { token } }), retry: false };
}

/**
 * The page's data, loaded with it. No token, one the API does not know (404) or one it cannot
 * read (400: a link cut short or run together by the mail program) is the 404 page; any other
 * failure is the error page with the server's status (503 when there is none).
 */
export async function loadRequestForAnswer(
  queryClient: QueryClient,
  api: GallopClient,
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
  api: GallopClient,
  queryClient: QueryClient,
  answer: OrganizerAnswer,
): Promise<RequestForOrganizer> {
  const { data } = await api.POST('/crm/api/request/answer', { body: answer });
  queryClient.setQueryData(requestForAnswerQuery(api, answer.token).queryKey, data);
  return data;
}
