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
function withSiteCurrency(rows: readonly { code: string; perUsd: number }[]): Rates {
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

/** Prices are shown without decimals (docs/product.md, Constants): major units, rounded. */
export function toDisplayPrice(minorUnits: number, from: string, to: string, rates: Rates): number {
  return Math.round(convertAmount(minorUnits / 100, from, to, rates));
}

/**
 * The rates table, read at most once a minute: every search converts prices with it, and rates
 * change by command, not per request.
 */
export function createRatesCache(db: Database, ttlMs = 60_000) {
  let loaded: { at: number; rates: Promise<Rates> } | undefined;
  return {
    get(): Promise<Rates> {
      const now = Date.now();
      if (!loaded || now - loaded.at > ttlMs) {
        const rates = db.select().from(currencyRates).then(withSiteCurrency);
        loaded = { at: now, rates };
        // A failed read must not be cached.
        rates.catch(() => {
          if (loaded?.rates === rates) loaded = undefined;
        });
      }
      return loaded.rates;
    },
    /** Forget the cached rates (after the update command, in tests). */
    clear() {
      loaded = undefined;
    },
  };
}

export type RatesCache = ReturnType<typeof createRatesCache>;
