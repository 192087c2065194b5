/**
 * The catalogue version (table `catalog_version`): every catalogue write bumps it, and cached
 * search answers are keyed by it. It lives in the database every API instance shares, so they
 * all see a bump within `maxAgeMs` of it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/** Marks the catalogue as changed: cached search answers of the old version are never served. */
export async function bumpCatalogVersion(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO catalog_version (id, version)
    VALUES (1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    ON CONFLICT (id) DO UPDATE SET version = greatest(
      catalog_version.version + 1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    RETURNING version`)) as unknown as { rows: { version: number | string }[] };
  return Number(result.rows[0]?.version);
}

export async function readCatalogVersion(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`SELECT version FROM catalog_version WHERE id = 1`,
  )) as unknown as { rows: { version: number | string }[] };
  return Number(result.rows[0]?.version ?? 0);
}

export interface CatalogVersionReader {
  /** The version, read again when the last read is older than `maxAgeMs`. */
  current(): Promise<number>;
  /**
   * The last known version without waiting (undefined before the first read), refreshed in the
   * background like `current()`: the cached-answer fast path cannot wait for the database.
   */
  peek(): number | undefined;
}

/**
 * Reads the version at most once per `maxAgeMs`. Only the first call waits for the database;
 * later ones answer the last known version at once and refresh it in the background, so a
 * request never waits on it. A failed read keeps the last known version (and is retried).
 */
export function createCatalogVersionReader(
  read: () => Promise<number>,
  { maxAgeMs = 1_000, now = Date.now } = {},
): CatalogVersionReader {
  let known: number | undefined;
  let readAt = 0;
  let reading: Promise<number> | undefined;
  const refresh = (): Promise<number> => {
    reading ??= read()
      .then((version) => {
        known = version;
        readAt = now();
        return version;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const refreshIfOld = () => {
    if (now() - readAt >= maxAgeMs) refresh().catch(() => {});
  };
  return {
    async current() {
      if (known === undefined) return refresh();
      refreshIfOld();
      return known;
    },
    peek() {
      if (known === undefined) {
        refresh().catch(() => {});
        return undefined;
      }
      refreshIfOld();
      return known;
    },
  };
}
