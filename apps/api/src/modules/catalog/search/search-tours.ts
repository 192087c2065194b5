/**
 * The tour search query: one statement for the page of ids and one for the total, run together,
 * then `loadTourCards` for the 20 cards. See README.md for the plan strategy.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { loadTourCards, type CardContext, type TourSummary } from '../tour-card.ts';
import { bookableDate, dateConditions, whereAll, type CompiledFilter } from './conditions.ts';
import { PAGE_SIZE, type TourSearchFilter } from './filters.ts';
import type { ResultCache } from './result-cache.ts';
import { and, queryRows } from './sql.ts';

export type Sort = TourSearchFilter['sort'];

export interface TourPage {
  items: TourSummary[];
  pagination: { page: number; per_page: number; total: number; page_count: number };
}

/** `order by` with a unique last key (the id), so pages never overlap or skip a tour. */
function pageQuery(compiled: CompiledFilter, sort: Sort, offset: number): SQL {
  const dates = dateConditions(compiled);
  const limit = sql`limit ${PAGE_SIZE} offset ${offset}`;
  if (sort === 'default') {
    return sql`select tours.id from tours where ${whereAll(compiled)} order by tours.popularity desc nulls last, tours.id ${limit}`;
  }
  const direction = sort === 'price' ? sql`asc` : sql`desc`;
  if (dates.length === 0) {
    // The cheapest bookable date is denormalised: the price index serves this order directly.
    return sql`select tours.id from tours where ${whereAll(compiled)} order by tours.from_price_usd ${direction}, tours.id ${direction} ${limit}`;
  }
  // The price of a tour is its cheapest date that matches the date filters.
  return sql`select tours.id from tours
    cross join lateral (
      select min(tour_dates.price_usd) as price from tour_dates
      where tour_dates.tour_id = tours.id and ${bookableDate(compiled.today)} and ${and(dates)}
    ) matching
    where ${and([...compiled.common, ...Object.values(compiled.facets)])} and matching.price is not null
    order by matching.price ${direction}, tours.id ${direction} ${limit}`;
}

function countQuery(compiled: CompiledFilter): SQL {
  return sql`select count(*) as total from tours where ${whereAll(compiled)}`;
}

type Row = Record<string, unknown>;

/** Where totals are kept between pages of one filter (see result-cache.ts). */
export interface TotalsCache {
  cache: ResultCache;
  /** Identifies the filter (not the page or the sort). */
  key: string;
}

async function countTours(db: Database, compiled: CompiledFilter): Promise<number> {
  const [row] = await queryRows<Row>(db, countQuery(compiled));
  return Number(row?.['total'] ?? 0);
}

/** The ids of one page and the total number of matching tours, both queries at once. */
export async function searchTourIds(
  db: Database,
  compiled: CompiledFilter,
  sort: Sort,
  page: number,
  totals?: TotalsCache,
): Promise<{ ids: number[]; total: number }> {
  const [idRows, total] = await Promise.all([
    queryRows<Row>(db, pageQuery(compiled, sort, (page - 1) * PAGE_SIZE)),
    totals
      ? totals.cache.get(`total:${totals.key}`, () => countTours(db, compiled))
      : countTours(db, compiled),
  ]);
  return { ids: idRows.map((row) => Number(row['id'])), total };
}

/** A page of tour cards for a compiled filter. */
export async function searchTours(
  db: Database,
  compiled: CompiledFilter,
  filter: Pick<TourSearchFilter, 'sort' | 'page'>,
  context: CardContext,
  totals?: TotalsCache,
): Promise<TourPage> {
  const { ids, total } = await searchTourIds(db, compiled, filter.sort, filter.page, totals);
  const dates = dateConditions(compiled);
  const items = await loadTourCards(db, ids, {
    ...context,
    // Cards show the dates that matched (and price from the cheapest of them).
    dateScope: dates.length > 0 ? and(dates) : undefined,
  });
  return {
    items,
    pagination: {
      page: filter.page,
      per_page: PAGE_SIZE,
      total,
      page_count: Math.ceil(total / PAGE_SIZE),
    },
  };
}
