/**
 * Amounts at the payment provider's edge. Gallop keeps every amount in hundredths of its
 * currency's unit (`price`, `paid`, `payments.amount`: ¥216,652 is 21665200), whatever the
 * currency. A provider counts ISO 4217 minor units, as Stripe-like APIs do: whole yen and won for
 * the zero-decimal currencies, cents for the two-decimal ones, thousandths for the three-decimal
 * ones. Every amount Gallop hands a provider goes through `toProviderAmount`, so ¥216,652 is sent
 * as 216652, not 21665200.
 */

/** An amount in the ISO 4217 minor units of its currency, as a provider takes it. */
export type ProviderAmount = number & { readonly unit: 'iso-4217-minor' };

/** ISO 4217 currencies without minor units (exponent 0). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/** ISO 4217 currencies with three decimals (exponent 3). */
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** The ISO 4217 exponent of `currency`: its minor units per unit are 10 to this power. */
export function minorUnitDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** Gallop's hundredths are two digits: this many tens turn them into the currency's minor units. */
const GALLOP_DIGITS = 2;

/**
 * Gallop's amount (hundredths of a unit) in the currency's ISO 4217 minor units. Gallop prices
 * in whole units, so the division is exact; an amount that is not (a fraction of a yen) is a
 * bug upstream and throws rather than charge or refund a rounded sum.
 */
export function toProviderAmount(amount: number, currency: string): ProviderAmount {
  const shift = minorUnitDigits(currency) - GALLOP_DIGITS;
  const converted = shift >= 0 ? amount * 10 ** shift : amount / 10 ** -shift;
  if (!Number.isSafeInteger(converted)) {
    throw new RangeError(`${amount} hundredths of ${currency} are not whole minor units`);
  }
  return converted as ProviderAmount;
}

/** A provider's amount (ISO 4217 minor units) in Gallop's hundredths of a unit. */
export function fromProviderAmount(amount: number, currency: string): number {
  const shift = minorUnitDigits(currency) - GALLOP_DIGITS;
  return shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift;
}
