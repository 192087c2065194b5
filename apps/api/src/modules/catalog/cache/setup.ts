/** The catalogue response cache as the environment configures it (see docs/operations.md). */
import type { Env } from '#src/env.ts';
import { createByteLru } from './byte-lru.ts';
import {
  createResponseCache,
  disabledResponseCache,
  type AnswerSource,
  type ResponseCache,
} from './response-cache.ts';
import { createRedisStore, type StoreLog } from './shared-store.ts';
import type { TourChangesFeed } from './tour-changes.ts';

/** In-process budget for cached bodies: a page of cards is 20–60 KB, so about a thousand. */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;
/** Cached answers live a minute, like the currency rates. */
const RESPONSE_TTL_MS = 60_000;
/** For this long after that an answer is served while one search refreshes it. */
const RESPONSE_STALE_MS = 60_000;

export function createCatalogResponseCache(
  env: Pick<Env, 'CATALOG_CACHE' | 'REDIS_URL'>,
  /** The tours the catalogue's writes change: answers showing them are dropped. */
  changes: TourChangesFeed,
  log: StoreLog,
): ResponseCache {
  if (env.CATALOG_CACHE === 'off') return disabledResponseCache();
  return createResponseCache({
    memory: createByteLru<AnswerSource>(MEMORY_CACHE_BYTES, Date.now, RESPONSE_STALE_MS),
    shared: env.REDIS_URL ? createRedisStore({ url: env.REDIS_URL, log }) : undefined,
    changes: changes.subscribe(),
    ttlMs: RESPONSE_TTL_MS,
    staleMs: RESPONSE_STALE_MS,
    onRefreshError: (error) =>
      log.warn({ err: error }, 'response cache: refreshing a stale answer failed'),
  });
}
