import { sql } from 'drizzle-orm';
import { bigint, check, date, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row: the catalogue's version. Every catalogue write (the aggregates refresh, a rates
 * update, a seed) bumps it, and the API's response cache keys its entries by it, so all API
 * instances drop their cached search answers together. The number starts at the creation time
 * in milliseconds and only grows, so a re-seeded database never reuses an old version.
 * `aggregatesDay` is the day the aggregates were last recomputed for (`refreshCatalogAggregates`),
 * so a restart on the same day does not recompute them again.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull(),
    aggregatesDay: date({ mode: 'string' }),
  },
  (table) => [check('catalog_version_single_row', sql`${table.id} = 1`)],
);
