import { bigint, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * The log of catalogue changes, tour by tour (decision 110, generalising decision 083's seat
 * log). Triggers (migration 0029) add a row for every tour a write touches: its own row, its
 * dates (seats, prices, heavier-horse places, new and removed dates), its organizer or its ship.
 * Every API process reads the new rows about once a second and updates only those tours in its
 * search index, its kept cards and its cached answers; rows older than an hour are deleted.
 * `tourId` null means every tour (a truncate, a re-seed): processes read the catalogue again.
 * The tour id is kept without a foreign key: a log row outlives nothing.
 */
export const tourChanges = pgTable(
  'tour_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tourId: integer(),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('tour_changes_changed_at').on(table.changedAt)],
);
