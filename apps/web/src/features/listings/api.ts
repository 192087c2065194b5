import type { components, GallopClient } from '@gallop/api-client';
import {
  listAllCollectionsQueryOptions,
  listDestinationsQueryOptions,
  listWorldPartGroupsQueryOptions,
} from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';

export type Destination = components['schemas']['Destination'];
export type WorldPartGroup = components['schemas']['WorldPartGroup'];

/** Places inside a country: `/spa/destinations` lists them by kind. */
export type PlaceKind = 'region' | 'city';

export const listingQueries = {
  /** World parts with their countries (only countries with tours), pictures with alt texts. */
  worldParts: (api: GallopClient<true>) =>
    listWorldPartGroupsQueryOptions(api, {
      query: { show_countries_with_world_parts: 1, with_alt: 1 },
    }),
  /** A country's regions or cities with tours, by name. */
  places: (api: GallopClient<true>, countryId: number, kind: PlaceKind) =>
    listDestinationsQueryOptions(api, { query: { kind, country_id: countryId } }),
  /** Every collection (the home page asks the same, so the cache is shared). */
  collections: (api: GallopClient<true>) => listAllCollectionsQueryOptions(api),
};

/** Loads the destinations page: world parts and their countries (regions load on demand). */
export async function ensureDestinations(queryClient: QueryClient, api: GallopClient<true>) {
  await queryClient.ensureQueryData(listingQueries.worldParts(api));
}

export async function ensureCollections(queryClient: QueryClient, api: GallopClient<true>) {
  await queryClient.ensureQueryData(listingQueries.collections(api));
}
