/**
 * A booking's amounts are kept in minor units of the traveller's currency, exactly (64-bit
 * columns, read as JS numbers): one that is not counted exactly any more is a 422 naming the
 * currency, before a seat is taken, rather than a database error.
 */
import { unprocessable } from '#src/http/http-error.ts';
import { isExactAmount } from '@gallop/booking-rules';

/** 422 when any of `amounts` (minor units of `currency`; null: none) is beyond exact counting. */
export function refuseInexactAmounts(currency: string, amounts: readonly (number | null)[]): void {
  if (amounts.every((amount) => amount === null || isExactAmount(amount))) return;
  throw unprocessable(
    `This booking comes to more than can be paid in ${currency}: choose another currency`,
  );
}
