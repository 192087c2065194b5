import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { loadDemoPlugin, type DemoSeedOptions } from '#src/demo/plugin.ts';
import { loadReferenceData } from './reference/index.ts';

/**
 * Tables whose rows are no one's data: the reference data every start loads, and the machinery a
 * start writes (the catalogue's version, the generated secrets). A row in any other table (a user,
 * an organizer, a tour, a rate, a legal text, a sent message) is an operator's or a visitor's.
 */
const NOT_DATA = new Set([
  'world_parts',
  'countries',
  'languages',
  'catalog_version',
  'server_secrets',
]);

/** The tables that hold data (above): none for a database the demo may be seeded into. */
async function tablesWithData(db: Database): Promise<string[]> {
  const { rows: tables } = await db.execute<{ name: string }>(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const probes = tables
    .map((table) => table.name)
    .filter((name) => !NOT_DATA.has(name))
    .map(
      (name) => sql`SELECT ${name} AS name WHERE EXISTS (SELECT 1 FROM ${sql.identifier(name)})`,
    );
  if (probes.length === 0) return [];
  const { rows } = await db.execute<{ name: string }>(sql.join(probes, sql` UNION ALL `));
  return rows.map((row) => row.name);
}

export interface PrepareOptions extends DemoSeedOptions {
  /**
   * Seed the demo catalogue and accounts into an empty database (`DEMO_DATA=on`). Required, so
   * every caller says whether it wants known demo credentials: production never does.
   */
  demoData: boolean;
}

/**
 * First start: migrate, load the reference data (countries, languages: decision 163), and with
 * `demoData` seed the demo catalogue when the database holds no data. Only then is the demo
 * package loaded (`loadDemoPlugin`). Safe from several processes at once (replicas of a deploy
 * starting together): each step runs under the database's start lock, so one process migrates
 * and seeds while the others wait, then find it done.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  await handle.migrate();
  const log = options.log ?? (() => {});
  // Emptiness is read under the lock: two processes must not both find the database empty.
  return handle.withStartLock(async () => {
    await loadReferenceData(handle.db);
    if (!options.demoData) return { seeded: false };
    const data = await tablesWithData(handle.db);
    if (data.length > 0) {
      // Never next to real data: the demo brings accounts with a published password.
      const named = data.length > 4 ? [...data.slice(0, 4), `${data.length - 4} more`] : data;
      log(`demo data not seeded: the database already holds data (${named.join(', ')})`);
      return { seeded: false };
    }
    const demo = await loadDemoPlugin();
    // All or nothing: a seed that fails half-way leaves the database as empty as it found it.
    await handle.db.transaction((tx) => demo.seedDatabase(tx, options));
    // Fresh statistics (and a clean visibility map for index-only scans) before the first search.
    if (handle.driver === 'postgres') await handle.db.execute(sql`VACUUM ANALYZE`);
    return { seeded: true };
  });
}
