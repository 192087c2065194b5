/** Currencies the API contract accepts (spec section 3). */
export const CONTRACT_CURRENCIES = ['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY'] as const;
export type ContractCurrency = (typeof CONTRACT_CURRENCIES)[number];

export const DEFAULT_CURRENCY: ContractCurrency = 'USD';

export interface SliderLimits {
  /** Upper end of the total-price slider. */
  priceMax: number;
  /** Upper end of the price-per-day slider. */
  pricePerDayMax: number;
  step: number;
}

/** Per-currency slider maxima and step (spec section 9). */
export const SLIDER_LIMITS: Record<ContractCurrency, SliderLimits> = {
  EUR: { priceMax: 5000, pricePerDayMax: 500, step: 50 },
  USD: { priceMax: 5000, pricePerDayMax: 500, step: 50 },
  RUB: { priceMax: 200_000, pricePerDayMax: 20_000, step: 1000 },
  CNY: { priceMax: 20_000, pricePerDayMax: 2000, step: 200 },
  BYN: { priceMax: 10_000, pricePerDayMax: 1000, step: 100 },
  KZT: { priceMax: 1_000_000, pricePerDayMax: 100_000, step: 5000 },
};

export function isContractCurrency(value: unknown): value is ContractCurrency {
  return typeof value === 'string' && (CONTRACT_CURRENCIES as readonly string[]).includes(value);
}

/** Slider limits for a currency; unknown currencies get the default currency's limits. */
export function sliderLimitsFor(currency: string): SliderLimits {
  return SLIDER_LIMITS[isContractCurrency(currency) ? currency : DEFAULT_CURRENCY];
}
