import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Assume } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Env } from '#src/env.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';
import { withStartLock } from './start-lock.ts';

type Schema = typeof schema;

/**
 * What `db.execute(sql)` answers on both drivers: PGlite's `Results` and node-postgres'
 * `QueryResult` both carry `rows`, so that is the part modules may rely on.
 */
export interface QueryRows<Row> {
  rows: Row[];
}

interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<Assume<this['row'], Record<string, unknown>>>;
}

/**
 * The database, whichever driver is behind it. Both drizzle drivers share the pg-core query
 * builder, so modules write one set of queries for PGlite and PostgreSQL.
 * `db.execute<Row>(sql...)` resolves to `{ rows: Row[] }`.
 */
export type Database = PgDatabase<RowsQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Where the data lives, for logs (the PGlite folder, or the PostgreSQL host; no password). */
  location: string;
  /**
   * Settles when the database has opened (PGlite opens its folder on its own thread after the
   * handle is returned; statements wait for it). Rejects if it cannot be opened.
   */
  opened: Promise<void>;
  /**
   * Runs the SQL migrations in `drizzle/`; safe to call on every start, and from several
   * processes at once: on PostgreSQL they run under the start lock (`withStartLock`).
   */
  migrate(): Promise<void>;
  /**
   * Runs `work` while this process holds the database's start lock (PostgreSQL: an advisory
   * lock in a transaction of its own, `src/db/start-lock.ts`), so processes starting together do
   * one-time work one after the other. Not reentrant: `work` must not call `migrate()`. PGlite
   * opens in one process only: `work` simply runs.
   */
  withStartLock<T>(work: () => Promise<T>): Promise<T>;
  /** Cheap liveness probe for `/ready`. */
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections right now, for the metrics (decision 170). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a gzipped tarball (tests clone a seeded database). */
  dumpDataDir?(): Promise<Blob>;
}

interface PoolStats {
  /** Connections open (busy or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection: every one is busy and the pool is at its size. */
  waiting: number;
  /** The pool's size. */
  max: number;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder, or `memory://` for a throwaway database (tests). */
  dataDir?: string;
  /** A PGlite data-folder tarball to start from (tests clone one seeded database). */
  loadDataDir?: Blob | File;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/**
 * The API package folder: this module runs from `src/db/` (tsx, tests) or bundled into
 * `dist/main.js` (production build).
 */
const API_ROOT = new URL(import.meta.url.includes('/dist/') ? '../' : '../../', import.meta.url);

/** The committed SQL migrations (`apps/api/drizzle`). */
const MIGRATIONS_FOLDER = fileURLToPath(new URL('drizzle', API_ROOT));

/** The default PGlite folder: `apps/api/.data/pglite` (ignored by git). */
export const DEFAULT_PGLITE_DIR = fileURLToPath(new URL('.data/pglite', API_ROOT));

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

/** Opens (and does not migrate or seed) the database the environment names. */
export function openEnvDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'PGLITE_DIR'>,
): Promise<DatabaseHandle> {
  return openDatabase({
    url: env.DATABASE_URL,
    ...(env.PGLITE_DIR ? { dataDir: env.PGLITE_DIR } : {}),
  });
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = options.dataDir ?? DEFAULT_PGLITE_DIR;
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PGlite opens and runs statements on a thread of its own (decision 076); the drizzle driver
  // only calls the part of its interface the thread offers.
  const thread = await PgliteThread.start({
    dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const client = thread as unknown as PGlite;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    location: dataDir,
    // Not awaited here: statements queue until the folder is open, so the caller can build the
    // app meanwhile. A failed open fails them, and this.
    opened: thread.waitReady,
    migrate: () =>
      migratePglite(drizzlePglite({ client, casing: 'snake_case' }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      }),
    withStartLock: (work) => work(),
    ping: async () => {
      await thread.query('select 1');
    },
    close: () => thread.close(),
    dumpDataDir: () => thread.dumpDataDir('gzip'),
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  // Loaded only for PostgreSQL: the embedded database's start does not pay for them.
  const [{ default: pg }, { drizzle: drizzleNodePostgres }, { migrate: migrateNodePostgres }] =
    await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
  // JIT compiles the big search queries for ~180 ms and never pays back on OLTP-sized answers;
  // 32 MB of work_mem keeps the facets' materialised tours in memory rather than temp files.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c jit=off -c work_mem=32MB',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one lent out (a transaction between two statements) that the server drops (a restart,
  // a failover, pg_terminate_backend): its client emits `error` with no pool listener then. The
  // transaction fails on its own (503) and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzleNodePostgres({
    client: pool,
    schema,
    casing: 'snake_case',
  }) as unknown as Database;
  const parsed = new URL(url);
  return {
    db,
    driver: 'postgres',
    opened: Promise.resolve(),
    location: `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`,
    migrate: () =>
      withStartLock(pool, () =>
        migrateNodePostgres(drizzleNodePostgres({ client: pool, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        }),
      ),
    withStartLock: (work) => withStartLock(pool, work),
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}
