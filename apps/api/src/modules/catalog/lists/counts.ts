/**
 * `tours_count` of catalogue lists: how many tours the search an entry links to finds. A tour
 * counts when it is listed (`../listed.ts`, the rule the search, its facets and the stats share)
 * and in the search's segment: multi-day tours (type 1, no cruises), as `/tours?countries=…`
 * and the catalogue pages show them, or cruises for entries that open the cruise search. Every
 * count is one scan of `tours`; a season's also reads the dates of its window.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client.ts';
import { tours } from '#src/db/schema/index.ts';
import { bookableDate } from '#src/modules/catalog/search/conditions.ts';
import { CRUISE_SEGMENT, listedTour, TOUR_SEGMENT } from '../listed.ts';

export type Counts = ReadonlyMap<number | string, number>;

/** Which search a count is for: multi-day tours (the default search) or cruises. */
export type Segment = 'tours' | 'cruises';

const SEGMENTS: Record<Segment, SQL> = { tours: TOUR_SEGMENT, cruises: CRUISE_SEGMENT };

/** Listed tours of a segment (the multi-day tours by default). */
function listedIn(today: string, segment: Segment = 'tours'): SQL | undefined {
  return and(listedTour(today), SEGMENTS[segment]);
}

function toCounts(rows: { key: number | string; count: number }[]): Counts {
  return new Map(rows.map((row) => [row.key, row.count]));
}

/** Listed tours per element of one of the tour's id arrays (countries, rest kinds ...). */
export async function countByArrayColumn(
  db: Database,
  column: PgColumn,
  today: string,
  segment: Segment = 'tours',
): Promise<Counts> {
  const key = sql<number>`unnest(${column})`.mapWith(Number);
  const rows = await db
    .select({ key, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tours)
    .where(listedIn(today, segment))
    .groupBy(sql`1`);
  return toCounts(rows);
}

/** A point on the globe, in degrees. */
export interface Centre {
  lat: number;
  lng: number;
}

/**
 * Where the listed tours of each element of one of the tour's id arrays start, averaged on the
 * globe (the mean of their unit vectors, so a country across the 180th meridian is not placed
 * on the other side of the world). A destination map's point for a country (decision 127).
 */
export async function centreByArrayColumn(
  db: Database,
  column: PgColumn,
  today: string,
): Promise<ReadonlyMap<number, Centre>> {
  const key = sql<number>`unnest(${column})`.mapWith(Number);
  const lat = sql`radians(${tours.lat})`;
  const lng = sql`radians(${tours.lng})`;
  const rows = await db
    .select({
      key,
      x: sql<number>`avg(cos(${lat}) * cos(${lng}))`.mapWith(Number),
      y: sql<number>`avg(cos(${lat}) * sin(${lng}))`.mapWith(Number),
      z: sql<number>`avg(sin(${lat}))`.mapWith(Number),
    })
    .from(tours)
    .where(listedIn(today))
    .groupBy(sql`1`);
  const degrees = (radians: number) => (radians * 180) / Math.PI;
  return new Map(
    rows.map(({ key, x, y, z }) => [
      key,
      { lat: degrees(Math.atan2(z, Math.hypot(x, y))), lng: degrees(Math.atan2(y, x)) },
    ]),
  );
}

/** Listed tours per value of a plain column (accommodation ...). */
export async function countByColumn(
  db: Database,
  column: PgColumn,
  today: string,
): Promise<Counts> {
  const rows = await db
    .select({ key: sql<string>`${column}`, count: sql<number>`count(*)`.mapWith(Number) })
    .from(tours)
    .where(listedIn(today))
    .groupBy(column);
  return toCounts(rows);
}

/** A season's next window of start dates (`nextSeasonWindow`), by season id. */
export interface SeasonWindow {
  id: number;
  date_from: string;
  date_to: string;
}

/**
 * Listed tours per season: those with a bookable date starting in the season's next window, as
 * the window's search (`dateFrom`/`dateTo`) finds them.
 */
export async function countBySeason(
  db: Database,
  today: string,
  windows: readonly SeasonWindow[],
): Promise<Counts> {
  if (windows.length === 0) return new Map();
  const counts = windows.map(
    (window) =>
      sql`select ${window.id}::int as key, count(*)::int as count from tours
        where ${listedIn(today)} and exists (select 1 from tour_dates
          where tour_dates.tour_id = tours.id and ${bookableDate(today)}
            and tour_dates.start_date between ${window.date_from}::date and ${window.date_to}::date)`,
  );
  const result = (await db.execute(sql.join(counts, sql` union all `))) as unknown as {
    rows: { key: number | string; count: number | string }[];
  };
  // count(*) is a string on node-postgres and a number on PGlite.
  return toCounts(result.rows.map((row) => ({ key: Number(row.key), count: Number(row.count) })));
}
