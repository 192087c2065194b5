/**
 * A date's dollar figures (`tour_dates.price_usd`, `price_per_day_usd`), which search filters and
 * sorts by, always follow its price and the current rate of its currency (decision 168). Every
 * writer of a date's price and every rate change goes through here, in one lock order: the rates
 * first, then the dates. A price writer reads the rates `FOR SHARE`; a rate change holds the rates
 * table `EXCLUSIVE` (`rate-changes.ts`), so neither commits figures computed from a rate the other
 * is replacing.
 */
import { and, gt, sql, type SQL } from 'drizzle-orm';
import { refreshTourDateFacts } from '#src/db/aggregates.ts';
import type { Database } from '#src/db/client.ts';
import { currencyRates, tourDates } from '#src/db/schema/index.ts';
import {
  datePriceInUsd,
  MAX_USD_MINOR,
  UnknownCurrencyError,
  withSiteCurrency,
  type Rates,
} from '#src/shared/money/rates.ts';
import { intArray } from '../search/sql.ts';

/** Dates read and written per statement: a rate change may reprice a million of them. */
const REPRICE_BATCH = 5_000;

/** A rate that would put a date's price beyond the 32-bit dollar figures search keeps. */
export class UsdFigureTooLargeError extends Error {
  constructor(
    readonly dateId: number,
    readonly currency: string,
  ) {
    super(
      `Date ${dateId} (priced in ${currency}) would cost more than US$${(MAX_USD_MINOR / 100).toLocaleString('en-US')} at that rate`,
    );
    this.name = 'UsdFigureTooLargeError';
  }
}

/**
 * The rates, read under a share lock a writer of dates' prices takes before it writes them: it
 * waits for a rate change under way and holds the next one off until it commits.
 */
export async function lockRatesForPriceWrite(tx: Database): Promise<Rates> {
  return withSiteCurrency(
    await tx.select().from(currencyRates).orderBy(currencyRates.code).for('share'),
  );
}

export interface RepricedDates {
  /** Dates whose figures changed. */
  dates: number;
  /** Their tours: their cheapest price (`from_price_usd`) was recomputed. */
  tours: number;
}

/**
 * Recomputes the dollar figures of the dates `which` selects from their price at `rates` (read
 * in this transaction, under the lock order above), writes those that changed and recomputes
 * their tours' `from_price_usd` for `today`. The change-log triggers carry every changed tour to
 * each process's search index, kept cards and cached answers (decision 110).
 */
export async function repriceDatesInUsd(
  tx: Database,
  rates: Rates,
  which: SQL,
  today: string,
): Promise<RepricedDates> {
  const tours = new Set<number>();
  let dates = 0;
  for (let after = 0; ;) {
    const rows = await tx
      .select({
        id: tourDates.id,
        tourId: tourDates.tourId,
        currency: tourDates.currency,
        price: tourDates.price,
        duration: tourDates.duration,
        priceUsd: tourDates.priceUsd,
        pricePerDayUsd: tourDates.pricePerDayUsd,
      })
      .from(tourDates)
      .where(and(which, gt(tourDates.id, after)))
      .orderBy(tourDates.id)
      .limit(REPRICE_BATCH)
      .for('update');
    const ids: number[] = [];
    const usd: number[] = [];
    const perDay: number[] = [];
    for (const row of rows) {
      const perUsd = rates.get(row.currency);
      if (perUsd === undefined) throw new UnknownCurrencyError(row.currency);
      const figures = datePriceInUsd(row.price, row.duration, perUsd);
      if (figures.priceUsd > MAX_USD_MINOR) throw new UsdFigureTooLargeError(row.id, row.currency);
      if (figures.priceUsd === row.priceUsd && figures.pricePerDayUsd === row.pricePerDayUsd) {
        continue;
      }
      ids.push(row.id);
      usd.push(figures.priceUsd);
      perDay.push(figures.pricePerDayUsd);
      tours.add(row.tourId);
    }
    if (ids.length > 0) {
      await tx.execute(sql`
        update tour_dates set price_usd = figures.usd, price_per_day_usd = figures.per_day
        from unnest(${intArray(ids)}, ${intArray(usd)}, ${intArray(perDay)})
          as figures(id, usd, per_day)
        where tour_dates.id = figures.id`);
      dates += ids.length;
    }
    if (rows.length < REPRICE_BATCH) break;
    after = rows.at(-1)!.id;
  }
  await refreshTourDateFacts(tx, today, [...tours]);
  return { dates, tours: tours.size };
}
