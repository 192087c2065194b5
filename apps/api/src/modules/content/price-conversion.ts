/** Converting a price between the currencies the rates table knows (`convertPrice`). */
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { convertAmount, type RatesCache } from '#src/shared/money/rates.ts';

/** Fraction digits per currency code (only codes the rates table knows reach it). */
const fractionDigits = new Map<string, number>();

/**
 * The decimals `currency` is written with (CLDR, through Intl): 0 for yen and won, 3 for the
 * Jordanian dinar, 2 for most. `@gallop/currency` formats without decimals and knows none.
 */
function decimalsOf(currency: string): number {
  let digits = fractionDigits.get(currency);
  if (digits === undefined) {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    fractionDigits.set(currency, digits);
  }
  return digits;
}

/**
 * `amount` in `from` as `to`, to `to`'s minor unit (whole yen, cents of a euro): 400 for an
 * amount that is not a number, 422 naming each currency the table does not know.
 */
export async function convertPrice(
  rates: RatesCache,
  from: string,
  to: string,
  amount: number,
): Promise<number> {
  if (!Number.isFinite(amount)) {
    throw new HttpError(400, 'Invalid query parameters', { amount: ['must be a number'] });
  }
  const table = await rates.get();
  const errors: Record<string, string[]> = {};
  if (!table.has(from)) errors['from_currency'] = [`${from} is not supported`];
  if (!table.has(to)) errors['to_currency'] = [`${to} is not supported`];
  if (Object.keys(errors).length) throw unprocessable('Currency is not supported', errors);
  // No finer than the currency has: a yen has no hundredths to show or to charge.
  const unit = 10 ** decimalsOf(to);
  return Math.round(convertAmount(amount, from, to, table) * unit) / unit;
}
