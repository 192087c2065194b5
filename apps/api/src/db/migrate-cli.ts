/**
 * `pnpm --filter @gallop/api db:migrate`: applies the SQL migrations in `drizzle/` to
 * DATABASE_URL (PostgreSQL) or the PGlite folder, without starting the server. The server also
 * migrates at start; this is for deploy pipelines that migrate first.
 */
import { openDatabase } from './client.ts';

const handle = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  ...(process.env.PGLITE_DIR ? { dataDir: process.env.PGLITE_DIR } : {}),
});
try {
  await handle.migrate();
  console.info(`Migrated ${handle.driver} database (${handle.location})`);
} finally {
  await handle.close();
}
