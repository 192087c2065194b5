/**
 * `pnpm --filter @gallop/api seed [--tours N] [--seed S] [--today YYYY-MM-DD] [--yes]`
 * Drops everything in the target database, migrates it and fills it with the deterministic
 * catalogue: the demo (400 tours) by default, or 10k / 100k / 1M tours for benchmarks.
 * Target: DATABASE_URL (PostgreSQL) or the PGlite folder (PGLITE_DIR, default .data/pglite).
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DEFAULT_PGLITE_DIR, openDatabase } from '@gallop/api/src/db/client.ts';
import { DEMO_SEED, DEMO_TOURS, seedDatabase } from './index.ts';

const { values } = parseArgs({
  options: {
    tours: { type: 'string', default: String(DEMO_TOURS) },
    seed: { type: 'string', default: String(DEMO_SEED) },
    today: { type: 'string' },
  },
});

const tours = Number(values.tours);
const seed = Number(values.seed);
if (!Number.isInteger(tours) || tours < 1) {
  console.error(`--tours must be a positive whole number (got ${values.tours})`);
  process.exit(1);
}
if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
  console.error(`--today must be YYYY-MM-DD (got ${values.today})`);
  process.exit(1);
}

const url = process.env.DATABASE_URL || undefined;
const dataDir = process.env.PGLITE_DIR || DEFAULT_PGLITE_DIR;
if (!url && !dataDir.startsWith('memory://')) await rm(dataDir, { recursive: true, force: true });
const handle = await openDatabase({ url, dataDir });
const started = performance.now();
try {
  if (url) {
    await handle.db.execute(
      sql`DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;`,
    );
  }
  await handle.migrate();
  await seedDatabase(handle.db, {
    tours,
    seed,
    ...(values.today ? { today: values.today } : {}),
    log: (message) => console.info(`  ${message}`),
  });
  // The aggregate UPDATEs leave dead rows; index-only scans need a vacuumed visibility map.
  if (url) await handle.db.execute(sql`VACUUM ANALYZE`);
  console.info(
    `Seeded ${tours} tours into ${handle.driver} (${handle.location}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await handle.close();
}
