/**
 * The currency a booking is priced in (decisions: "Money": the currency the traveller saw). The
 * form's `currency` names it; without one, the `X-Currency` header the prices were read with
 * (USD by default). The body wins over a header that names another currency (decision 160): the
 * header follows the site's currency cookie, which another tab may have changed since the form's
 * prices were shown, while the body says what this form showed.
 */
import type { FastifyRequest } from 'fastify';
import { unprocessable } from '#src/http/http-error.ts';
import { isSupportedCurrency, type Rates } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';

export function bookingCurrency(
  request: FastifyRequest,
  body: { currency?: string | undefined },
  rates: Rates,
): string {
  // An unknown header is its own 422, whatever the body says.
  const shown = requestCurrency(request, rates);
  const asked = body.currency;
  if (asked === undefined) return shown;
  if (!isSupportedCurrency(rates, asked)) {
    const text = `Currency ${asked} is not supported`;
    throw unprocessable(text, { currency: [text] });
  }
  return asked;
}
