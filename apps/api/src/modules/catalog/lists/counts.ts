/**
 * `tours_count` of catalogue lists. A tour counts when it is published and still has a date
 * ahead (its last start date is today or later): a list never promises tours a search would not
 * find. `last_start_date` is denormalised onto the tour, so every count is one scan of `tours`.
 */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client.ts';
import { seasons, tourDates, tours } from '#src/db/schema/index.ts';

export type Counts = ReadonlyMap<number | string, number>;

/** Published tours with a start date on or after `today`. */
export function activeTours(today: string): SQL | undefined {
  return and(eq(tours.isPublished, true), gte(tours.lastStartDate, today));
}

function toCounts(rows: { key: number | string; count: number }[]): Counts {
  return new Map(rows.map((row) => [row.key, row.count]));
}

/** Active tours per element of one of the tour's id arrays (countries, rest kinds ...). */
export async function countByArrayColumn(
  db: Database,
  column: PgColumn,
  today: string,
): Promise<Counts> {
  const key = sql<number>`unnest(${column})`.mapWith(Number);
  const rows = await db
    .select({ key, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tours)
    .where(activeTours(today))
    .groupBy(sql`1`);
  return toCounts(rows);
}

/** Active tours per value of a plain column (accommodation ...). */
export async function countByColumn(
  db: Database,
  column: PgColumn,
  today: string,
): Promise<Counts> {
  const rows = await db
    .select({ key: sql<string>`${column}`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tours)
    .where(activeTours(today))
    .groupBy(column);
  return toCounts(rows);
}

/** Active tours per season: those with a date ahead starting in one of the season's months. */
export async function countBySeason(db: Database, today: string): Promise<Counts> {
  const rows = await db
    .select({
      key: seasons.id,
      count: sql<number>`count(distinct ${tourDates.tourId})`.mapWith(Number),
    })
    .from(seasons)
    .innerJoin(
      tourDates,
      and(
        sql`extract(month from ${tourDates.startDate})::int = any(${seasons.months})`,
        gte(tourDates.startDate, today),
      ),
    )
    .innerJoin(tours, and(eq(tours.id, tourDates.tourId), eq(tours.isPublished, true)))
    .groupBy(seasons.id);
  return toCounts(rows);
}
