/**
 * The response cache of the public catalogue reads (`/spa/tours`, `/spa/tours-page`, with their
 * facets): serialised JSON bodies, sent again as they are. Lookups go to the in-process LRU, then
 * to the shared store (Redis, when configured), then to `produce`; concurrent misses for one key
 * in one process share one `produce`. Entries expire after `ttlMs`, because answers depend on the
 * clock and on bookings too.
 *
 * Changes tour by tour (decision 110): each entry keeps the tours its page shows and when its
 * search started. The catalogue's change feed says which tours changed; an entry showing one of
 * them, from a search that started before this process learnt of the change, is no longer
 * answered (in memory or from the shared store, whichever process wrote it). Other entries live
 * on: a tour that newly matches a cached search shows when that entry expires. "Every tour
 * changed" drops every entry written before it.
 *
 * Stale while revalidate: for `staleMs` after its TTL an in-process entry is still answered
 * (`stale`) while one search refreshes it in the background, so a popular search whose entry
 * expires does not make its visitors wait for a search (counting facets over 100k tours takes
 * seconds). An answer is therefore at most `ttlMs` plus one search old.
 */
import { createHash } from 'node:crypto';
import { memoized } from '#src/memoized.ts';
import type { ByteLru } from './byte-lru.ts';
import type { SharedStore } from './shared-store.ts';
import type { TourChangesSubscription } from './tour-changes.ts';

type CacheSource = 'memory' | 'stale' | 'shared' | 'fresh';

export interface CachedBody {
  body: Buffer;
  source: CacheSource;
}

/** An answer as produced: its body and the tours its page shows. */
export interface ProducedAnswer {
  body: Buffer;
  tourIds: readonly number[];
}

/** What an entry's freshness depends on besides its TTL. */
export interface AnswerSource {
  tourIds: readonly number[];
  /** When the search that produced it started (ms since the epoch). */
  startedAt: number;
}

export interface ResponseCache {
  readonly enabled: boolean;
  /** The body for `key` (anything the answer depends on besides the catalogue). */
  get(key: string, produce: () => Promise<ProducedAnswer>): Promise<CachedBody>;
  /**
   * The fresh in-process body of `key` without waiting for anything: undefined when it is
   * absent, stale, shows a changed tour or is in the shared store only. The cached-answer fast
   * path answers with it and leaves every other case to `get`.
   */
  peek(key: string): Buffer | undefined;
  close(): Promise<void>;
}

export interface ResponseCacheOptions {
  /** In-process entries; create it with the same `staleMs` to serve stale answers. */
  memory: ByteLru<AnswerSource>;
  shared?: SharedStore | undefined;
  /** The tours the catalogue's writes change (without it, entries live out their TTL). */
  changes?: TourChangesSubscription | undefined;
  ttlMs?: number;
  /** How long an in-process entry may be answered stale after its TTL (the LRU's `staleMs`). */
  staleMs?: number;
  now?: () => number;
  /** Called when a background refresh fails (the stale answer stays until it is gone). */
  onRefreshError?: (error: unknown) => void;
}

/**
 * Bytes before the body in the shared store: the entry's expiry and its search's start (ms since
 * the epoch, doubles), the number of tours its page shows (uint32) and their ids (int32 each).
 */
const HEADER_BYTES = 20;
/** Keys of this entry format; another format (an older release's) is never read as this one. */
const KEY_FORMAT = 't1';

function withHeader(body: Buffer, expiresAt: number, source: AnswerSource): Buffer {
  const { tourIds, startedAt } = source;
  const header = Buffer.allocUnsafe(HEADER_BYTES + tourIds.length * 4);
  header.writeDoubleBE(expiresAt, 0);
  header.writeDoubleBE(startedAt, 8);
  header.writeUInt32BE(tourIds.length, 16);
  tourIds.forEach((id, position) => header.writeInt32BE(id, HEADER_BYTES + position * 4));
  return Buffer.concat([header, body]);
}

/** A shared entry's parts, or undefined when malformed or expired. */
function readHeader(
  stored: Buffer,
  now: number,
): { body: Buffer; ttlMs: number; source: AnswerSource } | undefined {
  if (stored.byteLength < HEADER_BYTES) return undefined;
  const ttlMs = stored.readDoubleBE(0) - now;
  const count = stored.readUInt32BE(16);
  const bodyStart = HEADER_BYTES + count * 4;
  if (ttlMs <= 0 || stored.byteLength < bodyStart) return undefined;
  const tourIds = Array.from({ length: count }, (_, position) =>
    stored.readInt32BE(HEADER_BYTES + position * 4),
  );
  const source = { tourIds, startedAt: stored.readDoubleBE(8) };
  return { body: stored.subarray(bodyStart), ttlMs, source };
}

/** Keys are hashed: filters make long keys, and Redis keys should stay short. */
const hashKey = (key: string): string =>
  `${KEY_FORMAT}:${createHash('sha1').update(key).digest('base64url')}`;

/** Hashes remembered (a repeated search peeks with the same key on every request). */
const HASHED_KEYS_LIMIT = 10_000;

/**
 * When this process learnt of each changed tour, kept as long as an entry written before it could
 * still be answered: an entry is current when its search started after every change it shows.
 */
function createChangeClock(
  changes: TourChangesSubscription | undefined,
  now: () => number,
  keepMs: number,
) {
  const changedAt = new Map<number, number>();
  let everyTourAt = -Infinity;
  let prunedAt = now();
  function collect(): void {
    if (!changes) return;
    const drained = changes.drain();
    if (drained !== 'all' && drained.length === 0) return;
    const at = now();
    if (drained === 'all') {
      everyTourAt = at;
      changedAt.clear();
      return;
    }
    for (const tourId of drained) {
      // Re-inserted, so the map stays in the order of learning and pruning stops early.
      changedAt.delete(tourId);
      changedAt.set(tourId, at);
    }
    if (at - prunedAt < keepMs) return;
    prunedAt = at;
    for (const [tourId, learnt] of changedAt) {
      if (at - learnt < keepMs) break;
      changedAt.delete(tourId);
    }
  }
  return {
    collect,
    isCurrent({ tourIds, startedAt }: AnswerSource): boolean {
      if (startedAt <= everyTourAt) return false;
      if (changedAt.size === 0) return true;
      for (const tourId of tourIds) {
        const learnt = changedAt.get(tourId);
        if (learnt !== undefined && startedAt <= learnt) return false;
      }
      return true;
    },
  };
}

export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const { memory, shared } = options;
  const clock = createChangeClock(options.changes, now, ttlMs + (options.staleMs ?? 0));
  const inFlight = new Map<string, Promise<CachedBody>>();
  // SHA-1 was a twelfth of a cached answer's CPU; a `Map` lookup is a fraction of it.
  const hashOf = memoized(hashKey, HASHED_KEYS_LIMIT);

  async function produceAndKeep(
    fullKey: string,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<CachedBody> {
    const startedAt = now();
    const { body, tourIds } = await produce();
    const source = { tourIds, startedAt };
    memory.set(fullKey, body, ttlMs, source);
    shared?.set(fullKey, withHeader(body, now() + ttlMs, source), ttlMs);
    return { body, source: 'fresh' };
  }

  async function lookup(
    fullKey: string,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<CachedBody> {
    const stored = shared ? await shared.get(fullKey) : undefined;
    const found = stored ? readHeader(stored, now()) : undefined;
    if (found && clock.isCurrent(found.source)) {
      memory.set(fullKey, found.body, found.ttlMs, found.source);
      return { body: found.body, source: 'shared' };
    }
    return produceAndKeep(fullKey, produce);
  }

  /** The in-process entry of `fullKey` unless it shows a changed tour (then it is dropped). */
  function current(fullKey: string) {
    clock.collect();
    const found = memory.lookup(fullKey);
    if (!found || clock.isCurrent(found.meta)) return found;
    memory.delete(fullKey);
    return undefined;
  }

  return {
    enabled: true,
    async get(key, produce) {
      const fullKey = hashOf(key);
      const found = current(fullKey);
      if (found && !found.stale) return { body: found.value, source: 'memory' };
      let pending = inFlight.get(fullKey);
      if (!pending) {
        // A stale entry is refreshed by a search, not from the shared store (it is as old).
        pending = (found ? produceAndKeep(fullKey, produce) : lookup(fullKey, produce)).finally(
          () => inFlight.delete(fullKey),
        );
        inFlight.set(fullKey, pending);
      }
      if (!found) return pending;
      pending.catch((error: unknown) => options.onRefreshError?.(error));
      return { body: found.value, source: 'stale' };
    },
    peek(key) {
      const found = current(hashOf(key));
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
    async get(_key, produce) {
      return { body: (await produce()).body, source: 'fresh' };
    },
    peek: () => undefined,
    async close() {},
  };
}
