/**
 * The currency a booking is priced in (decisions: "Money": the currency the traveller saw). The
 * form's `currency` names it; without one, the `X-Currency` header the prices were read with
 * (USD by default). A body and a header that name different currencies cannot both be what the
 * traveller saw, so the booking is refused (422) rather than charged in either by guess.
 */
import type { FastifyRequest } from 'fastify';
import { unprocessable } from '#src/http/http-error.ts';
import { isSupportedCurrency, type Rates } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';

/** Whether the request names a currency in `X-Currency` (else prices were shown in USD). */
function sentHeader(request: FastifyRequest): boolean {
  const header = request.headers['x-currency'];
  return Boolean((Array.isArray(header) ? header[0] : header)?.trim());
}

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
  if (sentHeader(request) && asked !== shown) {
    const text = `The booking's currency ${asked} is not the one its prices were shown in (X-Currency ${shown})`;
    throw unprocessable(text, { currency: [text] });
  }
  return asked;
}
