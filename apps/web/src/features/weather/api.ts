import type { components, GallopClient } from '@gallop/api-client';
import { listDestinationsQueryOptions } from '@gallop/api-client/query';
import { filtersToQuery } from '@gallop/search-filters';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { orNotFound } from '../../lib/not-found';
import { destinationClimateQueryOptions } from '../../lib/tour-climate';

export type Destination = components['schemas']['Destination'];
type PlaceKind = 'country' | 'region' | 'city';

/** The place a weather page is about, found from the slugs of its address. */
export interface WeatherPlace {
  kind: PlaceKind;
  id: number;
  name: string;
  /** The slugs of its address (`['argentina']`, `['argentina', 'salta']`). */
  slugs: string[];
  toursCount: number;
  country: { id: number; name: string; slug: string };
}

/** Places change with the catalogue, not by the minute. */
const PLACES_STALE_MS = 10 * 60_000;

export function countriesQueryOptions(api: GallopClient<true>) {
  return {
    ...listDestinationsQueryOptions(api, { query: { kind: 'country' } }),
    staleTime: PLACES_STALE_MS,
  };
}

/** Regions or cities of a country (the API lists those with tours). */
export function countryPlacesQueryOptions(
  api: GallopClient<true>,
  countryId: number,
  kind: 'region' | 'city',
) {
  return {
    ...listDestinationsQueryOptions(api, { query: { kind, country_id: countryId } }),
    staleTime: PLACES_STALE_MS,
  };
}

export function climateQueryOptions(
  api: GallopClient<true>,
  place: Pick<WeatherPlace, 'id' | 'kind'>,
) {
  // The tour page and the booking form read the same cache entry (lib/tour-climate).
  return destinationClimateQueryOptions(api, place);
}

/**
 * The place the slugs name: the first is a country, the second (if any) one of its regions or,
 * failing that, one of its cities. Undefined when any slug names nothing.
 */
export function findWeatherPlace(
  slugs: readonly string[],
  countries: readonly Destination[],
  countryPlaces: (countryId: number) => { regions: Destination[]; cities: Destination[] },
): WeatherPlace | undefined {
  const [countrySlug, placeSlug] = slugs;
  const country = countries.find((candidate) => candidate.slug === countrySlug);
  if (!country) return undefined;
  const countryRef = { id: country.id, name: country.name, slug: country.slug };
  if (placeSlug === undefined) {
    return {
      kind: 'country',
      id: country.id,
      name: country.name,
      slugs: [country.slug],
      toursCount: country.tours_count ?? 0,
      country: countryRef,
    };
  }
  const { regions, cities } = countryPlaces(country.id);
  const region = regions.find((candidate) => candidate.slug === placeSlug);
  const city = region ? undefined : cities.find((candidate) => candidate.slug === placeSlug);
  const place = region ?? city;
  if (!place) return undefined;
  return {
    kind: region ? 'region' : 'city',
    id: place.id,
    name: place.name,
    slugs: [country.slug, place.slug],
    toursCount: place.tours_count ?? 0,
    country: countryRef,
  };
}

/**
 * Loads a weather page for its loader: the place from the slugs, its climate and the regions of
 * its country (for links to their pages). An unknown place, or one without climate data, is the
 * 404 page; other failures pass through (the error page picks their status).
 */
export async function ensureWeatherPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  slugs: readonly string[],
): Promise<WeatherPlace> {
  const countries = await queryClient.ensureQueryData(countriesQueryOptions(api));
  const country = countries.items.find((candidate) => candidate.slug === slugs[0]);
  if (!country) throw notFound();
  const regionsOptions = countryPlacesQueryOptions(api, country.id, 'region');
  const [regions, cities] = await Promise.all([
    queryClient.ensureQueryData(regionsOptions),
    slugs.length > 1
      ? queryClient.ensureQueryData(countryPlacesQueryOptions(api, country.id, 'city'))
      : { items: [] },
  ]);
  const place = findWeatherPlace(slugs, countries.items, () => ({
    regions: regions.items,
    cities: cities.items,
  }));
  if (!place) throw notFound();
  await orNotFound(queryClient.ensureQueryData(climateQueryOptions(api, place)));
  return place;
}

/** The search filter that keeps a place's tours: `{ countries: [10] }`. */
export function placeFilter(place: Pick<WeatherPlace, 'kind' | 'id'>) {
  const field = ({ country: 'countries', region: 'regions', city: 'cities' } as const)[place.kind];
  return { [field]: [place.id] };
}

/** The catalogue-wide search filtered to the place: `/tours?countries=10`. */
export function placeSearchHref(place: Pick<WeatherPlace, 'kind' | 'id'>): string {
  const query = Object.entries(filtersToQuery(placeFilter(place)));
  return `/tours?${new URLSearchParams(query as [string, string][]).toString()}`;
}
