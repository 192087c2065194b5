/**
 * The tour search query: one statement answers the page of cards (the ids of the page and each
 * card's parts, see `loadCardPage`), another the total, run together; the total is cached per
 * filter. See README.md for the plan strategy.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import {
  loadCardPage,
  loadTourCards,
  type CardContext,
  type CardPage,
  type TourSummary,
} from '../tour-card.ts';
import { bookableDate, dateConditions, whereAll, type CompiledFilter } from './conditions.ts';
import { PAGE_SIZE, type TourSearchFilter } from './filters.ts';
import { searchIndex, type IndexQuery } from './memory/query-index.ts';
import type { CardStore } from './memory/card-store.ts';
import type { TourIndex } from './memory/tour-index.ts';
import type { FacetRow } from './facets.ts';
import type { ResultCache } from './result-cache.ts';
import { and, queryRows } from './sql.ts';

type Sort = TourSearchFilter['sort'];

export interface TourPage {
  items: TourSummary[];
  pagination: { page: number; per_page: number; total: number; page_count: number };
}

/**
 * The page of ids with its sort key, and the same order for the outer card query. The order ends
 * with the id (a unique key), so pages never overlap or skip a tour.
 */
function searchPage(compiled: CompiledFilter, sort: Sort, offset: number): CardPage {
  const dates = dateConditions(compiled);
  const limit = sql`limit ${PAGE_SIZE} offset ${offset}`;
  if (sort === 'default') {
    return {
      query: sql`select tours.id, tours.popularity as sort_key from tours where ${whereAll(compiled)}
        order by tours.popularity desc nulls last, tours.id ${limit}`,
      order: sql`page.sort_key desc nulls last, page.id`,
    };
  }
  const direction = sort === 'price' ? sql`asc` : sql`desc`;
  const order = sql`page.sort_key ${direction}, page.id ${direction}`;
  if (dates.length === 0) {
    // The cheapest bookable date is denormalised: the price index serves this order directly.
    return {
      query: sql`select tours.id, tours.from_price_usd as sort_key from tours where ${whereAll(compiled)}
        order by tours.from_price_usd ${direction}, tours.id ${direction} ${limit}`,
      order,
    };
  }
  // The price of a tour is its cheapest date that matches the date filters.
  return {
    query: sql`select tours.id, matching.price as sort_key from tours
      cross join lateral (
        select min(tour_dates.price_usd) as price from tour_dates
        where tour_dates.tour_id = tours.id and ${bookableDate(compiled.today)} and ${and(dates)}
      ) matching
      where ${and([...compiled.common, ...Object.values(compiled.facets)])} and matching.price is not null
      order by matching.price ${direction}, tours.id ${direction} ${limit}`,
    order,
  };
}

function countQuery(compiled: CompiledFilter): SQL {
  return sql`select count(*) as total from tours where ${whereAll(compiled)}`;
}

/** Where totals are kept between pages of one filter (see result-cache.ts). */
export interface TotalsCache {
  cache: ResultCache;
  /** Identifies the filter (not the page or the sort). */
  key: string;
}

async function countTours(db: Database, compiled: CompiledFilter): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(db, countQuery(compiled));
  return Number(row?.total ?? 0);
}

/** The dates a card may show: those the filter's date conditions accept (all without any). */
function dateScope(compiled: CompiledFilter): SQL | undefined {
  const dates = dateConditions(compiled);
  return dates.length > 0 ? and(dates) : undefined;
}

/** A page of tour cards for a compiled filter, and the total number of matching tours. */
export async function searchTours(
  db: Database,
  compiled: CompiledFilter,
  filter: Pick<TourSearchFilter, 'sort' | 'page'>,
  context: CardContext,
  totals?: TotalsCache,
): Promise<TourPage> {
  const [items, total] = await Promise.all([
    loadCardPage(db, searchPage(compiled, filter.sort, (filter.page - 1) * PAGE_SIZE), {
      ...context,
      // Cards show the dates that matched (and price from the cheapest of them).
      dateScope: dateScope(compiled),
    }),
    totals
      ? totals.cache.get(`total:${totals.key}`, () => countTours(db, compiled))
      : countTours(db, compiled),
  ]);
  return { items, pagination: pagination(filter.page, total) };
}

function pagination(page: number, total: number): TourPage['pagination'] {
  return { page, per_page: PAGE_SIZE, total, page_count: Math.ceil(total / PAGE_SIZE) };
}

/** A page found by the index: its cards as objects, or as JSON texts from the card store. */
export type IndexedTourPage = Omit<TourPage, 'items'> & {
  cards: { items: TourSummary[] } | { bodies: Buffer[] };
  facetRows: FacetRow[] | undefined;
};

/**
 * The same page (and, on request, the facets' counted rows) from the in-process index: the
 * index finds the page's ids, total and counts; the cards come from the card store when there
 * is one (decision 044) as JSON texts (decision 069), else from the database.
 */
export async function searchToursInIndex(
  db: Database,
  index: TourIndex,
  query: IndexQuery,
  // The SQL form of the filter, which only reading cards from the database needs: compiling it
  // for every search cost a few percent of an uncached search's CPU.
  compiled: () => CompiledFilter,
  filter: Pick<TourSearchFilter, 'sort' | 'page'>,
  context: CardContext & { withFacets: boolean; cards?: CardStore | undefined },
): Promise<IndexedTourPage> {
  const result = searchIndex(index, query, {
    sort: filter.sort,
    offset: (filter.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    withFacets: context.withFacets,
  });
  const cards = context.cards
    ? { bodies: await context.cards.cardBodies(index, result.ids, query.dates, context) }
    : {
        items: await loadTourCards(db, result.ids, {
          ...context,
          dateScope: dateScope(compiled()),
        }),
      };
  return {
    cards,
    pagination: pagination(filter.page, result.total),
    facetRows: result.facets,
  };
}
