import type { FastifyRequest } from 'fastify';
import { ratesKey } from './cached-answers.ts';
import { assertConsistent, mergedFields, mergeFilters, setQueryFields } from './filters.ts';
import { passportKey } from './passport-header.ts';
import type { RequestContext } from './run-search.ts';

/** The search calls whose whole answers are cached. */
export type SearchOperation = 'listTours' | 'listTourMapPoints' | 'getToursPage';

/**
 * Everything an answer depends on besides the catalogue (whose changes the cache follows): the
 * operation, the filter, the page, the sort, `expand`, the currency with its rates and the day,
 * and for "fits me first" alone the normalised rider passport (two passports never share an
 * answer; every other sort ignores the passport and shares its answers).
 * Without a slug the normalised filter is the key (equivalent queries share an answer); with
 * one, the fields the query sets are, since they override the page's stored filters as given.
 */
function responseKey(
  operation: SearchOperation,
  query: Record<string, unknown> & { slug?: string | undefined; expand?: string | undefined },
  prices: RequestContext,
): string {
  // A contradictory query is a 400 (`assertConsistent`), never the cached answer of the filter
  // it would normalise to (a reversed range turned round, half a coordinate dropped).
  // Price bounds read in the request's currency, as the search reads them (decision 176): a
  // ₩3,000,000 bound is no bound in USD, and keys apart from no bound in KRW.
  assertConsistent(mergedFields(undefined, query, prices.currency));
  const filter = query.slug
    ? setQueryFields(query)
    : mergeFilters(undefined, query, prices.currency);
  return JSON.stringify([
    operation,
    query.slug ?? null,
    query.expand ?? null,
    filter,
    prices.currency,
    ratesKey(prices.rates),
    prices.today,
    // Only a `fit` search has one (`fitPassport`): other keys stay as they were.
    ...(prices.passport ? [passportKey(prices.passport)] : []),
  ]);
}

/**
 * Response keys by raw request: a repeated search (the common case the response cache serves)
 * skips normalising its filter again. Bounded; cleared whole when full (a rare, cheap event).
 */
const MEMO_LIMIT = 10_000;
export function memoizedResponseKey(memo: Map<string, string>) {
  return (
    operation: SearchOperation,
    request: FastifyRequest,
    query: Parameters<typeof responseKey>[1],
    prices: RequestContext,
  ): string => {
    // The passport is not in the URL: a `fit` search's raw request names it apart.
    const passport = passportKey(prices.passport) ?? '';
    const raw = `${operation}\n${request.url}\n${prices.currency}\n${ratesKey(prices.rates)}\n${prices.today}\n${passport}`;
    let key = memo.get(raw);
    if (key === undefined) {
      key = responseKey(operation, query, prices);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(raw, key);
    }
    return key;
  };
}
