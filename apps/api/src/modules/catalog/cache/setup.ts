/** The catalogue response cache as the environment configures it (see docs/operations.md). */
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { createByteLru } from './byte-lru.ts';
import { createCatalogVersionReader, readCatalogVersion } from './catalog-version.ts';
import {
  createResponseCache,
  disabledResponseCache,
  type ResponseCache,
} from './response-cache.ts';
import { createRedisStore, type StoreLog } from './shared-store.ts';

/** In-process budget for cached bodies: a page of cards is 20–60 KB, so about a thousand. */
const MEMORY_CACHE_BYTES = 64 * 1024 * 1024;
/** Cached answers live a minute, like the currency rates. */
const RESPONSE_TTL_MS = 60_000;
/** For this long after that an answer is served while one search refreshes it. */
const RESPONSE_STALE_MS = 60_000;

export function createCatalogResponseCache(
  env: Pick<Env, 'CATALOG_CACHE' | 'REDIS_URL'>,
  db: Database,
  log: StoreLog,
): ResponseCache {
  if (env.CATALOG_CACHE === 'off') return disabledResponseCache();
  const versions = createCatalogVersionReader(() => readCatalogVersion(db));
  return createResponseCache({
    memory: createByteLru(MEMORY_CACHE_BYTES, Date.now, RESPONSE_STALE_MS),
    shared: env.REDIS_URL ? createRedisStore({ url: env.REDIS_URL, log }) : undefined,
    version: () => versions.current(),
    knownVersion: () => versions.peek(),
    ttlMs: RESPONSE_TTL_MS,
    onRefreshError: (error) =>
      log.warn({ err: error }, 'response cache: refreshing a stale answer failed'),
  });
}
