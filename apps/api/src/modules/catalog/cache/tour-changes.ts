/**
 * The tours the catalogue's writes touched, read from `tour_changes` (decision 110, after 083).
 * Triggers log a tour whenever its row, one of its dates (seats, prices, heavier-horse places), its
 * organizer or its ship changes: a booking, a review, an organizer's edit, the aggregates refresh.
 * Each consumer (the search index, the card store, the response cache) subscribes and drains the
 * tours changed since its last drain, and updates only those.
 *
 * Reading never makes a search wait: `drain()` answers what the last read found and starts the
 * next read in the background once `intervalMs` has passed. Each read asks for the rows logged
 * since the previous read's database time less `lookbackMs`: a booking's row is stamped when its
 * update ran, and its transaction may commit a little later, so each read looks back over a few
 * seconds and ids already seen are not answered twice. Rows older than `keepMs` are deleted now
 * and then by whichever process reads.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/**
 * Changed tours since the last drain, or `'all'` when every tour may have changed (too many to
 * list, or a truncate logged a row without a tour).
 */
export type TourChanges = readonly number[] | 'all';

/** One consumer's view of the feed. */
export interface TourChangesSubscription {
  /** What changed since this consumer's last call (never waits; see the module comment). */
  drain(): TourChanges;
  /**
   * The database time (ms) of the latest read whose changes the last `drain` answered: every
   * change committed before it has been drained (-Infinity before the first read). Processes
   * compare what their indexes hold by it (decision 150). Absent from test doubles.
   */
  drainedUpTo?(): number;
}

export interface TourChangesFeed {
  /** A new consumer: it sees the changes read from now on. */
  subscribe(): TourChangesSubscription;
  /** Reads the log now (and deletes old rows when due); `drain` starts the same in background. */
  refresh(): Promise<void>;
}

export interface TourChangesFeedOptions {
  intervalMs?: number;
  lookbackMs?: number;
  /** More rows than this in one read answer `'all'`. */
  maxRows?: number;
  keepMs?: number;
  /** How often to delete old rows. */
  pruneEveryMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * Half a second between reads: a change shows in search within two (issue 45), and a read of an
 * idle log is one index scan returning nothing.
 */
const TOUR_CHANGES_INTERVAL_MS = 500;
const TOUR_CHANGES_LOOKBACK_MS = 10_000;
const TOUR_CHANGES_MAX_ROWS = 10_000;
const TOUR_CHANGES_KEEP_MS = 60 * 60_000;

interface ChangeRow {
  id: number | string;
  tourId: number | null;
  /** Milliseconds since the epoch, as text (a double). */
  changedAtMs: number | string;
  /** The database's clock when the read ran. */
  readAtMs: number | string;
}

/** What one consumer has not drained yet. */
interface Pending {
  tours: number[];
  all: boolean;
  /** The database time of the latest read pushed to it. */
  readUpTo: number;
}

export function createTourChangesFeed(
  db: Database,
  options: TourChangesFeedOptions = {},
): TourChangesFeed {
  const {
    intervalMs = TOUR_CHANGES_INTERVAL_MS,
    lookbackMs = TOUR_CHANGES_LOOKBACK_MS,
    maxRows = TOUR_CHANGES_MAX_ROWS,
    keepMs = TOUR_CHANGES_KEEP_MS,
    pruneEveryMs = 5 * 60_000,
    now = Date.now,
    onError = () => {},
  } = options;
  /** Database time (ms) from which the next read asks; undefined before the first read. */
  let since: number | undefined;
  /** Ids answered within the lookback, with their time, so an overlap is not answered twice. */
  const seen = new Map<number, number>();
  const consumers: Pending[] = [];
  let readAt = -Infinity;
  let prunedAt = -Infinity;
  let reading = false;

  async function read(): Promise<void> {
    // The first read starts from the database's clock less the lookback.
    const from = since === undefined ? null : new Date(since).toISOString();
    const result = (await db.execute(sql`
      select changes.id, changes.tour_id as "tourId",
        (extract(epoch from changes.changed_at) * 1000)::float8 as "changedAtMs",
        (extract(epoch from clock.now) * 1000)::float8 as "readAtMs"
      from (select clock_timestamp() as now) clock
      left join tour_changes changes on changes.changed_at >= coalesce(
        ${from}::timestamptz, clock.now - ${lookbackMs} * interval '1 millisecond')
      order by changes.id
      limit ${maxRows + 1}`)) as unknown as { rows: ChangeRow[] };
    const rows = result.rows;
    const readAtMs = Number(rows[0]?.readAtMs);
    since = readAtMs - lookbackMs;
    for (const [id, at] of seen) if (at < since) seen.delete(id);
    const changes = rows.filter((row) => row.id !== null);
    if (changes.length > maxRows) {
      // A mass change (an operator's bulk update): everything is read again. Reads within the
      // lookback after it answer `'all'` again, which costs a rebuild and reads of cards.
      for (const consumer of consumers) {
        consumer.all = true;
        consumer.readUpTo = readAtMs;
      }
      return;
    }
    for (const row of changes) {
      const id = Number(row.id);
      if (seen.has(id)) continue;
      seen.set(id, Number(row.changedAtMs));
      // The first read answers its lookback too: cards may have been read while it ran.
      for (const consumer of consumers) {
        if (row.tourId === null) consumer.all = true;
        else consumer.tours.push(row.tourId);
      }
    }
    // A consumer that has not drained for long is told everything changed, not kept growing.
    for (const consumer of consumers) {
      if (consumer.tours.length > maxRows) {
        consumer.all = true;
        consumer.tours = [];
      }
      consumer.readUpTo = readAtMs;
    }
  }

  async function prune(): Promise<void> {
    await db.execute(sql`
      delete from tour_changes
      where changed_at < clock_timestamp() - ${keepMs} * interval '1 millisecond'`);
  }

  async function refresh(): Promise<void> {
    reading = true;
    const time = now();
    readAt = time;
    const prunes = time - prunedAt >= pruneEveryMs;
    if (prunes) prunedAt = time;
    try {
      await read();
      if (prunes) await prune();
    } finally {
      reading = false;
    }
  }

  function readInBackground(): void {
    if (reading || now() - readAt < intervalMs) return;
    refresh().catch(onError);
  }

  function subscribe(): TourChangesSubscription {
    const pending: Pending = { tours: [], all: false, readUpTo: -Infinity };
    consumers.push(pending);
    let drainedUpTo = -Infinity;
    return {
      drainedUpTo: () => drainedUpTo,
      drain() {
        readInBackground();
        drainedUpTo = pending.readUpTo;
        if (pending.all) {
          pending.all = false;
          pending.tours = [];
          return 'all';
        }
        if (pending.tours.length === 0) return [];
        const drained = pending.tours;
        pending.tours = [];
        return drained;
      },
    };
  }

  return { refresh, subscribe };
}
