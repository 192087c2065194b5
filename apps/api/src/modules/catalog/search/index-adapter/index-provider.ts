/**
 * Keeps the in-process search index in step with the database. An index answers only for the
 * catalogue version and the day it was built for: when either changes, searches go to SQL (always
 * correct) while one rebuild runs in the background, and the new index takes over when it is
 * ready. Every catalogue write bumps the version (`catalog_version`); as a safety net an index is
 * also rebuilt after `maxAgeMs`, serving the old one meanwhile (like a stale cache entry). A new
 * index is prepared (its search structures built, decision 054) before it takes over, so no search
 * pays for those builds; a small one (`servesUnpreparedUpTo`) takes over at once and is prepared
 * behind it (decision 076).
 */
import type { CatalogVersionReader } from '../../cache/catalog-version.ts';
import { currentDay } from '#src/shared/dates.ts';
import type { TourIndex } from '@gallop/search-index';

export interface TourIndexProvider {
  /** The index for the current catalogue and day, or `undefined` (then SQL answers). */
  current(): Promise<TourIndex | undefined>;
  /** Builds the first index; resolves (never rejects) once it is ready or has failed. */
  warm(): Promise<void>;
  /** True once the first build has finished, built or failed (`/ready` waits for it). */
  warmed(): boolean;
  close(): void;
}

export interface TourIndexProviderOptions {
  versions: Pick<CatalogVersionReader, 'current'>;
  build: (key: { version: number; today: string }) => Promise<TourIndex>;
  /**
   * Builds what searches keep on a new index before it serves; a failure is logged and the index
   * serves anyway (searches then build what they need on first use).
   */
  prepare?: (index: TourIndex) => Promise<unknown>;
  /**
   * A new index of at most this many tours serves as soon as it is built, and is prepared behind
   * it: built on first use, a small index's structures cost milliseconds, while preparing them
   * all up front (cold code at a start) held a reopen of the demo catalogue 0.14 s (decision 076).
   * Unset: every index is prepared first.
   */
  servesUnpreparedUpTo?: number;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
  /** Rebuild an index this old even without a version change (bookings move seats). */
  maxAgeMs?: number;
  /** After a failed build, wait this long before trying again. */
  retryAfterMs?: number;
  now?: () => number;
  today?: () => string;
}

const INDEX_MAX_AGE_MS = 5 * 60_000;

export function createTourIndexProvider(options: TourIndexProviderOptions): TourIndexProvider {
  const {
    versions,
    build,
    prepare = async () => {},
    servesUnpreparedUpTo = -1,
    log,
    maxAgeMs = INDEX_MAX_AGE_MS,
    retryAfterMs = 5_000,
    now = Date.now,
    // Asked by every search: read from the clock at most once a second.
    today = currentDay(),
  } = options;
  let index: TourIndex | undefined;
  /** The build under way: settles when its index serves (or the build failed). */
  let building: Promise<void> | undefined;
  let failedAt = -Infinity;
  let closed = false;
  let firstBuildDone = false;

  /** Starts a build unless one is under way; resolves when its index serves (or it failed). */
  function rebuild(key: { version: number; today: string }): Promise<void> {
    if (closed) return Promise.resolve();
    if (!building) {
      let serve!: () => void;
      building = new Promise<void>((resolve) => (serve = resolve));
      // One build (and its preparation) at a time: `building` is cleared once it is prepared.
      void buildAndPrepare(key, serve).finally(() => {
        serve();
        building = undefined;
      });
    }
    return building;
  }

  async function buildAndPrepare(
    key: { version: number; today: string },
    serve: () => void,
  ): Promise<void> {
    const started = now();
    let next: TourIndex;
    try {
      next = await build(key);
    } catch (error) {
      failedAt = now();
      if (!closed) log.warn({ err: error }, 'search index: build failed; searching in SQL');
      return;
    }
    if (closed) return;
    const built = now();
    const servesFirst = next.size <= servesUnpreparedUpTo;
    if (servesFirst) {
      index = next;
      serve();
    }
    try {
      await prepare(next);
    } catch (error) {
      log.warn({ err: error }, 'search index: preparing failed; searches build on first use');
    }
    if (closed) return;
    if (!servesFirst) index = next;
    const ms = { ms: now() - started, prepareMs: now() - built };
    log.info({ tours: next.size, ...ms, ...key }, 'search index built');
  }

  return {
    async current() {
      if (closed) return undefined;
      const key = { version: await versions.current(), today: today() };
      const fresh = index && index.version === key.version && index.today === key.today;
      const dueForRebuild = !fresh || now() - index!.builtAt >= maxAgeMs;
      if (dueForRebuild && now() - failedAt >= retryAfterMs) void rebuild(key);
      return fresh ? index : undefined;
    },
    async warm() {
      try {
        await rebuild({ version: await versions.current(), today: today() });
      } catch (error) {
        log.warn({ err: error }, 'search index: reading the catalogue version failed');
      } finally {
        firstBuildDone = true;
      }
    },
    warmed: () => firstBuildDone,
    close() {
      closed = true;
    },
  };
}
