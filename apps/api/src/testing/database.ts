import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';
import { prepareDatabase } from '#src/db/prepare.ts';

/**
 * The seeded test database. Integration tests run on PGlite by default and on PostgreSQL in the
 * `api-postgres` project (when `DATABASE_URL` is set, as on CI). `global-setup.ts` migrates and
 * seeds once per run; each test file then opens its own copy (PGlite: an in-memory clone of the
 * seeded tarball) or connection (PostgreSQL). Treat the seeded catalogue as read-only, or undo
 * what a test writes.
 */
export const SEEDED_PGLITE_TARBALL = fileURLToPath(
  new URL('../../.data/test/pglite-seeded.tar.gz', import.meta.url),
);

/**
 * The same database migrated but empty, for tests of the seed itself: cloning it costs
 * milliseconds where migrating a fresh PGlite costs 5–16 s on a loaded 2-core machine.
 */
export const MIGRATED_PGLITE_TARBALL = fileURLToPath(
  new URL('../../.data/test/pglite-migrated.tar.gz', import.meta.url),
);

/** Tours in the test seed: the demo size (the minimum is 300). */
export const TEST_SEED_TOURS = 360;

/**
 * Migrates and seeds a test database with the demo catalogue (accounts included) of `tours`
 * tours. The seed's writes are in the tour change log; an app built within the change feed's
 * first lookback (10 s) would take them for changes and drop the answers it has just cached, so
 * a test catalogue starts with nothing changed.
 */
export async function seedTestDatabase(
  handle: DatabaseHandle,
  { tours, today }: { tours: number; today: string },
): Promise<void> {
  await prepareDatabase(handle, { demoData: true, tours, today });
  await handle.db.execute(sql`DELETE FROM tour_changes`);
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.GALLOP_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('GALLOP_TEST_DATABASE=postgres needs DATABASE_URL');
    return openDatabase({ url, poolSize: 4 });
  }
  return clonePglite(SEEDED_PGLITE_TARBALL);
}

/** An in-memory PGlite with every migration applied and no rows (see `global-setup.ts`). */
export function openMigratedPglite(): Promise<DatabaseHandle> {
  return clonePglite(MIGRATED_PGLITE_TARBALL);
}

/** An in-memory PGlite opened from one of `global-setup.ts`'s tarballs. */
async function clonePglite(tarballPath: string): Promise<DatabaseHandle> {
  const tarball = await readFile(tarballPath);
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([tarball]) });
}
