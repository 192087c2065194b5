import type { GallopClient } from '@gallop/api-client';
import { getToursByIdsQueryOptions } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { favouriteTourIdsFromCookies } from '../../lib/favourites';

/** The cards of the saved tours (`/crm/api/tour/get-by-ids`), with alt texts. */
export function favouriteToursQueryOptions(api: GallopClient, ids: readonly number[]) {
  return getToursByIdsQueryOptions(api, { query: { ids: [...ids], with_alt: 1 } });
}

/**
 * The ids the favourites page shows: on the server those read from the request's cookie; in the
 * browser the cookie as it is now (the heart buttons write it), not the one of the first load.
 */
export function favouriteIdsToLoad(serverIds: readonly number[]): readonly number[] {
  return typeof document === 'undefined' ? serverIds : favouriteTourIdsFromCookies(document.cookie);
}

/** Loader: fills the cache with the saved tours' cards; no call when nothing is saved. */
export async function ensureFavouriteTours(
  queryClient: QueryClient,
  api: GallopClient,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await queryClient.ensureQueryData(favouriteToursQueryOptions(api, ids));
}
