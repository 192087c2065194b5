/**
 * Confirming a follow from the link of its e-mail (`/follow?token=…`): a follow with an address
 * nobody proved starts only when its inbox says so (decision draft "following a tour starts in
 * its inbox"). What the link is about is read without changing anything; the follow starts only
 * when the visitor clicks. Failures reject with `ApiError`; a link the API did not sign, or one
 * older than 7 days, is a 422.
 */
import { isApiError, type GallopClient } from '@gallop/api-client';
import { getTourFollowConfirmationQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../../lib/http-error';
import type { TourFollowing } from './unfollow';

export function followConfirmationQueryOptions(api: GallopClient<true>, token: string) {
  return { ...getTourFollowConfirmationQueryOptions(api, { query: { token } }), retry: false };
}

/**
 * What the page shows, loaded with it. No token, or one the API refuses (422, a tour that is no
 * longer published), is a page that does not exist: a 404 that says what to do.
 */
export async function loadFollowConfirmation(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
): Promise<void> {
  if (token === '') throw new HttpError(404, 'No follow token');
  try {
    await queryClient.ensureQueryData(followConfirmationQueryOptions(api, token));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) {
      throw new HttpError(404, error.message);
    }
    throw error;
  }
}

/** Starts the follow: the programme goes out, and the page then says the address follows. */
export async function confirmFollow(
  api: GallopClient<true>,
  queryClient: QueryClient,
  token: string,
): Promise<void> {
  await api.POST('/spa/confirm-tour-follow', { body: { token } });
  queryClient.setQueryData(
    followConfirmationQueryOptions(api, token).queryKey,
    (known: TourFollowing | undefined) => known && { ...known, following: true },
  );
}
