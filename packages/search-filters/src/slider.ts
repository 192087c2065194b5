import { type CurrencyCode, DEFAULT_CURRENCY, parseCurrency } from '@gallop/currency';
import { filterCapsFor, type FilterCaps } from './caps';

export interface SliderLimits {
  /** Upper end of the total-price slider. */
  priceMax: number;
  /** Upper end of the price-per-day slider. */
  pricePerDayMax: number;
  /** Slider step. */
  step: number;
}

/** Slider maxima and step (docs/product.md, Constants), for the contract currencies. */
export const SPEC_SLIDER_LIMITS = {
  EUR: { priceMax: 5000, pricePerDayMax: 500, step: 50 },
  USD: { priceMax: 5000, pricePerDayMax: 500, step: 50 },
  RUB: { priceMax: 200_000, pricePerDayMax: 20_000, step: 1000 },
  CNY: { priceMax: 20_000, pricePerDayMax: 2000, step: 200 },
  BYN: { priceMax: 10_000, pricePerDayMax: 1000, step: 100 },
  KZT: { priceMax: 1_000_000, pricePerDayMax: 100_000, step: 5000 },
} as const satisfies Record<string, SliderLimits>;

/**
 * Approximate units per 1 USD (mid-market, late 2025) for the supported currencies that the spec
 * gives no slider limits for. They only size the sliders; prices are converted by the API's rates.
 */
export const APPROXIMATE_USD_RATES = {
  AED: 3.67,
  CAD: 1.38,
  AUD: 1.53,
  SGD: 1.3,
  NZD: 1.74,
  GBP: 0.76,
  CHF: 0.8,
  TRY: 42,
  JPY: 155,
  KRW: 1450,
  INR: 88.5,
} as const;

const NICE_STEPS = [1, 2, 5, 10];

/** The 1-2-5 number nearest to `value` on a log scale (37.5 -> 50, 360 -> 500, 7750 -> 10000). */
function niceNumber(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const scaled = value / magnitude;
  let best = 1;
  for (const candidate of NICE_STEPS) {
    if (Math.abs(Math.log(candidate / scaled)) < Math.abs(Math.log(best / scaled)))
      best = candidate;
  }
  return best * magnitude;
}

/**
 * Slider limits for a currency the spec does not list, derived from its rate to USD (units per
 * 1 USD): the USD step (50) converted and rounded to the nearest 1-2-5 number; the total maximum
 * is 100 steps and the per-day maximum 10 steps, the proportions of the USD and EUR limits.
 * GBP at 0.76 gives 50 / 5000 / 500, JPY at 155 gives 10000 / 1000000 / 100000.
 */
export function deriveSliderLimits(usdRate: number): SliderLimits {
  if (!Number.isFinite(usdRate) || usdRate <= 0) return SPEC_SLIDER_LIMITS.USD;
  const step = niceNumber(SPEC_SLIDER_LIMITS.USD.step * usdRate);
  return { priceMax: step * 100, pricePerDayMax: step * 10, step };
}

/** Slider steps a total-price slider capped at the filter's cap is given: about this many. */
const CAPPED_SLIDER_STEPS = 100;

/**
 * Slider limits as each currency's table row or derivation gives them, before any cap: the spec's
 * where it gives them, derived from the approximate rate elsewhere.
 */
export const UNCAPPED_SLIDER_LIMITS: Readonly<Record<CurrencyCode, SliderLimits>> = {
  ...SPEC_SLIDER_LIMITS,
  ...(Object.fromEntries(
    Object.entries(APPROXIMATE_USD_RATES).map(([code, rate]) => [code, deriveSliderLimits(rate)]),
  ) as Record<keyof typeof APPROXIMATE_USD_RATES, SliderLimits>),
};

/**
 * The price caps of every known currency (decision 176, {@link filterCapsFor}): the spec's
 * 200000 / 30000 or, for small units, the largest of those, the currency's slider maxima and the
 * USD slider's 5000 / 500 derived in it. Every slider above is within its currency's caps.
 */
export const FILTER_CAPS: Readonly<Record<CurrencyCode, FilterCaps>> = Object.fromEntries(
  Object.keys(UNCAPPED_SLIDER_LIMITS).map((code) => [code, filterCapsFor(code)]),
) as Record<CurrencyCode, FilterCaps>;

/**
 * Limits within what the filter takes in `currency` (its {@link filterCapsFor} caps; the spec's
 * 200000 total and 30000 a day without one). A slider reaching beyond them would show a range the
 * search drops (a bound at or above the cap restricts nothing), so its maxima are brought down to
 * the caps, with a step of about a hundredth of the total cap where the total was capped. Limits
 * already within the caps are returned as given: the table's and the approximate rates' always
 * are, so only limits derived from a live rate far from the approximate one are ever brought down.
 */
export function withinFilterCaps(limits: SliderLimits, currency?: string): SliderLimits {
  const { priceMax: priceCap, pricePerDayMax: perDayCap } = filterCapsFor(currency);
  if (limits.priceMax <= priceCap && limits.pricePerDayMax <= perDayCap) return limits;
  const priceMax = Math.min(limits.priceMax, priceCap);
  const step =
    limits.priceMax > priceCap
      ? Math.min(limits.step, niceNumber(priceCap / CAPPED_SLIDER_STEPS))
      : limits.step;
  const pricePerDayMax = Math.floor(Math.min(limits.pricePerDayMax, perDayCap) / step) * step;
  return { priceMax, pricePerDayMax, step };
}

/**
 * Slider limits for every known currency: the spec's where it gives them, derived elsewhere
 * ({@link UNCAPPED_SLIDER_LIMITS}), each within its currency's caps, which they always are: JPY,
 * KRW, INR and the spec's KZT reach their full 1000000, 10000000, 500000 and 1000000.
 */
export const SLIDER_LIMITS: Readonly<Record<CurrencyCode, SliderLimits>> = Object.fromEntries(
  Object.entries(UNCAPPED_SLIDER_LIMITS).map(([code, limits]) => [
    code,
    withinFilterCaps(limits, code),
  ]),
) as Record<CurrencyCode, SliderLimits>;

/**
 * Slider limits for a currency, always within its caps ({@link withinFilterCaps}). The spec's
 * currencies get the spec's limits; another currency gets limits derived from `usdRate` when
 * given (a live rate), else from the approximate rate above. An unknown currency gets the default
 * currency's (USD) limits.
 */
export function sliderLimitsFor(currency: string, usdRate?: number): SliderLimits {
  const code = parseCurrency(currency) ?? DEFAULT_CURRENCY;
  if (code in SPEC_SLIDER_LIMITS || usdRate === undefined) return SLIDER_LIMITS[code];
  if (Number.isFinite(usdRate) && usdRate > 0) {
    return withinFilterCaps(deriveSliderLimits(usdRate), code);
  }
  return SLIDER_LIMITS[code];
}
