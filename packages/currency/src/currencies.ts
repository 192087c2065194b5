/** Currencies the API contract accepts (docs/product.md, Entities). */
export const CONTRACT_CURRENCIES = ['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY'] as const;
export type ContractCurrency = (typeof CONTRACT_CURRENCIES)[number];

/**
 * Currencies the site offers in its picker (docs/product.md, Entities). The spec's `SHF` is the
 * Swiss franc, ISO 4217 `CHF` (docs/decisions: product decisions, "Geography and maps").
 */
export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'AED',
  'CAD',
  'AUD',
  'SGD',
  'NZD',
  'GBP',
  'CHF',
  'TRY',
  'CNY',
  'JPY',
  'KRW',
  'INR',
] as const;
export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number];

/** Every currency Gallop knows: the contract's and the site's lists together. */
export type CurrencyCode = ContractCurrency | SupportedCurrency;
export const CURRENCY_CODES: readonly CurrencyCode[] = [
  ...SUPPORTED_CURRENCIES,
  ...CONTRACT_CURRENCIES.filter(
    (code) => !(SUPPORTED_CURRENCIES as readonly string[]).includes(code),
  ),
];

/**
 * The default currency, used when neither the visitor nor the locale names one (docs/product.md,
 * Constants).
 */
export const DEFAULT_CURRENCY = 'USD' satisfies CurrencyCode;

/** Offered when the site configuration lists no currencies (docs/product.md, Constants). */
export const FALLBACK_CURRENCIES = ['RUB', 'EUR', 'USD'] as const satisfies readonly CurrencyCode[];

/** Spellings that mean a known currency: the spec writes the Swiss franc as `SHF`. */
const ALIASES: Readonly<Record<string, CurrencyCode>> = { SHF: 'CHF' };

export function isContractCurrency(value: unknown): value is ContractCurrency {
  return typeof value === 'string' && (CONTRACT_CURRENCIES as readonly string[]).includes(value);
}

export function isSupportedCurrency(value: unknown): value is SupportedCurrency {
  return typeof value === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/**
 * Reads a currency code from untrusted input (a cookie, a header, a query): trims, upper-cases
 * and maps `SHF` to `CHF`. Anything that is not a known currency gives `undefined`.
 */
export function parseCurrency(value: unknown): CurrencyCode | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toUpperCase();
  const resolved = ALIASES[code] ?? code;
  return isCurrencyCode(resolved) ? resolved : undefined;
}
