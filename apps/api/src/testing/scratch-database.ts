import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '#src/app.ts';
import { openDatabase, type Database, type DatabaseHandle } from '#src/db/client.ts';
import { openTestDatabase, seedTestDatabase, testDatabaseKind } from './database.ts';
import { TEST_START_TIMEOUT_MS, testEnv } from './env.ts';

/** Tours in a scratch database: enough dates to give each concurrency round one of its own. */
const SCRATCH_TOURS = 40;

export interface ScratchDatabase {
  handle: DatabaseHandle;
  /** The PostgreSQL connection string (PostgreSQL only), for a child API process. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A seeded database a test may change at will: seats, prices, bookings. On PGlite it is the
 * file's own in-memory clone; on PostgreSQL a fresh database on the `DATABASE_URL` server,
 * migrated and seeded small, dropped afterwards, so concurrency tests run on real PostgreSQL
 * without touching the catalogue the other test files share.
 */
export async function openScratchDatabase(
  name: string,
  { poolSize = 20 }: { poolSize?: number } = {},
): Promise<ScratchDatabase> {
  if (testDatabaseKind() !== 'postgres') {
    const handle = await openTestDatabase();
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const server = new URL(process.env.DATABASE_URL!);
  const database = `gallop_${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.href);
  url.pathname = `/${database}`;
  const handle = await openDatabase({ url: url.href, poolSize });
  await seedTestDatabase(handle, {
    tours: SCRATCH_TOURS,
    today: new Date().toISOString().slice(0, 10),
  });
  return {
    handle,
    url: url.href,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: server.href });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export interface ScratchApp {
  app: FastifyInstance;
  scratch: ScratchDatabase;
  close(): Promise<void>;
}

/** Each scratch app's database, for helpers that are handed the app alone. */
const scratchDatabases = new WeakMap<FastifyInstance, Database>();

/** The database of an app `buildScratchApp` built. */
export function scratchDatabaseOf(app: FastifyInstance): Database {
  const db = scratchDatabases.get(app);
  if (!db) throw new Error('This app was not built by buildScratchApp');
  return db;
}

/** The API over a scratch database, ready for `app.inject` (see `buildTestApp`). */
export async function buildScratchApp(
  name: string,
  env: Record<string, string> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<ScratchApp> {
  const scratch = await openScratchDatabase(name);
  const app = buildApp(testEnv(env), {
    startTimeoutMs: TEST_START_TIMEOUT_MS,
    ...options,
    database: scratch.handle,
  });
  await app.ready();
  scratchDatabases.set(app, scratch.handle.db);
  return {
    app,
    scratch,
    async close() {
      await app.close();
      await scratch.drop();
    },
  };
}

/**
 * A test file's scratch app: built before its tests, dropped after them. `app()` and `db()` are
 * read inside tests (after `beforeAll`).
 */
export function scratchAppForFile(
  name: string,
  env: Record<string, string> = {},
): { app(): FastifyInstance; db(): Database } {
  let scratch: ScratchApp | undefined;
  beforeAll(async () => {
    scratch = await buildScratchApp(name, env);
  }, 120_000);
  afterAll(() => scratch?.close());
  const built = () => {
    if (!scratch) throw new Error(`The scratch app ${name} is read before it is built`);
    return scratch;
  };
  return { app: () => built().app, db: () => built().scratch.handle.db };
}
