import { FILTER_LIMITS } from './constants';

/** What a price filter takes in one currency: bounds are clamped to these caps. */
export interface FilterCaps {
  /** Cap of the total price range (`priceMin`/`priceMax`). */
  priceMax: number;
  /** Cap of the price per day range (`pricePerDayMin`/`pricePerDayMax`). */
  pricePerDayMax: number;
}

/** The spec's caps (`FILTER_LIMITS`, written for RUB-sized units): most currencies'. */
const SPEC_CAPS: FilterCaps = {
  priceMax: FILTER_LIMITS.priceMax,
  pricePerDayMax: FILTER_LIMITS.pricePerDayMax,
};

/**
 * The currencies whose caps go past the spec's (decision 176), by their total cap; a day's is a
 * tenth of it. Each currency's caps are the largest of the spec's, its slider's maxima
 * (`SLIDER_LIMITS`) and the USD slider's 5000 / 500 derived at its approximate rate
 * (`deriveSliderLimits`), so its filter reaches at least as far as its slider and the USD
 * slider's dollars; caps.test.ts derives them again for every currency. A table, not the
 * derivation: the route reads every address with these, in the first load.
 */
const LARGER_TOTAL_CAPS: Readonly<Record<string, number>> = {
  RUB: 500_000,
  INR: 500_000,
  JPY: 1_000_000,
  KZT: 2_000_000,
  KRW: 10_000_000,
};

/**
 * The largest caps of any currency (KRW's): the API contract's maximum, and what an address,
 * read before any currency is known (and by visitors of every currency), keeps.
 */
export const LARGEST_FILTER_CAPS: FilterCaps = { priceMax: 10_000_000, pricePerDayMax: 1_000_000 };

/**
 * The caps of price bounds in `currency` (decision 176): the spec's 200000 and 30000 for USD, EUR
 * and most currencies; RUB and INR 500000 / 50000, JPY 1000000 / 100000, KZT 2000000 / 200000,
 * KRW 10000000 / 1000000. Without a currency, or for an unknown one, the default currency's
 * (USD), which are the spec's. Caps given as they are (`LARGEST_FILTER_CAPS`) are returned.
 */
export function filterCapsFor(currency?: string | FilterCaps): FilterCaps {
  if (typeof currency === 'object') return currency;
  const code = currency?.trim().toUpperCase() ?? '';
  if (!Object.hasOwn(LARGER_TOTAL_CAPS, code)) return SPEC_CAPS;
  const priceMax = LARGER_TOTAL_CAPS[code]!;
  return { priceMax, pricePerDayMax: priceMax / 10 };
}
