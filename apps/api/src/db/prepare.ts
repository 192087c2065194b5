import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadDemoPlugin, type DemoSeedOptions } from '#src/demo/plugin.ts';

async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM countries) AS present`,
  );
  return !rows[0]?.present;
}

export interface PrepareOptions extends DemoSeedOptions {
  /**
   * Seed the demo catalogue and accounts into an empty database (`DEMO_DATA=on`). Required, so
   * every caller says whether it wants known demo credentials: production never does.
   */
  demoData: boolean;
}

/**
 * First start: migrate, and with `demoData` seed the demo catalogue when the database is empty.
 * Only then is the demo package loaded (`loadDemoPlugin`). Safe from several processes at once
 * (replicas of a deploy starting together): each step runs under the database's start lock, so
 * one process migrates and seeds while the others wait, then find it done.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  await handle.migrate();
  if (!options.demoData) return { seeded: false };
  // Emptiness is read under the lock: two processes must not both find the database empty.
  return handle.withStartLock(async () => {
    if (!(await isDatabaseEmpty(handle.db))) return { seeded: false };
    const demo = await loadDemoPlugin();
    await demo.seedDatabase(handle.db, options);
    // Fresh statistics (and a clean visibility map for index-only scans) before the first search.
    if (handle.driver === 'postgres') await handle.db.execute(sql`VACUUM ANALYZE`);
    return { seeded: true };
  });
}
