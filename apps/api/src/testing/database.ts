import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '#src/db/client.ts';

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

/** Tours in the test seed: the demo size (the minimum is 300). */
export const TEST_SEED_TOURS = 360;

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.GALLOP_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('GALLOP_TEST_DATABASE=postgres needs DATABASE_URL');
    return openDatabase({ url, poolSize: 4 });
  }
  const tarball = await readFile(SEEDED_PGLITE_TARBALL);
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([tarball]) });
}
