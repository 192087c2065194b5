/** Converting a price between the currencies the rates table knows (`convertPrice`). */
import { HttpError, unprocessable } from '#src/http/http-error.ts';
import { convertAmount, type RatesCache } from '#src/shared/money/rates.ts';

/**
 * `amount` in `from` as `to`, to the cent: 400 for an amount that is not a number, 422 naming
 * each currency the table does not know.
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
  // Cents are enough for any display (prices are shown without decimals).
  return Math.round(convertAmount(amount, from, to, table) * 100) / 100;
}
