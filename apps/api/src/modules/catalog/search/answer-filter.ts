/**
 * The filter an index answer was computed for, as the response cache checks the tours each new
 * index read again against it (decision 150): compiled once, with the answer, for every index
 * (`tourCountingOf` tests the changed tours as each index holds them), so a takeover compiles
 * nothing and costs nothing per cached filter but the test of the changed tours of its segment.
 */
import { dateBoundsOf, tourCountingOf, type Place, type ToUsdMinor } from '@gallop/search-index';
import type { AnswerFilter } from '../cache/response-cache.ts';
import type { TourSearchFilter } from './filters.ts';

export function indexAnswerFilter(
  filter: TourSearchFilter,
  {
    place,
    toUsdMinor,
    today,
    withFacets,
  }: { place: Place | undefined; toUsdMinor: ToUsdMinor; today: string; withFacets: boolean },
): AnswerFilter {
  // Pages and sorts count the same tours; the bounds in USD stand for the currency and rates.
  const { page: _page, sort: _sort, ...counted } = filter;
  const bounds = dateBoundsOf(filter, { today, toUsdMinor });
  const key = JSON.stringify([counted, place ?? null, bounds, withFacets], (_, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? String(value) : value,
  );
  // Compiled here, on the search's path (tens of µs beside its milliseconds), not at a takeover.
  const counting = tourCountingOf(filter, { toUsdMinor, place, withFacets, today });
  return {
    key,
    segment: counting.segment,
    counts: (tours) => counting.counts(tours),
  };
}
