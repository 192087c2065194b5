import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getToursPageQueryOptions, listToursQueryOptions } from '@gallop/api-client/query';
import { isCruiseSearch, normalizeFilters, type SearchFilters } from '@gallop/search-filters';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { filtersToApiQuery } from './search-query';
import { ADDRESS_PRICE_CAPS, searchPageHref } from './search-url';

export type TourList = components['schemas']['TourList'];
export type FilterFacets = components['schemas']['FilterFacets'];
export type FacetOption = components['schemas']['FacetOption'];
type Breadcrumb = components['schemas']['Breadcrumb'];

/**
 * The catalogue-wide search page (`/tours`). The API stores no catalogue page for "every tour",
 * so this slug searches `/spa/tours` without a slug and its texts are the app's own; the other
 * slugs are the catalogue pages the API stores (`/spa/seo-pages-sitemap`).
 */
export const ALL_TOURS_SLUG = 'tours';

/** What a search page shows above its results. */
export interface SearchPageMeta {
  slug: string;
  title: string;
  h1: string;
  description: string | null;
  breadcrumbs: Breadcrumb[];
  canonical: string;
  /** The search filter the page stands for (normalised). */
  filter: SearchFilters;
}

export const ALL_TOURS_META: SearchPageMeta = {
  slug: ALL_TOURS_SLUG,
  title: 'Horse riding tours worldwide',
  h1: 'Horse riding tours worldwide',
  description:
    'Multi-day horseback tours, day rides and riding holidays from vetted local providers: compare dates, prices and reviews.',
  breadcrumbs: [
    { url: '/', text: 'Home' },
    { url: `/${ALL_TOURS_SLUG}`, text: 'Tours' },
  ],
  canonical: `/${ALL_TOURS_SLUG}`,
  filter: normalizeFilters({}),
};

/**
 * The catalogue-wide cruise search (`/tours?isCruisesSearch=1`): cruises are never listed with
 * the other tours, so their search is a page of its own, with its own texts (decision 098).
 */
export const ALL_CRUISES_META: SearchPageMeta = {
  slug: ALL_TOURS_SLUG,
  title: 'Cruises with riding days',
  h1: 'Cruises with riding days',
  description:
    'River, sea and lake cruises with horseback rides ashore: compare ships, ports, cabins, dates and prices from vetted providers.',
  breadcrumbs: [
    { url: '/', text: 'Home' },
    { url: `/${ALL_TOURS_SLUG}?isCruisesSearch=1`, text: 'Cruises' },
  ],
  canonical: `/${ALL_TOURS_SLUG}?isCruisesSearch=1`,
  // Nothing is stored for `/tours`: the address carries `isCruisesSearch` like any filter.
  filter: normalizeFilters({}),
};

/** The texts of `/tours` for a search: the cruise page's when it searches cruises. */
export function catalogueWideMeta(filters: Partial<SearchFilters>): SearchPageMeta {
  return isCruiseSearch(filters) ? ALL_CRUISES_META : ALL_TOURS_META;
}

/** A catalogue page's texts and stored filter, from its `/spa/tours-page` answer. */
function toSearchPageMeta(page: components['schemas']['ToursPage']): SearchPageMeta {
  return {
    slug: page.slug,
    title: page.seo?.title ?? page.title,
    h1: page.h1 ?? page.seo?.h1 ?? page.title,
    description: page.seo?.description ?? page.description ?? null,
    breadcrumbs: page.breadcrumbs ?? [],
    canonical: page.seo?.canonical ?? `/${page.slug}`,
    // Read as an address is, within any currency's price caps (decision 176).
    filter: normalizeFilters(page.filter ?? {}, ADDRESS_PRICE_CAPS),
  };
}

/** The catalogue page's texts and stored filter (`/spa/tours-page`; its items are not used). */
export function searchPageMetaQueryOptions(api: GallopClient<true>, slug: string) {
  return queryOptions({
    ...getToursPageQueryOptions(api, { query: { slug } }),
    select: toSearchPageMeta,
  });
}

/**
 * One page of results (`/spa/tours`, 20 cards). A catalogue page's slug goes with it so the API
 * applies the stored filter first. Every page asks for the facets (`expand=filters`): any page can
 * be the first one shown (`/tours?page=3` shows page 3 alone, with the filters beside it), and one
 * query per page serves the address's page and a 'Show more' run alike.
 * `passport` (the `gallop_rider` cookie's text) orders a "fits me first" search: it goes in the
 * `X-Rider-Passport` header, never in the address, and is part of the query key, so a changed
 * passport asks again (decision 109).
 */
export function searchResultsQueryOptions(
  api: GallopClient<true>,
  slug: string,
  filters: Partial<SearchFilters>,
  page: number,
  passport?: string,
) {
  return listToursQueryOptions(api, {
    query: {
      ...filtersToApiQuery({ ...filters, page }),
      ...(slug === ALL_TOURS_SLUG ? {} : { slug }),
      expand: 'filters' as const,
    },
    ...(passport && filters.sort === 'fit' ? { header: { 'X-Rider-Passport': passport } } : {}),
  });
}

/** A city as the place search shows it: its region and country as hints, and its centre. */
export interface FoundCity {
  id: number;
  name: string;
  region?: string;
  country?: string;
  lat?: number;
  lng?: number;
}

/** Cities whose name matches `query` (5 at most; none for an empty query, without a call). */
export async function findCities(api: GallopClient<true>, query: string): Promise<FoundCity[]> {
  if (query.trim() === '') return [];
  const { data } = await api.GET('/spa/cities-by-query', {
    params: { query: { query, limit: 5 } },
  });
  return (data?.data ?? []).map(({ id, name, region, country, lat, lng }) => ({
    id,
    name,
    ...(region ? { region } : {}),
    ...(country ? { country } : {}),
    ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
  }));
}

/**
 * The results pages on screen, `first` to `last`: an address shows its own page (`first` is
 * `last`); 'Show more' appends the next page to those already shown.
 */
export function shownPages(first: number, last: number): number[] {
  const from = Math.max(1, Math.min(first, last));
  return Array.from({ length: Math.max(1, last) - from + 1 }, (_, index) => from + index);
}

/**
 * Waits for every call (a failure while others are still in flight would leave them pending in
 * the dehydrated cache), then throws the first failure: an unknown catalogue page is the 404 page.
 */
async function settled<T extends unknown[]>(calls: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const results = await Promise.allSettled(calls);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    const error: unknown = failure.reason;
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as T;
}

/**
 * The `X-Rider-Passport` text a "fits me first" search sends, in the browser: a navigation asks
 * with it at once, as the page will (the server renders without one; decision 109). The
 * passport's code loads only then (the route's loader is part of the first load).
 */
export async function searchPassportHeader(
  queryClient: QueryClient,
  api: GallopClient<true>,
  filters: SearchFilters,
): Promise<string | undefined> {
  if (filters.sort !== 'fit' || typeof document === 'undefined') return undefined;
  const { loadPassportHeader } = await import('../../lib/rider-passport');
  return loadPassportHeader(queryClient, api);
}

/** A loaded search page: its texts, and the results page the address shows. */
export interface LoadedSearchPage {
  meta: SearchPageMeta;
  page: number;
}

/**
 * Loads what a search page needs, in parallel: its texts and the results page of the address. A
 * slug with no catalogue page is the 404 page. An address past the last page (a bookmark
 * of a search that has since shrunk, a page typed by hand) moves to the last page (302: the
 * results change as tours come and go). `passportHeader`: the passport a "fits me first" search
 * asks with (`searchPassportHeader`).
 */
export async function ensureSearchPage(
  queryClient: QueryClient,
  api: GallopClient<true>,
  slug: string,
  filters: SearchFilters,
  passportHeader?: string,
): Promise<LoadedSearchPage> {
  const meta =
    slug === ALL_TOURS_SLUG
      ? Promise.resolve(catalogueWideMeta(filters))
      : queryClient.ensureQueryData(searchPageMetaQueryOptions(api, slug)).then(toSearchPageMeta);
  const [loaded, results] = await settled<[SearchPageMeta, TourList]>([
    meta,
    queryClient.ensureQueryData(
      searchResultsQueryOptions(api, slug, filters, filters.page, passportHeader),
    ),
  ]);
  const lastPage = Math.max(1, results.pagination.page_count);
  if (filters.page > lastPage) {
    throw redirect({ href: searchPageHref(slug, { ...filters, page: lastPage }), statusCode: 302 });
  }
  return { meta: loaded, page: filters.page };
}
