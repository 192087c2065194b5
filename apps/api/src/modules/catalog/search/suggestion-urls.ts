/**
 * Where a search-box suggestion leads on the site. A place, ride style or collection opens the
 * search it names: its catalogue page (`/{slug}`, a `seo_pages` row whose filter is exactly that
 * one value) when there is one, else the catalogue search with that filter
 * (`/tours?cities=105`). A tour opens its page, an organizer its page. Never a bare place slug:
 * the site has no page at `/{city-slug}`, and a place slug ending in `-<id>` (a showplace's)
 * would read as a tour's address.
 */
import { filtersToQuery, type SearchFilters } from '@gallop/search-filters';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { queryRows, textArray } from './sql.ts';

/** The web's catalogue-wide search page: every tour, filtered by the query. */
export const CATALOGUE_PATH = '/tours';

type SuggestionKind =
  'country' | 'region' | 'city' | 'rest_kind' | 'collection' | 'tour' | 'showplace' | 'organizer';

/** A suggestion as the completion found it. */
export interface FoundSuggestion {
  kind: SuggestionKind;
  id: number;
  /** The tour's current slug (tours only). */
  slug: string | null;
}

/** The one filter a place-like suggestion stands for; none for tours and organizers. */
function suggestionFilter(
  kind: SuggestionKind,
  id: number,
  isCruisesSearch: boolean,
): Partial<SearchFilters> | undefined {
  const cruise = isCruisesSearch ? { isCruisesSearch: true } : {};
  switch (kind) {
    case 'country':
      return { countries: [id], ...cruise };
    case 'region':
      return { regions: [id], ...cruise };
    case 'city':
      return { cities: [id], ...cruise };
    case 'showplace':
      return { showplace: id, ...cruise };
    case 'rest_kind':
      return { restKinds: [id], ...cruise };
    case 'collection':
      return { collections: [id], ...cruise };
    case 'tour':
    case 'organizer':
      return undefined;
  }
}

/**
 * A filter as `seo_pages.filters` stores it (the spec's names, booleans as 1) and as a key that
 * does not depend on the order of its fields.
 */
function storedFilter(filter: Partial<SearchFilters>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filter).map(([field, value]) => [field, value === true ? 1 : value]),
  );
}
const keyOf = (filter: Record<string, unknown>) =>
  JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)));

/** `/tours?…` with the filter in the site's own (normalised) query form. */
function catalogueSearchPath(filter: Partial<SearchFilters>): string {
  const query = new URLSearchParams(filtersToQuery(filter)).toString();
  return query ? `${CATALOGUE_PATH}?${query}` : CATALOGUE_PATH;
}

/** Catalogue pages whose stored filter is exactly one of `filters`, by `keyOf`. */
async function landingPages(
  db: Database,
  filters: Record<string, unknown>[],
): Promise<Map<string, string>> {
  if (filters.length === 0) return new Map();
  const rows = await queryRows<{ slug: string; filters: Record<string, unknown> }>(
    db,
    sql`select slug, filters from seo_pages
      where filters = any((${textArray(filters.map((filter) => JSON.stringify(filter)))})::jsonb[])
      order by id`,
  );
  const slugs = new Map<string, string>();
  for (const row of rows) {
    const key = keyOf(row.filters);
    if (!slugs.has(key)) slugs.set(key, row.slug);
  }
  return slugs;
}

/**
 * Where each filter's search is on the site: its catalogue page when one stands for exactly that
 * filter, else `/tours?…` (one query for all).
 */
export async function catalogueUrls(
  db: Database,
  filters: readonly Partial<SearchFilters>[],
): Promise<string[]> {
  const stored = filters.map(storedFilter);
  const pages = await landingPages(db, stored);
  return filters.map((filter, index) => {
    const page = pages.get(keyOf(stored[index]!));
    return page ? `/${page}` : catalogueSearchPath(filter);
  });
}

/** The site path of each suggestion, in order. */
export async function suggestionUrls(
  db: Database,
  found: readonly FoundSuggestion[],
  isCruisesSearch: boolean,
): Promise<string[]> {
  const filters = found.map(({ kind, id }) => suggestionFilter(kind, id, isCruisesSearch));
  const searches = await catalogueUrls(
    db,
    filters.filter((filter) => filter !== undefined),
  );
  let next = 0;
  return found.map(({ kind, id, slug }, index) => {
    if (kind === 'organizer') return `/tour-provider/${id}`;
    if (kind === 'tour' || !filters[index]) return `/${slug}`;
    return searches[next++]!;
  });
}
