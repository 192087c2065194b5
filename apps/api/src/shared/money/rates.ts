import type { Database } from '#src/db/client.ts';
import { currencyRates } from '#src/db/schema/index.ts';

/** Units of each currency per 1 USD, as stored in `currency_rates`. */
export type Rates = ReadonlyMap<string, number>;

/**
 * The site's own currency: every rate is per one of it, so its rate is 1 by definition, and it is
 * supported before any rate is loaded (decision 163: an empty production database works at once).
 */
export const SITE_CURRENCY = 'USD';

/** The stored rates, with the site's currency at 1 whatever the table says or lacks. */
export function withSiteCurrency(rows: readonly { code: string; perUsd: number }[]): Rates {
  const rates = new Map(rows.map((row) => [row.code, row.perUsd]));
  rates.set(SITE_CURRENCY, 1);
  return rates;
}

export class UnknownCurrencyError extends Error {
  constructor(readonly currency: string) {
    super(`Currency ${currency} is not supported`);
    this.name = 'UnknownCurrencyError';
  }
}

function perUsd(rates: Rates, currency: string): number {
  const rate = rates.get(currency);
  if (rate === undefined) throw new UnknownCurrencyError(currency);
  return rate;
}

export function isSupportedCurrency(rates: Rates, currency: string): boolean {
  return rates.has(currency);
}

/** Converts an amount (any unit: major or minor) between currencies through USD. */
export function convertAmount(amount: number, from: string, to: string, rates: Rates): number {
  if (from === to) return amount;
  return (amount / perUsd(rates, from)) * perUsd(rates, to);
}

/** The largest USD figure a date may hold: search keeps them 32-bit (`tour_dates.price_usd`). */
export const MAX_USD_MINOR = 2 ** 31 - 1;

/**
 * A date's dollar figures, which search filters and sorts by: its price (minor units of its
 * currency) in USD minor units at `perUsd` units per dollar, and that per day. The one
 * conversion every writer of a date's price uses (the seed, an ended offer, a rate change), so a
 * date's figures are the same whichever wrote them last (decision 168).
 */
export function datePriceInUsd(
  price: number,
  duration: number,
  perUsd: number,
): { priceUsd: number; pricePerDayUsd: number } {
  const priceUsd = Math.round(price / perUsd);
  return { priceUsd, pricePerDayUsd: Math.round(priceUsd / Math.max(1, duration)) };
}

/**
 * Why a rate cannot be stored, or `undefined` when it can: every rate is a positive finite number
 * of units per 1 USD (USD's own is 1), and a currency is never dropped (`undefined`): tours,
 * bookings and visitors' choices stay priced in it (decision 168).
 */
export function rateRefusal(code: string, perUsd: number | undefined): string | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return `"${code}" is not a currency code (three letters, e.g. EUR)`;
  if (perUsd === undefined) {
    return `${code} cannot be dropped: dates, bookings and visitors' prices stay in it; give it a positive rate instead`;
  }
  if (!Number.isFinite(perUsd) || perUsd <= 0) {
    return `${code}=${perUsd}: a rate is a positive finite number of ${code} per 1 ${SITE_CURRENCY}, e.g. EUR=0.93`;
  }
  if (code === SITE_CURRENCY && perUsd !== 1) {
    return `${SITE_CURRENCY} is the site's currency: its rate is 1 by definition`;
  }
  return undefined;
}

/** Prices are shown without decimals (docs/product.md, Constants): major units, rounded. */
export function toDisplayPrice(minorUnits: number, from: string, to: string, rates: Rates): number {
  return Math.round(convertAmount(minorUnits / 100, from, to, rates));
}

/**
 * The rates table as requests convert with it: read once, then re-read in the background at most
 * every `checkEveryMs` (a handful of rows). A rate change thus reaches searches and cards within
 * seconds, as the dollar figures it recomputes reach the search index (decision 168), and never
 * makes a request wait. Unchanged rates keep the same map, so what is keyed by it (cached
 * answers, kept card texts) stays until a rate really changes.
 */
export function createRatesCache(db: Database, { checkEveryMs = 2_000 } = {}) {
  let loaded: { rates: Rates; key: string; at: number } | undefined;
  let loading: Promise<Rates> | undefined;
  /** Bumped by `clear()`: a read started before it must not install what it found. */
  let generation = 0;
  let checking = false;

  async function read(): Promise<Rates> {
    const started = generation;
    const rates = withSiteCurrency(await db.select().from(currencyRates));
    if (started !== generation) return rates;
    const key = JSON.stringify([...rates].sort(([a], [b]) => (a < b ? -1 : 1)));
    if (loaded?.key === key) return loaded.rates;
    loaded = { rates, key, at: Date.now() };
    return rates;
  }

  return {
    get(): Promise<Rates> {
      if (loaded) {
        if (!checking && Date.now() - loaded.at >= checkEveryMs) {
          // Stamped before the read, so a database outage is not asked again on every request.
          loaded.at = Date.now();
          checking = true;
          read()
            .catch(() => {})
            .finally(() => (checking = false));
        }
        return Promise.resolve(loaded.rates);
      }
      // A failed first read is not kept: the next request reads again.
      loading ??= read().finally(() => (loading = undefined));
      return loading;
    },
    /** Forget the cached rates: the next `get` reads the table (tests, after a rate change). */
    clear() {
      generation += 1;
      loaded = undefined;
      loading = undefined;
    },
  };
}

export type RatesCache = ReturnType<typeof createRatesCache>;
