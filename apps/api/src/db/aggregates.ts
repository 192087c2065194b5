import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';

/** Rows an UPDATE changed: `rowCount` from node-postgres, `affectedRows` from PGlite. */
function changedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}

/**
 * Recomputes the facts denormalised onto tours and organizers: cheapest bookable future price,
 * next and last start, ratings and counts. They depend on the day (dates pass), so the server
 * runs this at start and daily, and the seed runs it last. Only rows whose facts changed are
 * written, so only those tours reach the API processes' indexes as changes (decision 110).
 * Returns the number of rows changed.
 *
 * The day it recomputed them for is recorded (`catalog_version.aggregates_day`); with
 * `unlessDoneFor` a refresh for a day already done is skipped (a restart the same day: at a
 * million tours the statements run for tens of seconds, on PGlite they delayed a reopen's
 * readiness by a fifth of a second) and answers `undefined`.
 */
export async function refreshCatalogAggregates(
  db: Database,
  today: string,
  { unlessDoneFor = false } = {},
): Promise<number | undefined> {
  if (unlessDoneFor && (await aggregatesDay(db)) === today) return undefined;
  let changed = 0;
  const update = async (statement: ReturnType<typeof sql>) => {
    changed += changedRows(await db.execute(statement));
  };
  changed += await refreshTourDateFacts(db, today);
  // The horse-condition ratings (decision 115) beside the ratings: an average of those given.
  await update(sql`
    UPDATE tours t SET
      rating = s.rating,
      reviews_count = s.count,
      horse_condition_rating = s.horse_rating,
      horse_condition_count = s.horse_count
    FROM (
      SELECT tour_id, round(avg(rating)::numeric, 1)::real AS rating, count(*)::int AS count,
        round(avg(horse_condition)::numeric, 1)::real AS horse_rating,
        count(horse_condition)::int AS horse_count
      FROM reviews WHERE is_published GROUP BY tour_id
    ) s
    WHERE s.tour_id = t.id
      AND (t.rating IS DISTINCT FROM s.rating
        OR t.reviews_count <> s.count
        OR t.horse_condition_rating IS DISTINCT FROM s.horse_rating
        OR t.horse_condition_count <> s.horse_count)`);
  // Grouped once per table, not a subquery per organizer: at a million tours (20k organizers,
  // 3.6M reviews) the correlated form ran for tens of minutes on freshly loaded tables.
  await update(sql`
    UPDATE organizers o SET
      rating = s.rating,
      reviews_count = s.reviews_count,
      horse_condition_rating = s.horse_rating,
      horse_condition_count = s.horse_count,
      tours_count = s.tours_count
    FROM (
      SELECT o2.id, r.rating, coalesce(r.count, 0) AS reviews_count,
        r.horse_rating, coalesce(r.horse_count, 0) AS horse_count,
        coalesce(t.count, 0) AS tours_count
      FROM organizers o2
      LEFT JOIN (
        SELECT organizer_id, round(avg(rating)::numeric, 1)::real AS rating, count(*)::int AS count,
          round(avg(horse_condition)::numeric, 1)::real AS horse_rating,
          count(horse_condition)::int AS horse_count
        FROM reviews WHERE is_published GROUP BY organizer_id
      ) r ON r.organizer_id = o2.id
      LEFT JOIN (
        SELECT organizer_id, count(*)::int AS count FROM tours
        -- What the organizer's page lists: its listed multi-day tours (catalog/listed.ts).
        WHERE is_published AND from_price_usd IS NOT NULL AND type = 1 AND NOT is_cruise
        GROUP BY organizer_id
      ) t ON t.organizer_id = o2.id
    ) s
    WHERE s.id = o.id
      AND (o.rating IS DISTINCT FROM s.rating
        OR o.reviews_count IS DISTINCT FROM s.reviews_count
        OR o.horse_condition_rating IS DISTINCT FROM s.horse_rating
        OR o.horse_condition_count IS DISTINCT FROM s.horse_count
        OR o.tours_count IS DISTINCT FROM s.tours_count)`);
  // The tours whose rows changed reach every API process through the change log's triggers
  // (decision 110): their index entries, kept cards and cached answers are updated.
  await db.execute(sql`
    INSERT INTO catalog_version (id, aggregates_day) VALUES (1, ${today}::date)
    ON CONFLICT (id) DO UPDATE SET aggregates_day = excluded.aggregates_day`);
  return changed;
}

/**
 * The facts a tour takes from its dates (cheapest bookable future price and price per day, next
 * and last start), for every tour or only `tourIds` (a rate change recomputes those of the tours
 * it repriced, decision 168). Writes only the tours whose facts changed; answers how many.
 */
export async function refreshTourDateFacts(
  db: Database,
  today: string,
  tourIds?: readonly number[],
): Promise<number> {
  if (tourIds?.length === 0) return 0;
  // One array parameter, however many tours (a list of parameters stops at 65,535).
  const only = tourIds ? sql`WHERE t2.id = ANY(${`{${tourIds.join(',')}}`}::int[])` : sql``;
  return changedRows(
    await db.execute(sql`
    UPDATE tours t SET
      from_price_usd = s.min_price,
      from_price_per_day_usd = s.min_price_per_day,
      next_start_date = s.next_start,
      last_start_date = s.last_start
    FROM (
      SELECT t2.id AS tour_id,
        min(d.price_usd) FILTER (WHERE d.start_date >= ${today}::date AND d.number_of_free_seats > 0 AND NOT d.is_busy) AS min_price,
        min(d.price_per_day_usd) FILTER (WHERE d.start_date >= ${today}::date AND d.number_of_free_seats > 0 AND NOT d.is_busy) AS min_price_per_day,
        min(d.start_date) FILTER (WHERE d.start_date >= ${today}::date) AS next_start,
        max(d.start_date) AS last_start
      -- An individual offer's own date is not the catalogue's (decision 181).
      FROM tours t2 LEFT JOIN tour_dates d ON d.tour_id = t2.id AND d.individual_tour_uuid IS NULL
      ${only}
      GROUP BY t2.id
    ) s
    WHERE s.tour_id = t.id
      AND (t.from_price_usd IS DISTINCT FROM s.min_price
        OR t.from_price_per_day_usd IS DISTINCT FROM s.min_price_per_day
        OR t.next_start_date IS DISTINCT FROM s.next_start
        OR t.last_start_date IS DISTINCT FROM s.last_start)`),
  );
}

/** The day the aggregates were last recomputed for (`YYYY-MM-DD`), if recorded. */
export async function aggregatesDay(db: Database): Promise<string | undefined> {
  const result = (await db.execute(
    sql`SELECT aggregates_day::text AS day FROM catalog_version WHERE id = 1`,
  )) as unknown as { rows: { day: string | null }[] };
  return result.rows[0]?.day ?? undefined;
}
