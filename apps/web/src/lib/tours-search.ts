import { filtersToQuery, type FilterField, type SearchFilters } from '@gallop/search-filters';

/** The catalogue-wide search page: `/tours` with the filters in the query string. */
export const ALL_TOURS_SLUG = 'tours';

/** The router's search object for the search page (as its `validateSearch` gives it). */
export type ToursSearch = Partial<Record<FilterField, string | number>>;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Filters as the search page's address: `@gallop/search-filters` decides what is written; plain
 * numbers stay numbers, since the router JSON-encodes search values and would quote `'12'`.
 */
export function toursSearch(filters: Partial<SearchFilters>): ToursSearch {
  const search: ToursSearch = {};
  for (const [field, text] of Object.entries(filtersToQuery(filters)) as [FilterField, string][]) {
    if (field === 'slug') continue;
    search[field] = PLAIN_NUMBER.test(text) ? Number(text) : text;
  }
  return search;
}
