import type { GallopClient } from '@gallop/api-client';
import { getDestinationClimateQueryOptions } from '@gallop/api-client/query';
import type { MeasurementSystem } from '@gallop/i18n';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useApi } from './api';
import { rateDate, type SeasonVerdict } from './season';
import { useVisitorUnits } from './visitor-units';

interface NamedPlace {
  id: number;
  name: string;
}

/** A place with climate normals: countries, regions and cities have separate ids. */
export interface ClimatePlace extends NamedPlace {
  kind: 'country' | 'region' | 'city';
}

/** Climate normals are long-term averages. */
const CLIMATE_STALE_MS = 60 * 60_000;

/** `GET /spa/destination-climate` for a place: one cache entry for every reader of it. */
export function destinationClimateQueryOptions(
  api: GallopClient<true>,
  place: Pick<ClimatePlace, 'id' | 'kind'>,
) {
  return {
    ...getDestinationClimateQueryOptions(api, {
      query: { destination_id: place.id, kind: place.kind },
    }),
    staleTime: CLIMATE_STALE_MS,
  };
}

/** Where a tour's climate is read: its start city, else its first country, else nowhere. */
export function tourClimatePlace(tour: {
  start_city?: NamedPlace | undefined;
  countries?: readonly NamedPlace[] | undefined;
}): ClimatePlace | undefined {
  if (tour.start_city) return { kind: 'city', id: tour.start_city.id, name: tour.start_city.name };
  const [country] = tour.countries ?? [];
  return country ? { kind: 'country', id: country.id, name: country.name } : undefined;
}

/**
 * A tour place's climate normals, asked by the browser (an optional extra: nothing while it
 * loads, nothing when the place has none).
 */
export function usePlaceClimate(place: ClimatePlace | undefined) {
  const api = useApi();
  return useQuery({
    ...destinationClimateQueryOptions(api, place ?? { kind: 'country', id: 0 }),
    enabled: place !== undefined,
    retry: false,
  });
}

/** How each date suits riding, by the season check; undefined while the climate is unknown. */
export type DateSeason = (date: { start: string; end: string }) => SeasonVerdict | undefined;

const seasonUnknown: DateSeason = () => undefined;

/** The season check of a tour's dates, from its place's climate (decision 117). */
export function useDateSeason(tour: Parameters<typeof tourClimatePlace>[0]): {
  seasonOf: DateSeason;
  system: MeasurementSystem;
} {
  const climate = usePlaceClimate(tourClimatePlace(tour));
  const system = useVisitorUnits();
  const months = climate.data?.months;
  return {
    seasonOf: months && months.length > 0 ? (date) => rateDate(date, months) : seasonUnknown,
    system,
  };
}

/**
 * Loads a tour's climate for its page's loader, so the server's HTML has the season marks on the
 * dates (no shift when they would arrive, readable without JavaScript). Never fails the page: a
 * place without normals shows no marks.
 */
export async function prefetchTourClimate(
  queryClient: QueryClient,
  api: GallopClient<true>,
  tour: Parameters<typeof tourClimatePlace>[0],
): Promise<void> {
  const place = tourClimatePlace(tour);
  if (!place) return;
  await queryClient.prefetchQuery({ ...destinationClimateQueryOptions(api, place), retry: false });
}
