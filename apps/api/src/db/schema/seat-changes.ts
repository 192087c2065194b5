import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * A log of the tours whose dates' seats or busy flag changed (decision 083). Bookings move seats
 * without bumping the catalogue version, so the API's kept search cards would not know; a
 * trigger on `tour_dates` (migration 0017) adds a row for each such change, every API process
 * reads the new rows about once a second and forgets those tours' cards, and rows older than an
 * hour are deleted. The tour id is kept without a foreign key: a log row outlives nothing.
 */
export const tourSeatChanges = pgTable(
  'tour_seat_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tourId: integer().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('tour_seat_changes_changed_at').on(table.changedAt)],
);
