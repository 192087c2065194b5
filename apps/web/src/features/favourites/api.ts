import type { GallopClient } from '@gallop/api-client';
import { getToursByIdsQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';

/** The cards of the saved tours (`/crm/api/tour/get-by-ids`), with alt texts. */
export function favouriteToursQueryOptions(api: GallopClient<true>, ids: readonly number[]) {
  return getToursByIdsQueryOptions(api, { query: { ids: [...ids], with_alt: 1 } });
}

/**
 * The ids the favourites page shows: on the server those read from the request's cookie; in the
 * browser the cookie as it is now (the heart buttons write it), not the one of the first load.
 */
export function favouriteIdsToLoad(serverIds: readonly number[]): readonly number[] {
  return typeof document === 'undefined'
    ? serverIds
    : favouriteTourIdsFromCookieHeader(document.cookie);
}

/** Tours by ids that failed to load are an empty list, logged quietly (docs/product.md, Errors). */
export function logFailedFavouriteTours(error: unknown): void {
  console.warn('Favourites: the saved tours did not load', error);
}

/**
 * Loader: fills the cache with the saved tours' cards; no call when nothing is saved. Never
 * throws: a failure is logged and yields an empty list (docs/product.md, Errors), not the error
 * page.
 */
export async function ensureFavouriteTours(
  queryClient: QueryClient,
  api: GallopClient<true>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  const options = favouriteToursQueryOptions(api, ids);
  try {
    await queryClient.ensureQueryData(options);
  } catch (error) {
    logFailedFavouriteTours(error);
    // The empty list is what renders (on the server too); stale at once, so the browser asks again.
    queryClient.setQueryData(options.queryKey, { items: [] }, { updatedAt: 0 });
  }
}

/**
 * The ids whose cards the page asks for: those it asked for already while they cover every
 * saved id (removing a heart asks nothing), else the saved ids (a sign-in brought others).
 */
export function cardIdsToRequest(
  requested: readonly number[],
  saved: readonly number[],
): readonly number[] {
  const asked = new Set(requested);
  return saved.every((id) => asked.has(id)) ? requested : saved;
}
