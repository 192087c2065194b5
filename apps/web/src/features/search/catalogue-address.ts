import { normalizeFilters, type SearchFilters } from '@gallop/search-filters';
import { ALL_TOURS_SLUG, type SearchPageMeta } from './api';
import { effectiveFilters, searchLocation } from './search-query';
import { ADDRESS_PRICE_CAPS, filtersToSearch, searchPageHref } from './search-url';

/**
 * The address a catalogue page's search belongs at, or undefined when it is the address given. A
 * query field that contradicts the page's stored filter (`/chile?countries=74`, French tours
 * under Chile's heading and canonical) is a search of another page: `/tours?countries=74`, as a
 * filter change there would lead (`searchLocation`); a field repeating a stored value goes.
 */
export function catalogueSearchHref(
  slug: string,
  meta: SearchPageMeta,
  filters: SearchFilters,
): string | undefined {
  if (slug === ALL_TOURS_SLUG) return undefined;
  const location = searchLocation({
    slug,
    fallbackSlug: ALL_TOURS_SLUG,
    pageFilter: meta.filter,
    next: effectiveFilters(meta.filter, filters),
  });
  const same =
    location.slug === slug &&
    JSON.stringify(location.search) === JSON.stringify(filtersToSearch(filters));
  return same
    ? undefined
    : searchPageHref(location.slug, normalizeFilters(location.search, ADDRESS_PRICE_CAPS));
}
