/**
 * The search port: what the API's catalogue asks of a tour search, whoever answers it. The index
 * of this package is one implementation (`indexSearch`); the API's SQL search is another, the
 * reference and the fallback (`sqlSearch` in `apps/api/src/modules/catalog/search/`); a dedicated
 * engine would be a third. Cards are not the port's: an answer names the page's tours by id, and
 * the caller shows them (the API's card store, or its card query).
 */
import type { RiderPassport } from '@gallop/rider-fit';
import type { SearchFilters } from '@gallop/search-filters';
import { compileIndexQuery, searchIndex } from './query-index';
import type { FacetRow, Place, ToUsdMinor } from './rules';
import type { TourIndex } from './tour-index';

/** One search: the normalised filter, what it needs resolved, and which page. */
export interface SearchRequest {
  filter: SearchFilters;
  /** The radius search's centre and radius, resolved from `lat`/`lng` or `placeName`. */
  place?: Place | undefined;
  /** The request currency's price bounds in USD minor units, at the request's rates. */
  toUsdMinor: ToUsdMinor;
  /** The page: `limit` tours from `offset`, in `filter.sort`. */
  offset: number;
  limit: number;
  /** Count every facet kind too (`expand=filters`). */
  withFacets: boolean;
  /**
   * The visitor's rider passport, which `sort: 'fit'` ("fits me first") orders by: the tours it
   * fits (`matchRider` of `@gallop/rider-fit`), then the stretches, then those not suitable, each
   * in the default order. Other sorts ignore it; without one that reads (`readPassport`), `fit`
   * is the default order.
   */
  passport?: RiderPassport | null | undefined;
}

/** What every implementation answers. */
export interface SearchAnswer {
  /** How many tours match. */
  total: number;
  /** The page's tour ids, in the requested order. */
  ids: number[];
  /**
   * With `withFacets`, every kind's counted values, the duration buckets and the price range
   * (`FacetRow`); the API shapes them alike whichever implementation counted.
   */
  facets: FacetRow[] | undefined;
}

/** A tour search: the same request gets the same answer from every implementation. */
export interface SearchPort {
  search(request: SearchRequest): Promise<SearchAnswer>;
}

/**
 * The index as the port: answers at once, in process. Its day is the index's: a caller asks only
 * an index built for today (the API checks `index.today`).
 */
export function indexSearch(index: TourIndex): SearchPort {
  return {
    search: async ({ filter, place, toUsdMinor, offset, limit, withFacets, passport }) =>
      searchIndex(index, compileIndexQuery(index, filter, { toUsdMinor, place }), {
        sort: filter.sort,
        offset,
        limit,
        withFacets,
        passport,
      }),
  };
}
