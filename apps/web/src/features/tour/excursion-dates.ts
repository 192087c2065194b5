import type { GallopClient } from '@gallop/api-client';
import { getExcursionDatesQueryOptions } from '@gallop/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api';
import type { Tour } from './api';
import type { TourDate } from './format';

/** Tour type 2 (docs/product.md, Entities): a day ride or an excursion. */
const EXCURSION_TYPE = 2;

/**
 * How long an excursion's seats count as current. Day rides have few seats and sell close to the
 * date: older than this, the page asks again when shown or when the tab comes back into view.
 */
export const EXCURSION_DATES_STALE_MS = 30_000;

/** `GET /crm/api/tour/excursion-dates`: an excursion's upcoming dates with their seats. */
function excursionDatesQueryOptions(api: GallopClient<true>, tourId: number) {
  return {
    ...getExcursionDatesQueryOptions(api, { query: { id: tourId } }),
    staleTime: EXCURSION_DATES_STALE_MS,
    // A failure keeps the dates the page came with; the next focus asks again.
    retry: false,
  };
}

/**
 * The dates an excursion's page lists (decision 048): the page's own (`/spa/tour` already carries
 * every upcoming date, so the server renders and hydrates with them), then, in the browser, the
 * excursion's dates call whenever they are older than {@link EXCURSION_DATES_STALE_MS}, so seats
 * and sold-out dates stay current while the traveller compares. The fresher answer wins. Other
 * tours keep the page's dates.
 */
export function useExcursionDates(tour: Tour, loadedAt: number): TourDate[] {
  const api = useApi();
  const isExcursion = tour.type === EXCURSION_TYPE;
  // `useQuery`: a refresh in the browser over the page's own dates (see above).
  const { data, dataUpdatedAt } = useQuery({
    ...excursionDatesQueryOptions(api, tour.id),
    enabled: isExcursion,
    initialData: isExcursion ? { items: tour.dates } : undefined,
    initialDataUpdatedAt: loadedAt,
  });
  if (!isExcursion || !data || dataUpdatedAt < loadedAt) return tour.dates;
  return data.items;
}
