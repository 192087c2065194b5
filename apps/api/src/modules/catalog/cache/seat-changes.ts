/**
 * The tours whose seats changed, read from `tour_seat_changes` (decision 083). A trigger logs a
 * tour whenever one of its dates' free seats or busy flag changes (a booking, a cancellation, an
 * expired request), and the search's card store forgets those tours' kept cards, so a card shows
 * the seats left within about a second instead of keeping them for a minute.
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

/** Changed tours since the last drain, or `'all'` when too many changed to list. */
export type SeatChanges = readonly number[] | 'all';

export interface SeatChangesFeed {
  /** What changed since the last call (never waits; see the module comment). */
  drain(): SeatChanges;
  /** Reads the log now (and deletes old rows when due); `drain` starts the same in background. */
  refresh(): Promise<void>;
}

export interface SeatChangesFeedOptions {
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

const SEAT_CHANGES_INTERVAL_MS = 1_000;
const SEAT_CHANGES_LOOKBACK_MS = 10_000;
const SEAT_CHANGES_MAX_ROWS = 10_000;
const SEAT_CHANGES_KEEP_MS = 60 * 60_000;

interface ChangeRow {
  id: number | string;
  tourId: number;
  /** Milliseconds since the epoch, as text (a double). */
  changedAtMs: number | string;
  /** The database's clock when the read ran. */
  readAtMs: number | string;
}

export function createSeatChangesFeed(
  db: Database,
  options: SeatChangesFeedOptions = {},
): SeatChangesFeed {
  const {
    intervalMs = SEAT_CHANGES_INTERVAL_MS,
    lookbackMs = SEAT_CHANGES_LOOKBACK_MS,
    maxRows = SEAT_CHANGES_MAX_ROWS,
    keepMs = SEAT_CHANGES_KEEP_MS,
    pruneEveryMs = 5 * 60_000,
    now = Date.now,
    onError = () => {},
  } = options;
  /** Database time (ms) from which the next read asks; undefined before the first read. */
  let since: number | undefined;
  /** Ids answered within the lookback, with their time, so an overlap is not answered twice. */
  const seen = new Map<number, number>();
  let pending: number[] = [];
  let pendingAll = false;
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
      left join tour_seat_changes changes on changes.changed_at >= coalesce(
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
      // lookback after it answer `'all'` again, which costs only reads of cards.
      pendingAll = true;
      return;
    }
    for (const row of changes) {
      const id = Number(row.id);
      if (seen.has(id)) continue;
      seen.set(id, Number(row.changedAtMs));
      // The first read answers its lookback too: cards may have been read while it ran.
      pending.push(row.tourId);
    }
  }

  async function prune(): Promise<void> {
    await db.execute(sql`
      delete from tour_seat_changes
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

  return {
    refresh,
    drain() {
      readInBackground();
      if (pendingAll) {
        pendingAll = false;
        pending = [];
        return 'all';
      }
      if (pending.length === 0) return [];
      const drained = pending;
      pending = [];
      return drained;
    },
  };
}
