/**
 * Unfollowing a tour from the link of its e-mails (`/unfollow?token=…`, decision 058): what the
 * link is about, read without changing anything, and the call that stops the e-mails, made only
 * when the visitor clicks. Failures reject with `ApiError`; a link the API did not sign is a 422.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getTourFollowingQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../../lib/http-error';

export type TourFollowing = components['schemas']['TourFollowing'];

export function tourFollowingQueryOptions(api: GallopClient<true>, token: string) {
  return { ...getTourFollowingQueryOptions(api, { query: { token } }), retry: false };
}

/**
 * What the page shows, loaded with it. No token, or one the API refuses (422, a tour that is
 * gone), is a page that does not exist: a 404 that says what to do.
 */
export async function loadTourFollowing(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
): Promise<void> {
  if (token === '') throw new HttpError(404, 'No unfollow token');
  try {
    await queryClient.ensureQueryData(tourFollowingQueryOptions(api, token));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status >= 400 && error.status < 500) {
      throw new HttpError(404, error.message);
    }
    throw error;
  }
}

/** Stops the e-mails; the page's answer then says the address no longer follows the tour. */
export async function unfollowTour(
  api: GallopClient<true>,
  queryClient: QueryClient,
  token: string,
): Promise<void> {
  await api.POST('/spa/unsubscribe-tour-program', { body: { token } });
  queryClient.setQueryData(
    tourFollowingQueryOptions(api, token).queryKey,
    (known: TourFollowing | undefined) => known && { ...known, following: false },
  );
}
