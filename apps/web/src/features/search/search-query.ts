import type { GetParams } from '@gallop/api-client/query';
import {
  CRUISE_ONLY_FIELDS,
  FILTER_RANGES,
  filtersToQuery,
  isCruiseSearch,
  normalizeFilters,
  type FilterField,
  type PriceCurrency,
  type SearchFilters,
  type TourType,
} from '@gallop/search-filters';
import { ADDRESS_PRICE_CAPS, filtersToSearch, type FilterSearch } from './search-url';

/*
 * What the search page does with filters: the API query, and where a filter change leads; apart
 * from the address bar's side (`./search-url.ts`), which the route tree needs in the first load.
 */

/** The API's tour search query (`/spa/tours` and `/spa/tours-page` share it). */
export type ToursApiQuery = NonNullable<GetParams<'/spa/tours'>['query']>;

/**
 * The API query for filters: only the fields `filtersToQuery` keeps (so defaults stay out), with
 * their typed values (lists as arrays, booleans as 0/1). Price bounds go as the address has them,
 * within any currency's caps (the contract's maximum): the API reads them in `X-Currency` and
 * clamps them to its caps (decision 176), and the query's key stays the loader's.
 */
export function filtersToApiQuery(filters: Partial<SearchFilters>): ToursApiQuery {
  const normalized = normalizeFilters(filters, ADDRESS_PRICE_CAPS);
  const query: Record<string, unknown> = {};
  const set = filtersToQuery(normalized, ADDRESS_PRICE_CAPS);
  for (const field of Object.keys(set) as FilterField[]) {
    const value = normalized[field];
    query[field] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  // Same field names and value types: search-filters implements the contract's filter.
  return query as ToursApiQuery;
}

/**
 * The fields filters set: neither empty nor their default (what `filtersToQuery` keeps). A
 * catalogue page's stored filter sets a few (a country page sets `countries`).
 */
function setFields(
  filters: Partial<SearchFilters>,
  currency: PriceCurrency = ADDRESS_PRICE_CAPS,
): FilterField[] {
  return Object.keys(filtersToQuery(filters, currency)) as FilterField[];
}

/**
 * What the visitor is searching: the page's stored filter, overridden by the fields the address
 * bar sets. A default there (type 1, page 1, the default sort...) replaces no stored value, as the
 * API merges them (`mergeFilters`): normalised address filters carry every default, and an
 * excursions page (stored type 2) would otherwise list multi-day tours. Price bounds are read in
 * `currency` (the visitor's: a bound at or above its cap restricts nothing for them and goes),
 * within any currency's caps without one.
 */
export function effectiveFilters(
  pageFilter: Partial<SearchFilters>,
  addressFilters: Partial<SearchFilters>,
  currency: PriceCurrency = ADDRESS_PRICE_CAPS,
): SearchFilters {
  const address = normalizeFilters(addressFilters, currency);
  const overrides = Object.fromEntries(
    setFields(address, currency).map((field) => [field, address[field]]),
  );
  return normalizeFilters({ ...pageFilter, ...overrides }, currency);
}

/**
 * The price ranges, each [lower bound, upper bound]: amounts in the request's currency
 * (`X-Currency`, so a currency switch converts them: ./price-currency.ts). The price sliders'
 * maxima (`sliderLimitsFor`) carry the upper bounds' names.
 */
export const PRICE_RANGES = [
  ['priceMin', 'priceMax'],
  ['pricePerDayMin', 'pricePerDayMax'],
] as const satisfies readonly (readonly [FilterField, FilterField])[];

/** Whether any price bound is set (in filters, or the address bar's search). */
export function hasPriceBound(filters: Partial<Record<FilterField, unknown>>): boolean {
  return PRICE_RANGES.some((range) => range.some((field) => filters[field] !== undefined));
}

export interface SearchLocation {
  slug: string;
  search: FilterSearch;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where a filter change leads. A catalogue page (`/iceland`) stands for its stored filter and its
 * kind of trip (cruises or not): while the new filters keep every stored value and that kind, the
 * visitor stays on it and the address bar carries only the extra fields; otherwise the search
 * moves to the catalogue-wide page `fallbackSlug` with every filter in the address bar. Any
 * change but paging goes back to page 1. Price bounds are in `currency` (the visitor's, decision
 * 176): the address is written with its caps, a bound at or above one left out.
 */
export function searchLocation({
  slug,
  fallbackSlug,
  pageFilter,
  next,
  currency = ADDRESS_PRICE_CAPS,
}: {
  slug: string;
  fallbackSlug: string;
  pageFilter: Partial<SearchFilters>;
  next: Partial<SearchFilters>;
  currency?: PriceCurrency;
}): SearchLocation {
  const normalizedNext = normalizeFilters(next, currency);
  const normalizedPage = normalizeFilters(pageFilter, currency);
  const stored = setFields(normalizedPage, currency);
  const keepsPage =
    isCruiseSearch(normalizedPage) === isCruiseSearch(normalizedNext) &&
    stored.every((field) => sameValue(normalizedPage[field], normalizedNext[field]));
  if (!keepsPage) return { slug: fallbackSlug, search: filtersToSearch(normalizedNext, currency) };
  const extra: Record<string, unknown> = { ...normalizedNext };
  for (const field of stored) delete extra[field];
  return { slug, search: filtersToSearch(extra, currency) };
}

/**
 * Whether a search narrows the dates its cards consider, as the API scopes a card's dates: a date
 * window, lengths or prices. A card's `heavy_places_free` then counts those dates only.
 */
export function narrowsCardDates(filters: Partial<SearchFilters>): boolean {
  return FILTER_RANGES.some((range) => range.some((field) => filters[field] !== undefined));
}

/**
 * The filters with some fields changed, back on page 1 (a new search starts at the top); price
 * bounds in `currency` (the visitor's: a ₩3,000,000 maximum stays in KRW, decision 176).
 */
export function withChange(
  filters: Partial<SearchFilters>,
  change: Partial<Record<FilterField, unknown>>,
  currency: PriceCurrency = ADDRESS_PRICE_CAPS,
): SearchFilters {
  return normalizeFilters({ ...filters, ...change, page: 1 }, currency);
}

/**
 * The kinds of trip a search lists, each a tab of its own: multi-day tours, day rides and
 * excursions (tour type 2), and cruises (never listed with the others).
 */
export type TripKind = 'tours' | 'excursions' | 'cruises';

export function tripKindOf(filters: Partial<SearchFilters>): TripKind {
  if (isCruiseSearch(filters)) return 'cruises';
  return filters.type === 2 ? 'excursions' : 'tours';
}

/**
 * The change that switches a search to another kind of trip. Leaving cruises drops the cruise-only
 * filters too: any of them would keep the search on cruises.
 */
export function tripKindChange(kind: TripKind): Partial<Record<FilterField, unknown>> {
  const type: TourType = kind === 'excursions' ? 2 : 1;
  if (kind === 'cruises') return { type, isCruisesSearch: true };
  return {
    type,
    isCruisesSearch: undefined,
    ...Object.fromEntries(CRUISE_ONLY_FIELDS.map((field) => [field, undefined])),
  };
}

/** The fields of the kind of trip: a tab rather than a filter, kept by 'Clear all'. */
export function tripKindFields(filters: Partial<SearchFilters>): Partial<SearchFilters> {
  const { type } = normalizeFilters(filters);
  return isCruiseSearch(filters) ? { type, isCruisesSearch: true } : { type };
}
