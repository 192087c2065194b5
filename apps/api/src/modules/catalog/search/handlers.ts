import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { currentDay } from '#src/shared/dates.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import {
  disabledResponseCache,
  type ProducedAnswer,
  type ResponseCache,
} from '../cache/response-cache.ts';
import { sendCachedBody, type CachedAnswers } from './cached-answers.ts';
import { completeTourFilter, searchCities } from './completion.ts';
import { describeFilter } from './filters.ts';
import { createCardStore, type CardStore } from './index-adapter/card-store.ts';
import type { TourIndexProvider } from './index-adapter/index-provider.ts';
import { serializedBody, serializedList } from './list-body.ts';
import { runMapSearch } from './map-points.ts';
import { fitPassport } from './passport-header.ts';
import { memoizedResponseKey, type SearchOperation } from './response-key.ts';
import { createResultCache, uncachedResults, type ResultCache } from './result-cache.ts';
import { findSeoPage, runSearch, toursPage, type RequestContext } from './run-search.ts';

export interface CatalogSearchDeps {
  db: Database;
  rates: RatesCache;
  /** Whole answers of `/spa/tours`, `/spa/tours-map` and `/spa/tours-page` (none when absent). */
  responseCache?: ResponseCache | undefined;
  /** The in-process index that answers totals, pages and facets (SQL alone without it). */
  searchIndex?: TourIndexProvider | undefined;
  /** Card parts of shown tours (a store of its own is made when absent and there is an index). */
  cardStore?: CardStore | undefined;
  /** The fast path in front of the handlers, told of every answer (and its clock is used). */
  cachedAnswers?: CachedAnswers | undefined;
}

/** Contract handlers of the tour search, its facets and the search box's completions. */
export function catalogSearchHandlers(
  deps: CatalogSearchDeps,
  cache: ResultCache = createResultCache(),
): Pick<
  ServiceHandlers,
  'listTours' | 'listTourMapPoints' | 'getToursPage' | 'getToursFilterCompletion' | 'searchCities'
> {
  const responses = deps.responseCache ?? disabledResponseCache();
  // With the cache switched off, totals and facets are counted every time too.
  const results = deps.responseCache?.enabled === false ? uncachedResults : cache;
  const index = deps.searchIndex;
  // Card parts live beside the index they were read for (none without an index).
  const cards = index ? (deps.cardStore ?? createCardStore(deps.db)) : undefined;
  const keyOf = memoizedResponseKey(new Map());
  // Answers the index computed follow its takeovers (decision 150).
  if (index) responses.follow(index);
  const today = deps.cachedAnswers?.today ?? currentDay();

  async function prices(request: FastifyRequest): Promise<RequestContext> {
    const rates = await deps.rates.get();
    const currency = requestCurrency(request, rates);
    return { rates, currency, today: today(), passport: fitPassport(request) };
  }

  /**
   * A search answer through the response cache (decision 110) and the cached-answer fast path
   * (030): `produce` runs only on a miss, with the request's prices, and says which
   * implementation of the port answered.
   */
  async function cachedSearch(
    operation: SearchOperation,
    request: FastifyRequest,
    reply: FastifyReply,
    query: Parameters<typeof keyOf>[2],
    produce: (context: RequestContext) => Promise<ProducedAnswer & { source: string }>,
  ) {
    const context = await prices(request);
    const key = keyOf(operation, request, query, context);
    const cached = await responses.get(key, async () => {
      const { body, tourIds, source, answeredBy } = await produce(context);
      reply.header('x-search-source', source);
      return { body, tourIds, answeredBy };
    });
    deps.cachedAnswers?.remember(request, key, context.rates, context.today);
    return sendCachedBody(reply, cached, responses.enabled);
  }

  /** The catalogue page a query names by `slug` (404 when there is none), or none. */
  const storedFilters = async (slug: string | undefined) =>
    slug ? (await findSeoPage(deps.db, slug)).filters : undefined;

  return {
    async listTours(request, reply) {
      const query = request.query ?? {};
      return cachedSearch('listTours', request, reply, query, async (context) => {
        const stored = await storedFilters(query.slug);
        const found = await runSearch(deps.db, { results, index, cards }, context, {
          query,
          stored,
        });
        return { ...found, body: serializedList(reply, found.list, found.itemBodies) };
      });
    },

    async listTourMapPoints(request, reply) {
      const query = request.query ?? {};
      return cachedSearch('listTourMapPoints', request, reply, query, async (context) => {
        const stored = await storedFilters(query.slug);
        const found = await runMapSearch(deps.db, { results, index, cards }, context, {
          query,
          stored,
        });
        return { ...found, body: serializedBody(reply, found.body) };
      });
    },

    async getToursPage(request, reply) {
      const { query } = request;
      return cachedSearch('getToursPage', request, reply, query, async (context) => {
        const page = await findSeoPage(deps.db, query.slug);
        const found = await runSearch(deps.db, { results, index, cards }, context, {
          query,
          stored: page.filters,
        });
        const body = serializedList(
          reply,
          toursPage(page, found.list, describeFilter(found.filter)),
          found.itemBodies,
        );
        return { ...found, body };
      });
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
