/**
 * The outcome pages' address, as the payment provider sends the traveller back:
 * `?request_id=R&payment_id=P&token=T` (the payment and its token say it all; `request_id` is
 * kept for the address only). The routes' `validateSearch`: plain readers in a small module, not
 * a zod schema, as route definitions ship in the first load, which carries no zod (decision 017,
 * `.size-limit.js`, decision 104). Anything malformed is dropped, as a zod `.catch(undefined)`
 * would.
 */
export interface OutcomeSearch {
  request_id?: number;
  payment_id?: number;
  token?: string;
}

/** A positive 32-bit id, as the contract's ids. */
const positiveId = (value: unknown) =>
  /^\d{1,10}$/.test(String(value)) && Number(value) > 0 && Number(value) < 2 ** 31
    ? Number(value)
    : undefined;

export function readOutcomeSearch({ request_id, payment_id, token }: Record<string, unknown>) {
  const search: OutcomeSearch = {};
  const requestId = positiveId(request_id);
  const paymentId = positiveId(payment_id);
  if (requestId) search.request_id = requestId;
  if (paymentId) search.payment_id = paymentId;
  if (typeof token === 'string' && token && token.length <= 128) search.token = token;
  return search;
}
