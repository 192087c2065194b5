import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#src/db/client.ts';
import { seedAccounts } from './accounts.ts';
import { seedChat } from './chat.ts';
import { refreshCatalogAggregates, resetIdentitySequences } from './aggregates.ts';
import { seedContent } from './content/index.ts';
import type { SeedContext } from './context.ts';
import { todayUtc } from './dates.ts';
import { seedGeography } from './geography.ts';
import { seedOrganizers } from './organizers.ts';
import { seedSearchPhrases } from './phrases.ts';
import { Random } from './random.ts';
import { seedTaxonomy } from './taxonomy.ts';
import { seedTours } from './tours.ts';

/** The demo catalogue's size: the issue asks for at least 300 tours. */
export const DEMO_TOURS = 400;
/** The fixed seed: the same catalogue on every machine. */
export const DEMO_SEED = 20_261_122;

export interface SeedOptions {
  tours?: number;
  seed?: number;
  /** The reference day (YYYY-MM-DD); dates are generated around it. Defaults to today (UTC). */
  today?: string;
  log?: (message: string) => void;
}

/** Fills an empty, migrated database with the deterministic demo catalogue. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<void> {
  const ctx: SeedContext = {
    db,
    random: new Random(options.seed ?? DEMO_SEED),
    today: options.today ?? todayUtc(),
    tours: options.tours ?? DEMO_TOURS,
    log: options.log ?? (() => {}),
  };
  const world = await seedGeography(ctx);
  const taxonomy = await seedTaxonomy(ctx);
  const organizers = await seedOrganizers(ctx, world);
  const tours = await seedTours(ctx, world, taxonomy, organizers);
  await seedSearchPhrases(ctx, tours);
  await seedContent(ctx);
  await seedAccounts(ctx);
  await seedChat(ctx);
  await refreshCatalogAggregates(db, ctx.today);
  await resetIdentitySequences(db);
  ctx.log('seed complete');
}

async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM countries) AS present`,
  );
  return !rows[0]?.present;
}

export interface PrepareOptions extends SeedOptions {
  /**
   * Seed the demo catalogue and accounts into an empty database (`DEMO_DATA=on`). Required, so
   * every caller says whether it wants known demo credentials: production never does.
   */
  demoData: boolean;
}

/** First start: migrate, and with `demoData` seed the demo catalogue when the database is empty. */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: PrepareOptions,
): Promise<{ seeded: boolean }> {
  await handle.migrate();
  if (!options.demoData || !(await isDatabaseEmpty(handle.db))) return { seeded: false };
  await seedDatabase(handle.db, options);
  // Fresh statistics (and a clean visibility map for index-only scans) before the first search.
  if (handle.driver === 'postgres') await handle.db.execute(sql`VACUUM ANALYZE`);
  return { seeded: true };
}
