import type { components } from '@gallop/api-client';
import type { RiderPassport } from '@gallop/rider-fit';
import {
  indexSearch,
  lowerUsd,
  upperUsd,
  type Place,
  type SearchPort,
  type ToUsdMinor,
  type TourIndex,
} from '@gallop/search-index';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { seoPages } from '#src/db/schema/index.ts';
import { notFound } from '#src/http/http-error.ts';
import type { Rates } from '#src/shared/money/rates.ts';
import type { AnsweredBy } from '../cache/response-cache.ts';
import { indexAnswerFilter } from './answer-filter.ts';
import { withChosenValues } from './chosen-facets.ts';
import { compileFilter, usdMinorIn } from './conditions.ts';
import { toFilterFacets } from './facets.ts';
import {
  assertConsistent,
  mergedFields,
  mergeFilters,
  PAGE_SIZE,
  type TourSearchFilter,
} from './filters.ts';
import type { CardStore } from './index-adapter/card-store.ts';
import type { TourIndexProvider } from './index-adapter/index-provider.ts';
import { resolvePlace } from './place.ts';
import type { ResultCache } from './result-cache.ts';
import { cardScopeOf, pageCards, pagination, sqlSearch, type CardSource } from './search-tours.ts';

type TourList = components['schemas']['TourList'];
type ToursPage = components['schemas']['ToursPage'];
type SeoPage = typeof seoPages.$inferSelect;

/** A catalogue page by slug (404 when there is none). */
export async function findSeoPage(db: Database, slug: string): Promise<SeoPage> {
  const [page] = await db.select().from(seoPages).where(eq(seoPages.slug, slug)).limit(1);
  if (!page) throw notFound(`No catalogue page ${slug}`);
  return page;
}

/**
 * What identifies a search's total and facets: the filter less page and sort, its price bounds as
 * the dollar figures they compare with (`usdMinorIn`: the currency and rates they were given in),
 * and its day and place. A catalogue page's dollar bounds thus share one entry in every currency,
 * and a visitor's bound in euros keys apart once a rate change moves its dollars.
 */
function searchKey(
  filter: TourSearchFilter,
  context: { toUsdMinor: ToUsdMinor; today: string; place: Place | undefined },
): string {
  const { page: _page, sort: _sort, ...rest } = filter;
  const { toUsdMinor } = context;
  const lower = (amount?: number) =>
    amount === undefined ? undefined : lowerUsd(amount, toUsdMinor);
  const upper = (amount?: number) =>
    amount === undefined ? undefined : upperUsd(amount, toUsdMinor);
  const dollars = {
    priceMin: lower(filter.priceMin),
    priceMax: upper(filter.priceMax),
    pricePerDayMin: lower(filter.pricePerDayMin),
    pricePerDayMax: upper(filter.pricePerDayMax),
  };
  return JSON.stringify([{ ...rest, ...dollars }, context.today, context.place ?? null]);
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
export interface RequestContext extends RequestPrices {
  passport: RiderPassport | undefined;
}

export interface SearchRequest {
  query: Record<string, unknown> & { expand?: 'filters' | undefined };
  stored: Record<string, unknown> | undefined;
}

/** The search port that serves a request, with the filter and place it was set up for. */
interface PreparedSearch {
  filter: TourSearchFilter;
  place: Place | undefined;
  toUsdMinor: ToUsdMinor;
  port: SearchPort;
  /** The index that serves today, when it is the one answering (else SQL answers). */
  served: TourIndex | undefined;
  /** Which implementation answers: the index, or SQL while none serves (a new day, a start). */
  source: 'index' | 'sql';
}

export interface SearchCaches {
  results: ResultCache;
  index: TourIndexProvider | undefined;
  cards: CardStore | undefined;
}

/**
 * What every search call shares before it asks the port: the stored and queried filters merged
 * (a contradictory one is a 400), the radius search's place resolved, the price bounds in USD,
 * and the port: the in-process index when one serves for today, else SQL (with its totals and
 * facets cached for a minute).
 */
export async function prepareSearch(
  db: Database,
  caches: Pick<SearchCaches, 'results' | 'index'>,
  { currency, rates, today }: RequestPrices,
  { query, stored }: SearchRequest,
): Promise<PreparedSearch> {
  // The visitor's price bounds are in the request's currency, clamped to its caps (decision 176);
  // a catalogue page's are dollars, converted into it (`STORED_PRICE_CURRENCY`).
  assertConsistent(mergedFields(stored, query, { currency, rates }));
  const filter = mergeFilters(stored, query, { currency, rates });
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
          key: searchKey(filter, { toUsdMinor, today, place }),
        },
      });
  return { filter, place, toUsdMinor, port, served, source: served ? 'index' : 'sql' };
}

/**
 * The cards of a search's tours in the visitor's currency, showing the dates it matched: from the
 * card store beside the index that answered (decision 044), else from SQL.
 */
export function cardSourceOf(
  prepared: PreparedSearch,
  cards: CardStore | undefined,
  { today }: RequestPrices,
): CardSource {
  const { filter, place, toUsdMinor, served } = prepared;
  return {
    compiled: () => compileFilter(filter, { today, toUsdMinor, place }),
    // The card store belongs beside the index (decision 044): SQL answers take cards from SQL.
    store:
      served && cards
        ? { cards, index: served, ...cardScopeOf(filter, { today, toUsdMinor }) }
        : undefined,
  };
}

/**
 * What computed a search's answer, for the response cache (decision 150): the index with the
 * filter it answered (its tours are checked against each change), or SQL while the index does
 * not serve (dropped at any change). With no index at all (`SEARCH_INDEX=off`), unsaid: answers
 * follow the tours they show (decision 110), or every write would drop every SQL answer.
 */
export function answeredByOf(
  prepared: PreparedSearch,
  { today, withFacets, indexed }: { today: string; withFacets: boolean; indexed: boolean },
): AnsweredBy {
  const { served, filter, place, toUsdMinor } = prepared;
  if (!served) return indexed ? 'sql' : undefined;
  return {
    index: served,
    filter: indexAnswerFilter(filter, { place, toUsdMinor, today, withFacets }),
  };
}

/**
 * The search both list calls share: filters → one page of cards (+ facets on request). The
 * search port answers the total, the page's ids and the facet rows; the cards and the facets'
 * shape are the same whichever answered.
 */
export async function runSearch(
  db: Database,
  caches: SearchCaches,
  context: RequestContext,
  request: SearchRequest,
) {
  const { currency, rates, today, passport } = context;
  const prepared = await prepareSearch(db, caches, context, request);
  const { filter, place, toUsdMinor, port, source } = prepared;
  const withFacets = request.query.expand === 'filters';
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
    pageCards(db, answer.ids, cardSourceOf(prepared, caches.cards, context), {
      currency,
      rates,
      today,
      withAlt: false,
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
  const indexed = caches.index !== undefined;
  const answeredBy = answeredByOf(prepared, { today, withFacets, indexed });
  return { filter, list, itemBodies, tourIds: answer.ids, source, answeredBy };
}

/** A catalogue page's answer: its list with the page's texts, breadcrumbs and filter. */
export function toursPage(
  page: SeoPage,
  list: TourList,
  filter: Record<string, unknown>,
): ToursPage {
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
