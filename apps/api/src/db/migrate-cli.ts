/**
 * `pnpm --filter @gallop/api db:migrate`: applies the SQL migrations in `drizzle/` to
 * DATABASE_URL (PostgreSQL) or the PGlite folder, and loads the reference data (countries,
 * languages: decision 163), without starting the server. The server also does both at start;
 * this is for deploy pipelines that migrate first. It never seeds the demo.
 */
import { openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  ...(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : {}),
});
try {
  await prepareDatabase(handle, { demoData: false });
  console.info(`Migrated ${handle.driver} database (${handle.location})`);
} finally {
  await handle.close();
}
