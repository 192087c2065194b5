/**
 * The outcome pages' address, as the payment provider sends the traveller back:
 * `?request_id=R&payment_id=P&token=T` (the payment and its token say it all; `request_id` is not
 * read). Plain readers, not a zod schema: route definitions ship in the first load, which carries
 * no zod (decision 017, `.size-limit.js`). Anything malformed is dropped, as a zod
 * `.catch(undefined)` would.
 */
export interface OutcomeSearch {
  payment_id?: number;
  token?: string;
}

export function readOutcomeSearch({ payment_id: id, token }: Record<string, unknown>) {
  const search: OutcomeSearch = {};
  // A positive 32-bit id, as the contract's `payment_id`.
  if (/^\d{1,10}$/.test(String(id)) && Number(id) > 0 && Number(id) < 2 ** 31) {
    search.payment_id = Number(id);
  }
  if (typeof token === 'string' && token && token.length <= 128) search.token = token;
  return search;
}
