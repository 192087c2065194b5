import { eq } from 'drizzle-orm';
import type { components } from '@gallop/api-client';
import type { RiderPassport } from '@gallop/rider-fit';
import { indexSearch, type Place, type SearchPort } from '@gallop/search-index';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { seoPages } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import type { Rates, RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { disabledResponseCache, type ResponseCache } from '../cache/response-cache.ts';
import { currentDay } from '#src/shared/dates.ts';
import { ratesKey, sendCachedBody, type CachedAnswers } from './cached-answers.ts';
import { withChosenValues } from './chosen-facets.ts';
import { completeTourFilter, searchCities } from './completion.ts';
import { compileFilter, usdMinorIn } from './conditions.ts';
import { toFilterFacets } from './facets.ts';
import {
  assertConsistent,
  describeFilter,
  mergedFields,
  mergeFilters,
  PAGE_SIZE,
  setQueryFields,
  type TourSearchFilter,
} from './filters.ts';
import { fitPassport, passportKey } from './passport-header.ts';
import { resolvePlace } from './place.ts';
import { listBody, type Serialize } from './list-body.ts';
import { createResultCache, uncachedResults, type ResultCache } from './result-cache.ts';
import { createCardStore, type CardStore } from './index-adapter/card-store.ts';
import type { TourIndexProvider } from './index-adapter/index-provider.ts';
import { cardScopeOf, pageCards, pagination, sqlSearch } from './search-tours.ts';

type TourList = components['schemas']['TourList'];
type ToursPage = components['schemas']['ToursPage'];
type SeoPage = typeof seoPages.$inferSelect;

export interface CatalogSearchDeps {
  db: Database;
  rates: RatesCache;
  /** Whole answers of `/spa/tours` and `/spa/tours-page` (none when absent). */
  responseCache?: ResponseCache | undefined;
  /** The in-process index that answers totals, pages and facets (SQL alone without it). */
  searchIndex?: TourIndexProvider | undefined;
  /** Card parts of shown tours (a store of its own is made when absent and there is an index). */
  cardStore?: CardStore | undefined;
  /** The fast path in front of the handlers, told of every answer (and its clock is used). */
  cachedAnswers?: CachedAnswers | undefined;
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

/** The request's prices: the visitor's currency and the rates to convert into it. */
interface RequestPrices {
  currency: string;
  rates: Rates;
  today: string;
}

/**
 * The request's prices and, for "fits me first" (`sort=fit`) only, the rider passport of its
 * `X-Rider-Passport` header (`passport-header.ts`; undefined otherwise or when it does not read).
 */
interface RequestContext extends RequestPrices {
  passport: RiderPassport | undefined;
}

interface SearchRequest {
  query: Record<string, unknown> & { expand?: 'filters' | undefined };
  stored: Record<string, unknown> | undefined;
}

/**
 * The search both list calls share: filters → one page of cards (+ facets on request). The
 * search port answers the total, the page's ids and the facet rows: the in-process index when one
 * serves for today, else SQL (with its totals and facets cached for a minute); the cards and the
 * facets' shape are the same whichever answered.
 */
async function runSearch(
  db: Database,
  caches: {
    results: ResultCache;
    index: TourIndexProvider | undefined;
    cards: CardStore | undefined;
  },
  { currency, rates, today, passport }: RequestContext,
  { query, stored }: SearchRequest,
) {
  assertConsistent(mergedFields(stored, query));
  const filter = mergeFilters(stored, query);
  const place = await resolvePlace(db, filter);
  const toUsdMinor = usdMinorIn({ currency, rates });
  const index = await caches.index?.current();
  const served = index?.today === today ? index : undefined;
  const port: SearchPort = served
    ? indexSearch(served)
    : sqlSearch(db, {
        today,
        results: {
          cache: caches.results,
          key: searchKey(filter, { currency, today, place }),
        },
      });
  const withFacets = query.expand === 'filters';
  const answer = await port.search({
    filter,
    place,
    toUsdMinor,
    offset: (filter.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    withFacets,
    passport,
  });
  const [cards, facets] = await Promise.all([
    pageCards(db, answer.ids, () => compileFilter(filter, { today, toUsdMinor, place }), {
      currency,
      rates,
      today,
      withAlt: false,
      // The card store belongs beside the index (decision 044): SQL answers take cards from SQL.
      store:
        served && caches.cards
          ? {
              cards: caches.cards,
              index: served,
              ...cardScopeOf(filter, { today, toUsdMinor }),
            }
          : undefined,
    }),
    answer.facets &&
      withChosenValues(
        db,
        toFilterFacets(answer.facets, { currency, rates }, { selectedOrganizer: filter.organizer }),
        filter,
      ),
  ]);
  const list = {
    items: 'items' in cards ? cards.items : [],
    pagination: pagination(filter.page, answer.total),
    ...(facets ? { filters: facets } : {}),
  } satisfies TourList;
  const itemBodies = 'bodies' in cards ? cards.bodies : undefined;
  // Which implementation answered: the index, or SQL while none serves (a new day, a start).
  const source = served ? 'index' : 'sql';
  return { filter, list, itemBodies, tourIds: answer.ids, source };
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

/**
 * Everything an answer depends on besides the catalogue (whose changes the cache follows): the
 * operation, the filter, the page, the sort, `expand`, the currency with its rates and the day,
 * and for "fits me first" alone the normalised rider passport (two passports never share an
 * answer; every other sort ignores the passport and shares its answers).
 * Without a slug the normalised filter is the key (equivalent queries share an answer); with
 * one, the fields the query sets are, since they override the page's stored filters as given.
 */
function responseKey(
  operation: 'listTours' | 'getToursPage',
  query: Record<string, unknown> & { slug?: string | undefined; expand?: string | undefined },
  prices: RequestContext,
): string {
  // A contradictory query is a 400 (`assertConsistent`), never the cached answer of the filter
  // it would normalise to (a reversed range turned round, half a coordinate dropped).
  assertConsistent(mergedFields(undefined, query));
  const filter = query.slug ? setQueryFields(query) : mergeFilters(undefined, query);
  return JSON.stringify([
    operation,
    query.slug ?? null,
    query.expand ?? null,
    filter,
    prices.currency,
    ratesKey(prices.rates),
    prices.today,
    // Only a `fit` search has one (`fitPassport`): other keys stay as they were.
    ...(prices.passport ? [passportKey(prices.passport)] : []),
  ]);
}

/**
 * Response keys by raw request: a repeated search (the common case the response cache serves)
 * skips normalising its filter again. Bounded; cleared whole when full (a rare, cheap event).
 */
const MEMO_LIMIT = 10_000;
function memoizedResponseKey(memo: Map<string, string>) {
  return (
    operation: 'listTours' | 'getToursPage',
    request: FastifyRequest,
    query: Parameters<typeof responseKey>[1],
    prices: RequestContext,
  ): string => {
    // The passport is not in the URL: a `fit` search's raw request names it apart.
    const passport = passportKey(prices.passport) ?? '';
    const raw = `${operation}\n${request.url}\n${prices.currency}\n${ratesKey(prices.rates)}\n${prices.today}\n${passport}`;
    let key = memo.get(raw);
    if (key === undefined) {
      key = responseKey(operation, query, prices);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(raw, key);
    }
    return key;
  };
}

/**
 * The body as the route's 200 response schema serialises it (fast-json-stringify), as `send`
 * would, with cards given as JSON texts copied in (`listBody`). (`reply.serialize` cannot be
 * used: it looks the schema up without the content type, and the contract's responses are keyed
 * by it.)
 */
function serialized(
  reply: FastifyReply,
  body: { items: readonly unknown[] },
  itemBodies: readonly Buffer[] | undefined,
): Buffer {
  const byType: unknown = reply.getSerializationFunction('200', 'application/json');
  const byStatus: unknown = reply.getSerializationFunction('200');
  const serialize = [byType, byStatus].find((candidate) => typeof candidate === 'function') as
    Serialize | undefined;
  return listBody(serialize ?? JSON.stringify, body, itemBodies);
}

/** Contract handlers of the tour search, its facets and the search box's completions. */
export function catalogSearchHandlers(
  deps: CatalogSearchDeps,
  cache: ResultCache = createResultCache(),
): Pick<
  ServiceHandlers,
  'listTours' | 'getToursPage' | 'getToursFilterCompletion' | 'searchCities'
> {
  const responses = deps.responseCache ?? disabledResponseCache();
  // With the cache switched off, totals and facets are counted every time too.
  const results = deps.responseCache?.enabled === false ? uncachedResults : cache;
  const index = deps.searchIndex;
  // Card parts live beside the index they were read for (none without an index).
  const cards = index ? (deps.cardStore ?? createCardStore(deps.db)) : undefined;
  const keyOf = memoizedResponseKey(new Map());
  const today = deps.cachedAnswers?.today ?? currentDay();

  async function prices(request: FastifyRequest): Promise<RequestContext> {
    const rates = await deps.rates.get();
    const currency = requestCurrency(request, rates);
    return { rates, currency, today: today(), passport: fitPassport(request) };
  }

  return {
    async listTours(request, reply) {
      const query = request.query ?? {};
      const context = await prices(request);
      const key = keyOf('listTours', request, query, context);
      const cached = await responses.get(key, async () => {
        const page = query.slug ? await findSeoPage(deps.db, query.slug) : undefined;
        const { list, itemBodies, tourIds, source } = await runSearch(
          deps.db,
          { results, index, cards },
          context,
          { query, stored: page?.filters },
        );
        reply.header('x-search-source', source);
        return { body: serialized(reply, list, itemBodies), tourIds };
      });
      deps.cachedAnswers?.remember(request, key, context.rates, context.today);
      return sendCachedBody(reply, cached, responses.enabled);
    },

    async getToursPage(request, reply) {
      const context = await prices(request);
      const key = keyOf('getToursPage', request, request.query, context);
      const cached = await responses.get(key, async () => {
        const page = await findSeoPage(deps.db, request.query.slug);
        const { list, filter, itemBodies, tourIds, source } = await runSearch(
          deps.db,
          { results, index, cards },
          context,
          {
            query: request.query,
            stored: page.filters,
          },
        );
        reply.header('x-search-source', source);
        const body = serialized(reply, toursPage(page, list, describeFilter(filter)), itemBodies);
        return { body, tourIds };
      });
      deps.cachedAnswers?.remember(request, key, context.rates, context.today);
      return sendCachedBody(reply, cached, responses.enabled);
    },

    async getToursFilterCompletion(request) {
      const { phrase, limit, only, exclude, isCruisesSearch } = request.query;
      const items = await completeTourFilter(deps.db, {
        phrase,
        limit: limit ?? 5,
        today: today(),
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
