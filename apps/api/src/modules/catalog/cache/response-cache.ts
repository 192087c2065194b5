/**
 * The response cache of the public catalogue reads (`/spa/tours`, `/spa/tours-page`, with their
 * facets): serialised JSON bodies, sent again as they are. Lookups go to the in-process LRU, then
 * to the shared store (Redis, when configured), then to `produce`; concurrent misses for one key
 * in one process share one `produce`. Keys carry the catalogue version, so a catalogue write
 * makes every instance miss (within the version reader's delay); entries also expire after
 * `ttlMs`, because answers depend on the clock and on bookings too.
 *
 * Stale while revalidate: for `staleMs` after its TTL an in-process entry is still answered
 * (`stale`) while one search refreshes it in the background, so a popular search whose entry
 * expires does not make its visitors wait for a search (counting facets over 100k tours takes
 * seconds). An answer is therefore at most `ttlMs` plus one search old; a catalogue write still
 * takes effect at once, since it changes the key.
 */
import { createHash } from 'node:crypto';
import { memoized } from '#src/memoized.ts';
import type { ByteLru } from './byte-lru.ts';
import type { SharedStore } from './shared-store.ts';

type CacheSource = 'memory' | 'stale' | 'shared' | 'fresh';

export interface CachedBody {
  body: Buffer;
  source: CacheSource;
}

export interface ResponseCache {
  readonly enabled: boolean;
  /** The body for `key` (anything the answer depends on, the catalogue version aside). */
  get(key: string, produce: () => Promise<Buffer>): Promise<CachedBody>;
  /**
   * The fresh in-process body of `key` without waiting for anything: undefined when it is
   * absent, stale, in the shared store only, or the catalogue version is not known without a
   * read. The cached-answer fast path answers with it and leaves every other case to `get`.
   */
  peek(key: string): Buffer | undefined;
  /** The catalogue version the keys are under now. */
  version(): Promise<number>;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** In-process entries; create it with the same `staleMs` to serve stale answers. */
  memory: ByteLru;
  shared?: SharedStore | undefined;
  version: () => Promise<number>;
  /**
   * The version `version()` would answer, when that is known without waiting (the version
   * reader's `peek`); without it `peek` never answers.
   */
  knownVersion?: () => number | undefined;
  ttlMs?: number;
  now?: () => number;
  /** Called when a background refresh fails (the stale answer stays until it is gone). */
  onRefreshError?: (error: unknown) => void;
}

/** Bytes before the body in the shared store: the entry's expiry (ms since the epoch). */
const HEADER_BYTES = 8;

function withExpiry(body: Buffer, expiresAt: number): Buffer {
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  header.writeDoubleBE(expiresAt);
  return Buffer.concat([header, body]);
}

/** A shared entry as body and remaining lifetime, or undefined when malformed or expired. */
function readExpiry(stored: Buffer, now: number): { body: Buffer; ttlMs: number } | undefined {
  if (stored.byteLength < HEADER_BYTES) return undefined;
  const ttlMs = stored.readDoubleBE(0) - now;
  return ttlMs > 0 ? { body: stored.subarray(HEADER_BYTES), ttlMs } : undefined;
}

/** Keys are hashed: filters make long keys, and Redis keys should stay short. */
const hashKey = (key: string): string => createHash('sha1').update(key).digest('base64url');

/** Hashes remembered (a repeated search peeks with the same key on every request). */
const HASHED_KEYS_LIMIT = 10_000;

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const { memory, shared } = options;
  const inFlight = new Map<string, Promise<CachedBody>>();
  // SHA-1 was a twelfth of a cached answer's CPU; a `Map` lookup is a fraction of it.
  const hashOf = memoized(hashKey, HASHED_KEYS_LIMIT);

  async function lookup(fullKey: string, produce: () => Promise<Buffer>): Promise<CachedBody> {
    const stored = shared ? await shared.get(fullKey) : undefined;
    const found = stored ? readExpiry(stored, now()) : undefined;
    if (found) {
      memory.set(fullKey, found.body, found.ttlMs);
      return { body: found.body, source: 'shared' };
    }
    const body = await produce();
    memory.set(fullKey, body, ttlMs);
    shared?.set(fullKey, withExpiry(body, now() + ttlMs), ttlMs);
    return { body, source: 'fresh' };
  }

  async function refresh(fullKey: string, produce: () => Promise<Buffer>): Promise<CachedBody> {
    const body = await produce();
    memory.set(fullKey, body, ttlMs);
    shared?.set(fullKey, withExpiry(body, now() + ttlMs), ttlMs);
    return { body, source: 'fresh' };
  }

  return {
    enabled: true,
    version: options.version,
    async get(key, produce) {
      const version = await options.version();
      const fullKey = `${version}:${hashOf(key)}`;
      const found = memory.lookup(fullKey);
      if (found && !found.stale) return { body: found.value, source: 'memory' };
      let pending = inFlight.get(fullKey);
      if (!pending) {
        // A stale entry is refreshed by a search, not from the shared store (it is as old).
        pending = (found ? refresh(fullKey, produce) : lookup(fullKey, produce)).finally(() =>
          inFlight.delete(fullKey),
        );
        inFlight.set(fullKey, pending);
      }
      if (!found) return pending;
      pending.catch((error: unknown) => options.onRefreshError?.(error));
      return { body: found.value, source: 'stale' };
    },
    peek(key) {
      const version = options.knownVersion?.();
      if (version === undefined) return undefined;
      const found = memory.lookup(`${version}:${hashOf(key)}`);
      return found && !found.stale ? found.value : undefined;
    },
    async close() {
      memory.clear();
      await shared?.close();
    },
  };
}

/** `CATALOG_CACHE=off`: every answer is produced (benchmarks of the uncached search). */
export function disabledResponseCache(): ResponseCache {
  return {
    enabled: false,
    version: async () => 0,
    async get(_key, produce) {
      return { body: await produce(), source: 'fresh' };
    },
    peek: () => undefined,
    async close() {},
  };
}
