/**
 * An operator's rate change (`pnpm --filter @gallop/api rates EUR=0.93`): the rates and every
 * price search keeps in dollars move together, in one transaction (decision 168). Without it a
 * traveller filtering "up to US$2,000" would be shown a EUR tour at US$2,150, converted at the
 * new rate, that matched at the old one.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { currencyRates, tourDates } from '#src/db/schema/index.ts';
import { rateRefusal, withSiteCurrency } from '#src/shared/money/rates.ts';
import { repriceDatesInUsd, UsdFigureTooLargeError } from './dates-in-usd.ts';

/** One rate as the operator gave it: units per 1 USD, `undefined` to drop the currency. */
export interface RateChange {
  code: string;
  perUsd: number | undefined;
}

export type RateChangeResult =
  | {
      kind: 'changed';
      /** Currencies whose rate is new or differs: their dates were repriced. */
      changed: string[];
      /** Dates whose dollar figures changed, and their tours. */
      dates: number;
      tours: number;
    }
  | { kind: 'refused'; message: string };

/**
 * Stores `changes` and, in the same transaction, recomputes the dollar figures of every date
 * priced in a currency whose rate changed and those tours' cheapest price. A dropped currency, a
 * rate that is not a positive finite number, USD other than 1, one code given two rates, or a
 * rate that would price a date beyond search's 32-bit dollars is refused, and nothing changes.
 */
export async function changeCurrencyRates(
  db: Database,
  changes: readonly RateChange[],
  { today }: { today: string },
): Promise<RateChangeResult> {
  const wanted = new Map<string, number>();
  for (const { code, perUsd } of changes) {
    const refusal = rateRefusal(code, perUsd);
    if (refusal) return { kind: 'refused', message: refusal };
    if (wanted.has(code) && wanted.get(code) !== perUsd) {
      return { kind: 'refused', message: `${code} is given two rates: give it one` };
    }
    wanted.set(code, perUsd!);
  }
  if (wanted.size === 0) return { kind: 'changed', changed: [], dates: 0, tours: 0 };
  // Upserted in code order, as every writer locks them.
  const rows = [...wanted]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, perUsd]) => ({ code, perUsd }));
  try {
    return await db.transaction(async (tx) => {
      // One rate change at a time, none while a date's price is being written (writers read the
      // rates FOR SHARE, which this waits for and then holds off); plain reads (searches,
      // bookings, the rates cache) go on meanwhile.
      await tx.execute(sql`lock table currency_rates in exclusive mode`);
      const before = withSiteCurrency(await tx.select().from(currencyRates));
      await tx
        .insert(currencyRates)
        .values(rows)
        .onConflictDoUpdate({
          target: currencyRates.code,
          set: { perUsd: sql`excluded.per_usd`, updatedAt: sql`now()` },
        });
      const changed = rows.filter((row) => before.get(row.code) !== row.perUsd).map((r) => r.code);
      if (changed.length === 0) return { kind: 'changed', changed, dates: 0, tours: 0 };
      // The rates now: those read before, with the new ones over them.
      const rates = withSiteCurrency(
        [...before, ...wanted].map(([code, perUsd]) => ({ code, perUsd })),
      );
      const repriced = await repriceDatesInUsd(
        tx,
        rates,
        inArray(tourDates.currency, changed),
        today,
      );
      return { kind: 'changed', changed, ...repriced };
    });
  } catch (error) {
    if (error instanceof UsdFigureTooLargeError) {
      return {
        kind: 'refused',
        message: `${error.message}: nothing was changed; check the rate (units of ${error.currency} per 1 USD)`,
      };
    }
    throw error;
  }
}
