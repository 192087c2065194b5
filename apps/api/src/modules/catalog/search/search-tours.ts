/**
 * The SQL search as the search port (`SearchPort` of `@gallop/search-index`): the reference the
 * in-process index must agree with, and the fallback while no index serves. One statement answers
 * the page of ids, one the total, one the facets, run together; the total and the facet rows are
 * cached per filter. The cards of either implementation's ids come from `pageCards`. See
 * README.md for the plan strategy.
 */
import type { RiderPassport } from '@gallop/rider-fit';
import {
  dateBoundsOf,
  type DateBounds,
  type SearchAnswer,
  type SearchPort,
  type ToUsdMinor,
  type TourIndex,
} from '@gallop/search-index';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loadTourCards, type CardContext, type TourSummary } from '../tour-card.ts';
import type { CardStore } from './index-adapter/card-store.ts';
import {
  bookableDate,
  compileFilter,
  fitRank,
  matchingDate,
  whereAll,
  type CompiledFilter,
} from './conditions.ts';
import { facetRowsOf } from './facets.ts';
import { PAGE_SIZE, type TourSearchFilter } from './filters.ts';
import type { ResultCache } from './result-cache.ts';
import { and, queryRows } from './sql.ts';

type Sort = TourSearchFilter['sort'];

export interface TourPage {
  items: TourSummary[];
  pagination: { page: number; per_page: number; total: number; page_count: number };
}

/**
 * The page of ids, in order. The order ends with the id (a unique key), so pages never overlap or
 * skip a tour; it walks an index in order and stops after the page when it can
 * (`tours_search_idx` for the default sort, `tours_price_order_idx` for the price sorts without
 * date filters). "Fits me first" puts the passport's verdict (`fitRank`) before the default order;
 * without a passport that reads it is the default order.
 */
function pageQuery(
  compiled: CompiledFilter,
  sort: Sort,
  { offset, limit, passport }: { offset: number; limit: number; passport?: RiderPassport | null },
): SQL {
  const dates = matchingDate(compiled);
  const page = sql`limit ${limit} offset ${offset}`;
  const fit = sort === 'fit' ? fitRank(compiled, passport) : undefined;
  if (fit) {
    return sql`select tours.id from tours where ${whereAll(compiled)}
      order by ${fit}, tours.popularity desc nulls last, tours.id ${page}`;
  }
  if (sort === 'default' || sort === 'fit') {
    return sql`select tours.id from tours where ${whereAll(compiled)}
      order by tours.popularity desc nulls last, tours.id ${page}`;
  }
  const direction = sort === 'price' ? sql`asc` : sql`desc`;
  if (dates.length === 0) {
    // The cheapest bookable date is denormalised: the price index serves this order directly.
    return sql`select tours.id from tours where ${whereAll(compiled)}
      order by tours.from_price_usd ${direction}, tours.id ${direction} ${page}`;
  }
  // The price of a tour is its cheapest date that matches the date filters and carries the
  // rider (the card's price); a tour has one exactly when it matches.
  return sql`select tours.id from tours
    cross join lateral (
      select min(tour_dates.price_usd) as price from tour_dates
      where tour_dates.tour_id = tours.id and ${bookableDate(compiled.today)} and ${and(dates)}
    ) matching
    where ${and([...compiled.common, ...Object.values(compiled.facets)])}
      and matching.price is not null
    order by matching.price ${direction}, tours.id ${direction} ${page}`;
}

async function countTours(db: Database, compiled: CompiledFilter): Promise<number> {
  const [row] = await queryRows<{ total: number | string }>(
    db,
    sql`select count(*) as total from tours where ${whereAll(compiled)}`,
  );
  return Number(row?.total ?? 0);
}

/** Where totals and facet rows are kept between pages of one filter (see result-cache.ts). */
export interface ResultsCache {
  cache: ResultCache;
  /** Identifies the search (not the page or the sort). */
  key: string;
}

/**
 * The SQL search for the day `today` (bookable dates start today or later). With `results`, the
 * total and the facet rows come from the cache when the same search ran within its minute.
 */
export function sqlSearch(
  db: Database,
  { today, results }: { today: string; results?: ResultsCache | undefined },
): SearchPort {
  const cached = <T>(part: string, load: () => Promise<T>): Promise<T> =>
    results ? results.cache.get(`${part}:${results.key}`, load) : load();
  return {
    async search(request): Promise<SearchAnswer> {
      const { filter, place, toUsdMinor, offset, limit, withFacets, passport } = request;
      const compiled = compileFilter(filter, { today, toUsdMinor, place });
      const [rows, total, facets] = await Promise.all([
        queryRows<{ id: number | string }>(
          db,
          pageQuery(compiled, filter.sort, { offset, limit, passport }),
        ),
        cached('total', () => countTours(db, compiled)),
        withFacets ? cached('facets', () => facetRowsOf(db, compiled)) : undefined,
      ]);
      return { total, ids: rows.map((row) => Number(row.id)), facets };
    },
  };
}

/**
 * The dates a card may show: those the filter's date conditions accept and that carry its rider
 * (all without either): a card prices a tour as the price orders do.
 */
function dateScope(compiled: CompiledFilter): SQL | undefined {
  const dates = matchingDate(compiled);
  return dates.length > 0 ? and(dates) : undefined;
}

export function pagination(page: number, total: number): TourPage['pagination'] {
  return { page, per_page: PAGE_SIZE, total, page_count: Math.ceil(total / PAGE_SIZE) };
}

/**
 * What the card store needs of a search to pick the dates its cards show, as SQL's `dateScope`
 * does: the date filters' bounds and the rider's weight.
 */
export function cardScopeOf(
  filter: TourSearchFilter,
  options: { today: string; toUsdMinor: ToUsdMinor },
): { dates: DateBounds; riderWeight: number | undefined } {
  return { dates: dateBoundsOf(filter, options), riderWeight: filter.riderWeight };
}

/** A page's cards: as objects, or as JSON texts from the card store (decision 069). */
export type PageCards = { items: TourSummary[] } | { bodies: Buffer[] };

/**
 * Where a search's cards come from: the card store beside the index that answered (decision 044),
 * with the search's date bounds and rider, or else SQL, whose date scope is the filter's SQL form
 * (compiled only then, as it costs a few percent of an uncached search's CPU).
 */
export interface CardSource {
  compiled: () => CompiledFilter;
  store:
    | { cards: CardStore; index: TourIndex; dates: DateBounds; riderWeight?: number | undefined }
    | undefined;
}

/** The cards of an answer's ids, in order, showing the dates the search matched, as JSON texts when the store has them. */
export async function pageCards(
  db: Database,
  ids: readonly number[],
  source: CardSource,
  context: CardContext,
): Promise<PageCards> {
  const { store } = source;
  if (store) {
    const { cards, index, dates, riderWeight } = store;
    return { bodies: await cards.cardBodies(index, ids, dates, context, riderWeight) };
  }
  return { items: await sqlCards(db, ids, source, context) };
}

/** The same cards as objects (the map's points read their prices). */
export async function tourCards(
  db: Database,
  ids: readonly number[],
  source: CardSource,
  context: CardContext,
): Promise<TourSummary[]> {
  const { store } = source;
  if (store) {
    const { cards, index, dates, riderWeight } = store;
    return cards.cards(index, ids, dates, context, riderWeight);
  }
  return sqlCards(db, ids, source, context);
}

function sqlCards(
  db: Database,
  ids: readonly number[],
  source: CardSource,
  context: CardContext,
): Promise<TourSummary[]> {
  return loadTourCards(db, ids, { ...context, dateScope: dateScope(source.compiled()) });
}
