/**
 * The cached-answer fast path of `/spa/tours` and `/spa/tours-page` (decision 030). A repeated
 * search is answered in the route's `onRequest` hook, before query parsing, the contract's
 * validation and the handler, when the exact request (raw URL and `X-Currency` header, and for
 * a search that may be "fits me first" its `X-Rider-Passport` header) was
 * answered by the handler before and the response cache holds that answer, fresh, for the
 * current rates and day, showing no tour changed since. The bytes and headers are the handler's own
 * (`sendCachedBody`); anything else (a first request, a stale or evicted entry, new rates, a
 * new day, another currency, a bad request) falls through to the normal path unchanged.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendKeptBody } from '#src/http/compressed-bodies.ts';
import type { Rates, RatesCache } from '#src/shared/money/rates.ts';
import type { CachedBody, ResponseCache } from '../cache/response-cache.ts';
import { currentDay } from '#src/shared/dates.ts';
import { passportHeaderKey } from './passport-header.ts';

/**
 * Sends a cached (or just serialised) body, with where it came from. A body the response cache
 * keeps (`kept`) goes compressed to a client that accepts it from its second request on,
 * compressed once for all the requests it answers (decision 066). The request that computed it
 * (`fresh`) sends it as it is, as one computed with the cache off does: many searches are
 * asked only once, and compressing their answers was CPU spent for nothing (decision 081).
 */
export function sendCachedBody(reply: FastifyReply, cached: CachedBody, kept = true): FastifyReply {
  const fresh = cached.source === 'fresh';
  reply
    .header('x-catalog-cache', fresh ? 'miss' : `hit-${cached.source}`)
    .type('application/json; charset=utf-8');
  // Kept even when sent plain: a later request may get it compressed, so it varies by encoding.
  return kept ? sendKeptBody(reply, cached.body, { compress: !fresh }) : reply.send(cached.body);
}

/** A stable text for the rates an answer was priced with (one per rates object). */
const ratesKeys = new WeakMap<Rates, string>();
export function ratesKey(rates: Rates): string {
  let key = ratesKeys.get(rates);
  if (key === undefined) {
    key = JSON.stringify([...rates.entries()].sort(([a], [b]) => a.localeCompare(b)));
    ratesKeys.set(rates, key);
  }
  return key;
}

/** What a handler answered a request with: its response-cache key and what priced it. */
interface Answered {
  key: string;
  ratesKey: string;
  today: string;
}

/** Remembered requests; cleared whole when full (a rare, cheap event), like the key memo. */
const REMEMBERED_LIMIT = 10_000;

export interface CachedAnswers {
  /** The day searches are priced for; the handlers use this clock too, so both agree. */
  readonly today: () => string;
  /** Called by the handler once it has answered `request` 200 with the cache entry `key`. */
  remember(request: FastifyRequest, key: string, rates: Rates, today: string): void;
  /** The route's `onRequest` hook: answers from the cache or lets the request go on. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
}

/**
 * The raw request as the fast path knows it; undefined when a header comes twice. A search that
 * may be "fits me first" adds its `X-Rider-Passport` header (the passport orders it, and is not in
 * the URL); every other search ignores that header, as the handler does.
 */
function requestKey(request: FastifyRequest): string | undefined {
  const currency = request.headers['x-currency'];
  if (currency !== undefined && typeof currency !== 'string') return undefined;
  return `${request.url}\n${currency ?? ''}\n${passportHeaderKey(request)}`;
}

export function createCachedAnswers(deps: {
  responseCache: ResponseCache;
  rates: Pick<RatesCache, 'get'>;
  now?: () => number;
}): CachedAnswers {
  const answered = new Map<string, Answered>();
  const today = currentDay(deps.now);

  return {
    today,
    remember(request, key, rates, day) {
      if (!deps.responseCache.enabled) return;
      const raw = requestKey(request);
      if (raw === undefined) return;
      const known = answered.get(raw);
      const entry = { key, ratesKey: ratesKey(rates), today: day };
      if (known?.key === key && known.ratesKey === entry.ratesKey && known.today === day) return;
      if (answered.size >= REMEMBERED_LIMIT) answered.clear();
      answered.set(raw, entry);
    },
    async onRequest(request, reply) {
      if (request.method !== 'GET') return undefined;
      const raw = requestKey(request);
      const entry = raw === undefined ? undefined : answered.get(raw);
      if (!entry || entry.today !== today()) return undefined;
      let rates: Rates;
      try {
        rates = await deps.rates.get();
      } catch {
        return undefined; // the normal path reports it
      }
      // Other rates may price the answer differently, or drop the request's currency.
      if (ratesKey(rates) !== entry.ratesKey) return undefined;
      const body = deps.responseCache.peek(entry.key);
      if (!body) return undefined;
      return sendCachedBody(reply, { body, source: 'memory' });
    },
  };
}
