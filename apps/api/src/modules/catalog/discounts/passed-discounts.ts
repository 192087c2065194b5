/**
 * Dated offers end on their day. A date's `discount_valid_until` (early booking by dates, a
 * seasonal offer) is the last day its discounted price holds; from the next day the date sells at
 * its price without the discount, so what a card shows and what a booking charges follow the
 * offer's terms (decisions: "Money", what is shown is what is charged); its dollar figures and its
 * tour's cheapest price follow at the current rate (decision 168). The catalogue's
 * change-log triggers carry each changed date's tour to every process's index, kept cards and
 * cached answers (decision 110).
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { tourDates } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { startRounds } from '#src/shared/rounds.ts';
import { lockRatesForPriceWrite, repriceDatesInUsd } from '../prices/dates-in-usd.ts';
import { intArray } from '../search/sql.ts';

/** Ends the offers whose last day is before `today` (YYYY-MM-DD); answers how many dates. */
export async function endPassedDiscounts(db: Database, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    // The rates first: a rate change under way is waited for, so the dollar figures search
    // sorts and filters by are computed at the rate in force (decision 168).
    const rates = await lockRatesForPriceWrite(tx);
    const ended = await tx
      .update(tourDates)
      .set({
        price: sql`${tourDates.priceWithoutDiscount}`,
        discountKind: null,
        discountPercent: null,
        discountValidUntil: null,
        isDiscountAuto: false,
      })
      .where(lt(tourDates.discountValidUntil, today))
      .returning({ id: tourDates.id });
    if (ended.length === 0) return 0;
    const ids = ended.map((row) => row.id);
    await repriceDatesInUsd(tx, rates, sql`${tourDates.id} = any(${intArray(ids)})`, today);
    return ended.length;
  });
}

/**
 * Runs `endPassedDiscounts` a minute after the start (a catalogue seeded on an earlier day) and
 * then every `intervalMs` (an hour by default: an offer ends at a day's turn); answers a stop
 * function.
 */
export function startDiscountExpiry(
  db: Database,
  options: {
    firstAfterMs?: number;
    intervalMs?: number;
    now?: () => Date;
    onEnded?: (dates: number) => void;
    onError: (error: unknown) => void;
  },
): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  return startRounds(
    async () => {
      const ended = await endPassedDiscounts(db, todayIso(now()));
      if (ended > 0) options.onEnded?.(ended);
    },
    {
      firstAfterMs: options.firstAfterMs ?? 60_000,
      intervalMs: options.intervalMs ?? 60 * 60_000,
      onError: options.onError,
    },
  );
}
