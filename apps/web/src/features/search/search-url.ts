import {
  FILTER_FIELDS,
  QUERY_BOUNDS,
  filtersToQuery,
  queryToFilters,
  type FilterField,
  type SearchFilters,
} from '@gallop/search-filters';
import { defaultStringifySearch } from '@tanstack/react-router';

/**
 * Search filters in the address bar. `@gallop/search-filters` decides what is written (normalised,
 * defaults dropped, lists comma-separated); this module adapts it to TanStack Router's search
 * serialisation, whose values are JSON-parsed: a numeric string such as `'3000'` would be written
 * as `"3000"` (quoted), so plain numbers travel as numbers and lists as `1,2` strings. The address
 * then reads `?countries=5%2C101&priceMax=3000&sort=-price`.
 */
export type FilterSearch = Partial<Record<FilterField, string | number>>;

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

/** No page of the site has a longer slug (the API's own bound): such an address is a 404. */
export const MAX_SLUG_LENGTH = QUERY_BOUNDS.textLength;

const FIELDS = new Set<string>(FILTER_FIELDS);

/** The address of a search page with these filters (normalised). */
export function searchPageHref(slug: string, filters: Partial<SearchFilters>): string {
  return `/${slug}${defaultStringifySearch(filtersToSearch(filters))}`;
}

/**
 * The search of an address as the site writes it: its filters normalised (docs/product.md,
 * Validation: `priceMax=999999` is the cap and goes, so do `page=0` and `sort=default`; what the
 * API could not take is kept within its bounds), the other parameters (campaign tags ...) as they
 * were.
 */
export function canonicalSearch(
  search: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const extra = Object.fromEntries(Object.entries(search).filter(([field]) => !FIELDS.has(field)));
  return { ...extra, ...validateFilterSearch(search) };
}

/**
 * The search middleware of `/{slug}`: every address the router builds holds the canonical search.
 * The router compares each address it loads with the one it builds, and a search typed by hand
 * (`/iceland?priceMax=999999&page=0`) moves to its canonical form (a redirect on the server), so
 * the address bar shows the search the page runs. Without it the router would keep the typed
 * fields its validation drops, beside the normalised ones.
 */
export function canonicalSearchMiddleware<T>({
  search,
  next,
}: {
  search: T;
  next: (search: T) => T;
}): T {
  return canonicalSearch(next(search) as Record<string, unknown>) as T;
}
