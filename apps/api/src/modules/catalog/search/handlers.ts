import { eq } from 'drizzle-orm';
import type { components } from '@gallop/api-client';
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { seoPages } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import type { RatesCache } from '#src/modules/money/rates.ts';
import { requestCurrency } from '#src/modules/money/request-currency.ts';
import { todayIso } from '../tour-card.ts';
import { completeTourFilter, searchCities } from './completion.ts';
import { compileFilter, type Place } from './conditions.ts';
import { searchFacets } from './facets.ts';
import {
  assertConsistent,
  describeFilter,
  mergeFilters,
  type TourSearchFilter,
} from './filters.ts';
import { resolvePlace } from './place.ts';
import { createResultCache, type ResultCache } from './result-cache.ts';
import { searchTours } from './search-tours.ts';

type TourList = components['schemas']['TourList'];
type ToursPage = components['schemas']['ToursPage'];
type SeoPage = typeof seoPages.$inferSelect;

export interface CatalogSearchDeps {
  db: Database;
  rates: RatesCache;
}

async function findSeoPage(db: Database, slug: string): Promise<SeoPage> {
  const [page] = await db.select().from(seoPages).where(eq(seoPages.slug, slug)).limit(1);
  if (!page) throw notFound(`No catalogue page ${slug}`);
  return page;
}

/** What identifies a search's total and facets: the filter less page and sort, and its context. */
function searchKey(
  filter: TourSearchFilter,
  context: { currency: string; today: string; place: Place | undefined },
): string {
  const { page: _page, sort: _sort, ...rest } = filter;
  return JSON.stringify([rest, context.currency, context.today, context.place ?? null]);
}

interface SearchRequest {
  query: Record<string, unknown> & { expand?: 'filters' | undefined };
  stored: Record<string, unknown> | undefined;
}

/** The search both list calls share: filters → one page of cards (+ facets on request). */
async function runSearch(
  { db, rates: ratesCache }: CatalogSearchDeps,
  cache: ResultCache,
  request: FastifyRequest,
  { query, stored }: SearchRequest,
) {
  const rates = await ratesCache.get();
  const currency = requestCurrency(request, rates);
  const filter = mergeFilters(stored, query);
  assertConsistent(filter);
  const today = todayIso();
  const place = await resolvePlace(db, filter);
  const compiled = compileFilter(filter, { today, currency, rates, place });
  const key = searchKey(filter, { currency, today, place });
  const [list, facets] = await Promise.all([
    searchTours(db, compiled, filter, { currency, rates, today, withAlt: false }, { cache, key }),
    query.expand === 'filters'
      ? cache.get(`facets:${key}`, () => searchFacets(db, compiled, { currency, rates }))
      : undefined,
  ]);
  return { filter, list: { ...list, ...(facets ? { filters: facets } : {}) } satisfies TourList };
}

function toursPage(page: SeoPage, list: TourList, filter: Record<string, unknown>): ToursPage {
  const url = `/${page.slug}`;
  return {
    ...list,
    slug: page.slug,
    title: page.title,
    h1: page.h1,
    description: page.description,
    breadcrumbs: [
      { url: '/', text: 'Home' },
      { url, text: page.h1 },
    ],
    seo: { title: page.title, description: page.description, h1: page.h1, canonical: url },
    filter,
  };
}

/** Contract handlers of the tour search, its facets and the search box's completions. */
export function catalogSearchHandlers(
  deps: CatalogSearchDeps,
  cache: ResultCache = createResultCache(),
): Pick<
  ServiceHandlers,
  'listTours' | 'getToursPage' | 'getToursFilterCompletion' | 'searchCities'
> {
  return {
    async listTours(request) {
      const query = request.query ?? {};
      const page = query.slug ? await findSeoPage(deps.db, query.slug) : undefined;
      const { list } = await runSearch(deps, cache, request, { query, stored: page?.filters });
      return list;
    },

    async getToursPage(request) {
      const page = await findSeoPage(deps.db, request.query.slug);
      const { list, filter } = await runSearch(deps, cache, request, {
        query: request.query,
        stored: page.filters,
      });
      return toursPage(page, list, describeFilter(filter));
    },

    async getToursFilterCompletion(request) {
      const { phrase, limit, only, exclude, isCruisesSearch } = request.query;
      const items = await completeTourFilter(deps.db, {
        phrase,
        limit: limit ?? 5,
        only,
        exclude,
        isCruisesSearch: isCruisesSearch === 1,
      });
      return { items };
    },

    async searchCities(request) {
      const { query, limit, country_id: countryId } = request.query;
      return { data: await searchCities(deps.db, { query, limit: limit ?? 5, countryId }) };
    },
  };
}
