import { refreshCatalogAggregates } from '@gallop/api/src/db/aggregates.ts';
import type { Database } from '@gallop/api/src/db/client.ts';
import { loadReferenceData } from '@gallop/api/src/db/reference/index.ts';
import type { DemoSeedOptions } from '@gallop/api/src/demo/plugin.ts';
import { todayIso } from '@gallop/api/src/shared/dates.ts';
import { Random } from '@gallop/api/src/shared/random.ts';
import { seedAccounts } from './accounts.ts';
import { seedChat } from './chat.ts';
import { seedContent } from './content/index.ts';
import type { SeedContext } from './context.ts';
import { resetIdentitySequences } from './identity.ts';
import { seedGeography } from './geography.ts';
import { seedOrganizers } from './organizers.ts';
import { seedSearchPhrases } from './phrases.ts';
import { seedTaxonomy } from './taxonomy.ts';
import { seedTours } from './tours.ts';

/** The demo catalogue's size: the issue asks for at least 300 tours. */
export const DEMO_TOURS = 400;
/** The fixed seed: the same catalogue on every machine. */
export const DEMO_SEED = 20_261_122;

/**
 * Fills an empty, migrated database with the deterministic demo catalogue, on top of the
 * reference data (countries, languages) every deployment has (decision 163).
 */
export async function seedDatabase(db: Database, options: DemoSeedOptions = {}): Promise<void> {
  const ctx: SeedContext = {
    db,
    random: new Random(options.seed ?? DEMO_SEED),
    today: options.today ?? todayIso(),
    tours: options.tours ?? DEMO_TOURS,
    log: options.log ?? (() => {}),
  };
  await loadReferenceData(db);
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
