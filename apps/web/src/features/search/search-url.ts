import {
  FILTER_FIELDS,
  LARGEST_FILTER_CAPS,
  QUERY_BOUNDS,
  filtersToQuery,
  queryToFilters,
  type FilterField,
  type PriceCurrency,
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

/**
 * The caps price bounds are read with where the visitor's currency is not known: an address is
 * read by the route before any currency (and a shared link by visitors of every currency), so it
 * keeps any bound some currency takes (KRW's 10,000,000, decision 176). The search page reads it
 * with the visitor's currency's caps (`filterCapsFor`), and so does the API (`X-Currency`).
 */
export const ADDRESS_PRICE_CAPS = LARGEST_FILTER_CAPS;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Filters (normalised first) as the router's search object; the page's slug is the path. Price
 * bounds are in `currency` (the visitor's, when the page writes them) and capped by its caps.
 */
export function filtersToSearch(
  filters: Partial<SearchFilters>,
  currency: PriceCurrency = ADDRESS_PRICE_CAPS,
): FilterSearch {
  const search: FilterSearch = {};
  const query = filtersToQuery(filters, currency);
  for (const [field, text] of Object.entries(query) as [FilterField, string][]) {
    if (field === 'slug') continue;
    search[field] = PLAIN_NUMBER.test(text) ? Number(text) : text;
  }
  return search;
}

/**
 * Reads the router's search (or any query record) back into normalised filters, without a slug;
 * price bounds in `currency` (any currency's caps without one: {@link ADDRESS_PRICE_CAPS}).
 */
export function searchToFilters(
  search: Readonly<Record<string, unknown>>,
  currency: PriceCurrency = ADDRESS_PRICE_CAPS,
): SearchFilters {
  const { slug: _slug, ...rest } = search;
  return queryToFilters(rest, currency);
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
 * Validation: `priceMax=99999999` is past every currency's cap and goes, so do `page=0` and
 * `sort=default`; what the API could not take is kept within its bounds), the other parameters
 * (campaign tags ...) as they were.
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
 * (`/iceland?priceMax=99999999&page=0`) moves to its canonical form (a redirect on the server), so
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
