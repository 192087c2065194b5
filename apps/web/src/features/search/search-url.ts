import type { GetParams } from '@gallop/api-client/query';
import {
  filtersToQuery,
  normalizeFilters,
  queryToFilters,
  type FilterField,
  type SearchFilters,
} from '@gallop/search-filters';

/**
 * Search filters in the address bar. `@gallop/search-filters` decides what is written (normalised,
 * defaults dropped, lists comma-separated); this module adapts it to TanStack Router's search
 * serialisation, whose values are JSON-parsed: a numeric string such as `'3000'` would be written
 * as `"3000"` (quoted), so plain numbers travel as numbers and lists as `1,2` strings. The address
 * then reads `?countries=101%2C5&priceMax=3000&sort=-price`.
 */
export type FilterSearch = Partial<Record<FilterField, string | number>>;

/** The API's tour search query (`/spa/tours` and `/spa/tours-page` share it). */
export type ToursApiQuery = NonNullable<GetParams<'/spa/tours'>['query']>;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** Filters (normalised first) as the router's search object; the page's slug is the path. */
export function filtersToSearch(filters: Partial<SearchFilters>): FilterSearch {
  const search: FilterSearch = {};
  for (const [field, text] of Object.entries(filtersToQuery(filters)) as [FilterField, string][]) {
    if (field === 'slug') continue;
    search[field] = PLAIN_NUMBER.test(text) ? Number(text) : text;
  }
  return search;
}

/** Reads the router's search (or any query record) back into normalised filters, without a slug. */
export function searchToFilters(search: Readonly<Record<string, unknown>>): SearchFilters {
  const { slug: _slug, ...rest } = search;
  return queryToFilters(rest);
}

/** `validateSearch` of the search page: anything in, the normalised search out. */
export function validateFilterSearch(search: Readonly<Record<string, unknown>>): FilterSearch {
  return filtersToSearch(searchToFilters(search));
}

/**
 * The API query for filters: only the fields `filtersToQuery` keeps (so defaults stay out), with
 * their typed values (lists as arrays, booleans as 0/1).
 */
export function filtersToApiQuery(filters: Partial<SearchFilters>): ToursApiQuery {
  const normalized = normalizeFilters(filters);
  const query: Record<string, unknown> = {};
  for (const field of Object.keys(filtersToQuery(normalized)) as FilterField[]) {
    const value = normalized[field];
    query[field] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  // Same field names and value types: search-filters implements the contract's filter.
  return query as ToursApiQuery;
}

/** The fields a catalogue page's stored filter sets (a country page sets `countries`). */
export function storedFields(pageFilter: Partial<SearchFilters>): FilterField[] {
  return Object.keys(filtersToQuery(pageFilter)) as FilterField[];
}

/** What the visitor is searching: the page's stored filter, overridden by the address bar. */
export function effectiveFilters(
  pageFilter: Partial<SearchFilters>,
  addressFilters: Partial<SearchFilters>,
): SearchFilters {
  return normalizeFilters({ ...pageFilter, ...addressFilters });
}

export interface SearchLocation {
  slug: string;
  search: FilterSearch;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where a filter change leads. A catalogue page (`/iceland`) stands for its stored filter: while
 * the new filters keep every stored value, the visitor stays on it and the address bar carries
 * only the extra fields; once a stored value changes, the search moves to the catalogue-wide page
 * `fallbackSlug` with every filter in the address bar. Any change but paging goes back to page 1.
 */
export function searchLocation({
  slug,
  fallbackSlug,
  pageFilter,
  next,
}: {
  slug: string;
  fallbackSlug: string;
  pageFilter: Partial<SearchFilters>;
  next: Partial<SearchFilters>;
}): SearchLocation {
  const normalizedNext = normalizeFilters(next);
  const normalizedPage = normalizeFilters(pageFilter);
  const stored = storedFields(normalizedPage);
  const keepsPage = stored.every((field) =>
    sameValue(normalizedPage[field], normalizedNext[field]),
  );
  if (!keepsPage) return { slug: fallbackSlug, search: filtersToSearch(normalizedNext) };
  const extra: Record<string, unknown> = { ...normalizedNext };
  for (const field of stored) delete extra[field];
  return { slug, search: filtersToSearch(extra) };
}

/** The filters with some fields changed, back on page 1 (a new search starts at the top). */
export function withChange(
  filters: Partial<SearchFilters>,
  change: Partial<Record<FilterField, unknown>>,
): SearchFilters {
  return normalizeFilters({ ...filters, ...change, page: 1 });
}
