import type { FastifyRequest } from 'fastify';
import { isSupportedCurrency, type Rates } from './rates.ts';

const DEFAULT_CURRENCY = 'USD';

/**
 * A 422 answer: the visitor asked for a currency the rates table does not know. Only a
 * three-letter code is named in the message: the header is the visitor's text, of any length.
 */
class UnsupportedCurrencyError extends Error {
  readonly statusCode = 422;
  constructor(code: string | undefined) {
    super(
      code === undefined
        ? 'Currency is not supported: X-Currency takes a three-letter code'
        : `Currency ${code} is not supported`,
    );
    this.name = 'UnsupportedCurrencyError';
  }
}

/**
 * The currency prices are shown in: the `X-Currency` header (docs/product.md, Calls), USD by
 * default. Lower case is accepted; an unknown code is a 422 rather than a silent fallback.
 */
export function requestCurrency(request: FastifyRequest, rates: Rates): string {
  const header = request.headers['x-currency'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toUpperCase();
  if (!value) return DEFAULT_CURRENCY;
  if (!/^[A-Z]{3}$/.test(value)) throw new UnsupportedCurrencyError(undefined);
  if (!isSupportedCurrency(rates, value)) throw new UnsupportedCurrencyError(value);
  return value;
}
