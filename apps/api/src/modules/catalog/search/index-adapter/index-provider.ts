/**
 * Keeps the in-process search index in step with the database, tour by tour (decision 110). The
 * catalogue's change feed names the tours each write touched; their rows are read again and
 * applied to a new index (`apply`), which takes over once it is ready while the old one serves:
 * searches never fall back to SQL for a change. The whole catalogue is read again (`build`) only
 * when the feed says every tour changed, on a new day (an index answers for the day it was built
 * for: SQL answers until the new day's index is ready), and as a safety net after `maxAgeMs`,
 * serving the old index meanwhile. One build or apply runs at a time; changes drained meanwhile
 * are applied together after it.
 *
 * A new index is prepared (its search structures built, decision 054) before it takes over, so no
 * search pays for those builds; a small one (`servesUnpreparedUpTo`) takes over at once and is
 * prepared behind it (decision 076).
 */
import type { IndexTakeover, IndexTakeovers } from '../../cache/index-takeovers.ts';
import type { TourChangesSubscription } from '../../cache/tour-changes.ts';
import { currentDay } from '#src/shared/dates.ts';
import { countedToursOf, type CountedTour, type TourIndex } from '@gallop/search-index';

export interface TourIndexProvider extends IndexTakeovers {
  /** The index for the current day, or `undefined` (then SQL answers). */
  current(): Promise<TourIndex | undefined>;
  /** Builds the first index; resolves (never rejects) once it is ready or has failed. */
  warm(): Promise<void>;
  /** True once the first build has finished, built or failed (`/ready` waits for it). */
  warmed(): boolean;
  close(): void;
}

/** What a new index is made for: the day, and a number that grows with each new index. */
export interface IndexKey {
  version: number;
  today: string;
}

export interface TourIndexProviderOptions {
  build: (key: IndexKey) => Promise<TourIndex>;
  /**
   * A new index of `index` with `tourIds` read again from the database, or `index` itself when
   * nothing it holds of them changed.
   */
  apply?: (index: TourIndex, tourIds: readonly number[], key: IndexKey) => Promise<TourIndex>;
  /** The tours the catalogue's writes changed (without it, only `maxAgeMs` brings changes). */
  changes?: TourChangesSubscription;
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
  /** Read the whole catalogue again after this long (a safety net for changes nothing logs). */
  maxAgeMs?: number;
  /** After a failed build, wait this long before trying again. */
  retryAfterMs?: number;
  now?: () => number;
  today?: () => string;
}

const INDEX_MAX_AGE_MS = 5 * 60_000;

/** What a takeover says besides the indexes: the provider reads the changed tours out of them. */
type TakeoverDetails = Pick<IndexTakeover, 'changed' | 'changesUpTo'>;

/** `read`'s answer, read on the first call only (listeners that keep no filter never read it). */
function once(read: () => readonly CountedTour[]): () => readonly CountedTour[] {
  let tours: readonly CountedTour[] | undefined;
  return () => (tours ??= read());
}

export function createTourIndexProvider(options: TourIndexProviderOptions): TourIndexProvider {
  const {
    build,
    apply,
    changes,
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
  /** The build or apply under way: settles when its index serves (or it failed). */
  let updating: Promise<void> | undefined;
  let failedAt = -Infinity;
  let closed = false;
  let firstBuildDone = false;
  let versions = 0;
  /** Tours changed since the index under way (or serving) read them. */
  const changed = new Set<number>();
  let everyTourChanged = false;
  /** How far the change log has been drained into `changed` (decision 150). */
  let drainedUpTo = -Infinity;
  const listeners: ((takeover: IndexTakeover) => void)[] = [];
  /** How far the log had been read for the serving index. */
  let servingUpTo = -Infinity;

  function collectChanges(): void {
    if (!changes) return;
    const drained = changes.drain();
    drainedUpTo = changes.drainedUpTo?.() ?? drainedUpTo;
    if (drained === 'all') everyTourChanged = true;
    else for (const tourId of drained) changed.add(tourId);
  }

  /** Serves `next` and tells the listeners, before any search can read it. */
  function serveIndex(next: TourIndex, takeover: TakeoverDetails): void {
    const previous = index;
    index = next;
    servingUpTo = takeover.changesUpTo;
    const { changed } = takeover;
    const changedTours = once(() =>
      changed === 'all' || !previous || previous === next
        ? []
        : [...countedToursOf(previous, changed), ...countedToursOf(next, changed)],
    );
    for (const listener of listeners) listener({ previous, next, ...takeover, changedTours });
  }

  /** Changes drained while an update ran are applied after it, without waiting for a search. */
  function continueAfterUpdate(): void {
    if (closed || !index || (changed.size === 0 && !everyTourChanged)) return;
    void current();
  }

  /** Starts `work` unless an update is under way; resolves when its index serves or it failed. */
  function update(work: (serve: () => void) => Promise<void>): Promise<void> {
    if (closed) return Promise.resolve();
    if (!updating) {
      let serve!: () => void;
      updating = new Promise<void>((resolve) => (serve = resolve));
      // One update (and its preparation) at a time: `updating` is cleared once it is prepared.
      void work(serve).finally(() => {
        serve();
        updating = undefined;
        continueAfterUpdate();
      });
    }
    return updating;
  }

  function rebuild(day: string): Promise<void> {
    return update(async (serve) => {
      // The build reads every change drained so far; later ones are applied after it.
      collectChanges();
      const changesUpTo = drainedUpTo;
      const readAgain: IndexTakeover['changed'] = everyTourChanged ? 'all' : [...changed];
      changed.clear();
      everyTourChanged = false;
      const started = now();
      const key = { version: ++versions, today: day };
      let next: TourIndex;
      try {
        next = await build(key);
      } catch (error) {
        // The serving index still lacks them: the next index must report them changed.
        if (readAgain === 'all') everyTourChanged = true;
        else for (const tourId of readAgain) changed.add(tourId);
        failedAt = now();
        if (!closed) log.warn({ err: error }, 'search index: build failed; searching in SQL');
        return;
      }
      // Another day's index, or one after "every tour changed", may differ in any tour.
      const sameDay = index?.today === next.today;
      const takeover = { changed: sameDay ? readAgain : 'all', changesUpTo } as const;
      await takeOver(
        next,
        serve,
        takeover,
        { started, ...key, built: now() },
        'search index built',
      );
    });
  }

  function applyChanged(from: TourIndex): Promise<void> {
    return update(async (serve) => {
      collectChanges();
      const changesUpTo = drainedUpTo;
      const tourIds = [...changed];
      changed.clear();
      const started = now();
      const key = { version: ++versions, today: from.today };
      let next: TourIndex;
      try {
        next = await apply!(from, tourIds, key);
      } catch (error) {
        // Read again next time: the old index keeps serving meanwhile.
        for (const tourId of tourIds) changed.add(tourId);
        failedAt = now();
        if (!closed) log.warn({ err: error }, 'search index: applying changes failed');
        return;
      }
      // Nothing the index reads changed (`apply` answered the same index): it serves on, now
      // known to hold the log up to this read too.
      if (next === from) {
        if (index === from && !closed) serveIndex(from, { changed: tourIds, changesUpTo });
        return;
      }
      const details = { started, ...key, built: now(), changed: tourIds.length };
      const takeover = { changed: tourIds, changesUpTo };
      await takeOver(next, serve, takeover, details, 'search index changes applied');
    });
  }

  /** Prepares `next` and makes it the served index (before preparing when it is small). */
  async function takeOver(
    next: TourIndex,
    serve: () => void,
    takeover: TakeoverDetails,
    { started, built, ...details }: { started: number; built: number } & Record<string, unknown>,
    message: string,
  ): Promise<void> {
    if (closed) return;
    const servesFirst = next.size <= servesUnpreparedUpTo;
    if (servesFirst) {
      serveIndex(next, takeover);
      serve();
    }
    try {
      await prepare(next);
    } catch (error) {
      log.warn({ err: error }, 'search index: preparing failed; searches build on first use');
    }
    if (closed) return;
    // A new day's index never gives way to one of the day before.
    if (!servesFirst && !(index && index.today > next.today)) serveIndex(next, takeover);
    const ms = { ms: now() - started, prepareMs: now() - built };
    log.info({ tours: next.size, ...ms, ...details }, message);
  }

  async function current(): Promise<TourIndex | undefined> {
    if (closed) return undefined;
    collectChanges();
    const day = today();
    const fresh = index !== undefined && index.today === day;
    if (!updating && now() - failedAt >= retryAfterMs) {
      if (!fresh || everyTourChanged || now() - index!.builtAt >= maxAgeMs) void rebuild(day);
      else if (changed.size > 0 && apply) void applyChanged(index!);
    }
    return fresh ? index : undefined;
  }

  return {
    current,
    onTakeover(listener) {
      listeners.push(listener);
      if (index) {
        const takeover = { changed: 'all', changesUpTo: servingUpTo } as const;
        listener({ previous: undefined, next: index, ...takeover, changedTours: () => [] });
      }
    },
    async warm() {
      try {
        await rebuild(today());
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
