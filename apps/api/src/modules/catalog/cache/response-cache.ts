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
 * answered (in memory or from the shared store, whichever process wrote it). "Every tour
 * changed" drops every entry written before it.
 *
 * Changes that reach answers not showing them (decision 150): an answer the index computed keeps
 * its filter; each time a new index takes over (`follow`), the tours it read again are checked,
 * as the old index held them and as the new one does, against the filters of their segments
 * (each compiled once, for every index), and the answers they may count in (a tour newly matching,
 * a facet count) are dropped (`answer-filters.ts`). Across
 * processes an entry carries how far the change log had been read for the index that computed it
 * (`changesUpTo`); another process answers it only while its own index has read no further, so
 * no process answers an entry that misses a change its own index holds, and each process drops
 * its own copies when its own index moves on. An SQL answer (while no index serves) is dropped
 * at any change.
 *
 * Stale while revalidate: for `staleMs` after its TTL an in-process entry is still answered
 * (`stale`) while one search refreshes it in the background, so a popular search whose entry
 * expires does not make its visitors wait for a search (counting facets over 100k tours takes
 * seconds). An answer is therefore at most `ttlMs` plus one search old.
 */
import { createHash } from 'node:crypto';
import type { TourIndex } from '@gallop/search-index';
import { memoized } from '#src/memoized.ts';
import { createFilterRegistry, type AnswerFilter, type FilterRecord } from './answer-filters.ts';
import type { ByteLru } from './byte-lru.ts';
import type { IndexTakeover, IndexTakeovers } from './index-takeovers.ts';
import type { SharedStore } from './shared-store.ts';
import type { TourChangesSubscription } from './tour-changes.ts';

export type { AnswerFilter } from './answer-filters.ts';

type CacheSource = 'memory' | 'stale' | 'shared' | 'fresh';

export interface CachedBody {
  body: Buffer;
  source: CacheSource;
}

/**
 * What computed an answer: the index, with the filter it answered; SQL (no index served); or
 * unsaid, when only the tours an answer shows are followed (decision 110's rule alone).
 */
export type AnsweredBy = { index: TourIndex; filter: AnswerFilter } | 'sql' | undefined;

/** An answer as produced: its body, the tours its page shows and what computed it. */
export interface ProducedAnswer {
  body: Buffer;
  tourIds: readonly number[];
  answeredBy?: AnsweredBy;
}

/** How an entry learns of changes besides the tours it shows (decision 150). */
type Follows =
  | { kind: 'shown' }
  | { kind: 'sql' }
  /** Computed by this process's serving index: its filter is checked at each takeover. */
  | { kind: 'filter'; record: FilterRecord }
  /** Computed by an index that had read the change log up to `changesUpTo` (another process). */
  | { kind: 'upTo'; changesUpTo: number };

/** What an entry's freshness depends on besides its TTL. */
export interface AnswerSource {
  tourIds: readonly number[];
  /** When the search that produced it started (ms since the epoch). */
  startedAt: number;
  follows: Follows;
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
  /**
   * Follows the search index's takeovers (decision 150): answers it computed are checked against
   * the tours each new index read again, and a change the feed brings makes it apply them.
   */
  follow(index: IndexTakeovers): void;
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
 * Bytes before the body in the shared store: the entry's expiry, its search's start (ms since
 * the epoch) and its index's `changesUpTo` (doubles), what computed it (a byte: `STORED_KINDS`),
 * the number of tours its page shows (uint32) and their ids (int32 each).
 */
const HEADER_BYTES = 29;
/** Keys of this entry format; another format (an older release's) is never read as this one. */
const KEY_FORMAT = 't2';
const STORED_KINDS = ['shown', 'sql', 'upTo'] as const;

/** How a stored entry is followed by a process that reads it (`upTo` for every index answer). */
function storedFollows(kind: number, changesUpTo: number): Follows | undefined {
  switch (STORED_KINDS[kind]) {
    case 'shown':
      return { kind: 'shown' };
    case 'sql':
      return { kind: 'sql' };
    case 'upTo':
      return { kind: 'upTo', changesUpTo };
    default:
      return undefined;
  }
}

function withHeader(
  body: Buffer,
  expiresAt: number,
  { tourIds, startedAt }: AnswerSource,
  stored: { kind: (typeof STORED_KINDS)[number]; changesUpTo: number },
): Buffer {
  const header = Buffer.allocUnsafe(HEADER_BYTES + tourIds.length * 4);
  header.writeDoubleBE(expiresAt, 0);
  header.writeDoubleBE(startedAt, 8);
  header.writeDoubleBE(stored.changesUpTo, 16);
  header.writeUInt8(STORED_KINDS.indexOf(stored.kind), 24);
  header.writeUInt32BE(tourIds.length, 25);
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
  const follows = storedFollows(stored.readUInt8(24), stored.readDoubleBE(16));
  const count = stored.readUInt32BE(25);
  const bodyStart = HEADER_BYTES + count * 4;
  if (ttlMs <= 0 || !follows || stored.byteLength < bodyStart) return undefined;
  const tourIds = Array.from({ length: count }, (_, position) =>
    stored.readInt32BE(HEADER_BYTES + position * 4),
  );
  const source = { tourIds, startedAt: stored.readDoubleBE(8), follows };
  return { body: stored.subarray(bodyStart), ttlMs, source };
}

/** Keys are hashed: filters make long keys, and Redis keys should stay short. */
const hashKey = (key: string): string =>
  `${KEY_FORMAT}:${createHash('sha1').update(key).digest('base64url')}`;

/**
 * How often a lookup asks the followed index for itself (decision 150): a fifth of the feed's
 * half-second reads, so a change waits for no search to miss.
 */
const ASK_INDEX_EVERY_MS = 100;

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
  /** When this process last learnt of any change. */
  let anyTourAt = -Infinity;
  let prunedAt = now();
  /** Whether this collect learnt of a change. */
  function collect(): boolean {
    if (!changes) return false;
    const drained = changes.drain();
    if (drained !== 'all' && drained.length === 0) return false;
    const at = now();
    anyTourAt = at;
    if (drained === 'all') {
      everyTourAt = at;
      changedAt.clear();
      return true;
    }
    for (const tourId of drained) {
      // Re-inserted, so the map stays in the order of learning and pruning stops early.
      changedAt.delete(tourId);
      changedAt.set(tourId, at);
    }
    if (at - prunedAt < keepMs) return true;
    prunedAt = at;
    for (const [tourId, learnt] of changedAt) {
      if (at - learnt < keepMs) break;
      changedAt.delete(tourId);
    }
    return true;
  }
  return {
    collect,
    /** Whether no change at all was learnt after `startedAt` (how SQL answers are followed). */
    nothingChangedSince: (startedAt: number) => startedAt > anyTourAt,
    /** Whether no tour the entry shows changed after its search started (decision 110). */
    showsNoChange({ tourIds, startedAt }: AnswerSource): boolean {
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
  const keepMs = ttlMs + (options.staleMs ?? 0);
  const clock = createChangeClock(options.changes, now, keepMs);
  const filters = createFilterRegistry(now, keepMs);
  /** The index this process serves, once followed, and how far the log was read for it. */
  let followed: IndexTakeovers | undefined;
  let serving: { index: TourIndex; changesUpTo: number } | undefined;
  /** How far the log was read for each index that served (answers may finish after a takeover). */
  const changesUpToOf = new WeakMap<TourIndex, number>();
  const inFlight = new Map<string, Promise<CachedBody>>();
  // SHA-1 was a twelfth of a cached answer's CPU; a `Map` lookup is a fraction of it.
  const hashOf = memoized(hashKey, HASHED_KEYS_LIMIT);

  function tookOver(takeover: IndexTakeover): void {
    changesUpToOf.set(takeover.next, takeover.changesUpTo);
    serving = { index: takeover.next, changesUpTo: takeover.changesUpTo };
    filters.takeOver(takeover);
  }

  /** Whether an entry may still be answered: decision 110's rule, then its own (150). */
  function isCurrent(source: AnswerSource): boolean {
    if (!clock.showsNoChange(source)) return false;
    const { follows } = source;
    switch (follows.kind) {
      case 'shown':
        return true;
      case 'sql':
        return clock.nothingChangedSince(source.startedAt);
      case 'filter':
        return !follows.record.dropped;
      case 'upTo':
        // Without an index of its own, this process knows changes only as the feed tells them.
        return serving
          ? serving.changesUpTo <= follows.changesUpTo
          : clock.nothingChangedSince(source.startedAt);
    }
  }

  /**
   * How an answer is kept: in memory only when this process can follow it (an index answer
   * only from the serving index: one that finished after a takeover missed that check).
   */
  function keptAs(answeredBy: AnsweredBy): {
    memory: Follows | undefined;
    stored: Parameters<typeof withHeader>[3];
  } {
    if (answeredBy === undefined) {
      return { memory: { kind: 'shown' }, stored: { kind: 'shown', changesUpTo: NaN } };
    }
    const sql = { memory: { kind: 'sql' }, stored: { kind: 'sql', changesUpTo: NaN } } as const;
    if (answeredBy === 'sql') return sql;
    const changesUpTo = changesUpToOf.get(answeredBy.index);
    // An index this cache never saw serve (it follows none): followed as SQL answers are.
    if (changesUpTo === undefined) return sql;
    const stored = { kind: 'upTo', changesUpTo } as const;
    if (serving?.index !== answeredBy.index) return { memory: undefined, stored };
    const record = filters.recordFor(answeredBy.filter, answeredBy.index);
    return { memory: { kind: 'filter', record }, stored };
  }

  async function produceAndKeep(
    fullKey: string,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<CachedBody> {
    const startedAt = now();
    const { body, tourIds, answeredBy } = await produce();
    const kept = keptAs(answeredBy);
    const source: AnswerSource = { tourIds, startedAt, follows: kept.memory ?? { kind: 'sql' } };
    if (kept.memory) memory.set(fullKey, body, ttlMs, source);
    else memory.delete(fullKey);
    shared?.set(fullKey, withHeader(body, now() + ttlMs, source, kept.stored), ttlMs);
    return { body, source: 'fresh' };
  }

  async function lookup(
    fullKey: string,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<CachedBody> {
    const stored = shared ? await shared.get(fullKey) : undefined;
    const found = stored ? readHeader(stored, now()) : undefined;
    if (found && isCurrent(found.source)) {
      memory.set(fullKey, found.body, found.ttlMs, found.source);
      return { body: found.body, source: 'shared' };
    }
    return produceAndKeep(fullKey, produce);
  }

  /**
   * Asks the followed index for itself now and then: that reads the change feed and applies what
   * it brought, even while every search is answered from here (a search asks only on a miss).
   */
  let askedAt = -Infinity;
  function askIndex(learnt: boolean): void {
    if (!followed || (!learnt && now() - askedAt < ASK_INDEX_EVERY_MS)) return;
    askedAt = now();
    void followed.current();
  }

  /** The in-process entry of `fullKey` unless a change may have altered it (then it is dropped). */
  function current(fullKey: string) {
    askIndex(clock.collect());
    const found = memory.lookup(fullKey);
    if (!found || isCurrent(found.meta)) return found;
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
    follow(index) {
      if (followed) return;
      followed = index;
      index.onTakeover(tookOver);
    },
    async close() {
      memory.clear();
      filters.clear();
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
    follow() {},
    async close() {},
  };
}
