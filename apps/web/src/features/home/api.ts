import type { GallopClient } from '@gallop/api-client';
import {
  getStatsQueryOptions,
  listAllCollectionsQueryOptions,
  listAllRestKindsQueryOptions,
  listAllSeasonsQueryOptions,
  listBestToursQueryOptions,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';

/** The home page's calls: one place, so the loader and the components ask for the same keys. */
export const homeQueries = {
  stats: (api: GallopClient<true>) => getStatsQueryOptions(api),
  bestTours: (api: GallopClient<true>) =>
    listBestToursQueryOptions(api, { query: { with_alt: 1 } }),
  restKinds: (api: GallopClient<true>) => listAllRestKindsQueryOptions(api),
  collections: (api: GallopClient<true>) => listAllCollectionsQueryOptions(api),
  seasons: (api: GallopClient<true>) => listAllSeasonsQueryOptions(api),
};

/** Loads everything the home page shows, in parallel; an API failure fails the page (503). */
export async function ensureHomeData(
  queryClient: QueryClient,
  api: GallopClient<true>,
): Promise<void> {
  await Promise.all([
    queryClient.ensureQueryData(homeQueries.stats(api)),
    queryClient.ensureQueryData(homeQueries.bestTours(api)),
    queryClient.ensureQueryData(homeQueries.restKinds(api)),
    queryClient.ensureQueryData(homeQueries.collections(api)),
    queryClient.ensureQueryData(homeQueries.seasons(api)),
  ]);
}
