import type { FastifyRequest } from 'fastify';
import { todayIso } from '#src/shared/dates.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import type { CardContext } from '../tour-card.ts';

/** The visitor's currency, the alt switch and today: what every card and date needs. */
export async function requestCardContext(
  request: FastifyRequest,
  rates: RatesCache,
  withAlt: boolean,
): Promise<CardContext> {
  const table = await rates.get();
  return { currency: requestCurrency(request, table), rates: table, withAlt, today: todayIso() };
}
