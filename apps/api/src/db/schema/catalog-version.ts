import { sql } from 'drizzle-orm';
import { check, date, pgTable, smallint } from 'drizzle-orm/pg-core';

/**
 * One row of catalogue bookkeeping. It held a catalogue version every write bumped until
 * decision 110 (changes now travel tour by tour, `tour_changes`); the name stayed.
 * `aggregatesDay` is the day the aggregates were last recomputed for (`refreshCatalogAggregates`),
 * so a restart on the same day does not recompute them again.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint().primaryKey().default(1),
    aggregatesDay: date({ mode: 'string' }),
  },
  (table) => [check('catalog_version_single_row', sql`${table.id} = 1`)],
);
