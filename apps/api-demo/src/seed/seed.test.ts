import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { openMigratedPglite, openTestDatabase } from '@gallop/api/src/testing/database.ts';
import { seedDatabase } from './index.ts';
import { Random } from '@gallop/api/src/shared/random.ts';
import { slugify } from '@gallop/api/src/shared/slug.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await database.db.execute<T>(query);
  return rows[0] as T;
}

describe('the seeded demo catalogue', () => {
  it('has the issue’s minimum sizes', async () => {
    const counts = await one<Record<string, number | string>>(sql`
      SELECT
        (SELECT count(*) FROM tours) AS tours,
        (SELECT count(*) FROM countries) AS countries,
        (SELECT count(DISTINCT world_part_id) FROM countries) AS world_parts_with_countries,
        (SELECT count(*) FROM world_parts) AS world_parts,
        (SELECT count(*) FROM organizers) AS organizers,
        (SELECT count(*) FROM organizers WHERE type = 'author') AS authors,
        (SELECT count(*) FROM regions) AS regions,
        (SELECT count(*) FROM cities) AS cities,
        (SELECT count(*) FROM showplaces) AS showplaces,
        (SELECT count(*) FROM water_objects) AS waters,
        (SELECT count(*) FROM reviews) AS reviews`);
    const n = (key: string) => Number(counts[key]);
    expect(n('tours')).toBeGreaterThanOrEqual(300);
    expect(n('countries')).toBeGreaterThanOrEqual(30);
    expect(n('world_parts_with_countries')).toBe(n('world_parts'));
    expect(n('organizers')).toBeGreaterThanOrEqual(60);
    expect(n('authors')).toBeGreaterThan(0);
    expect(n('authors')).toBeLessThan(n('organizers'));
    for (const key of ['regions', 'cities', 'showplaces', 'waters', 'reviews']) {
      expect(n(key), key).toBeGreaterThan(0);
    }
  });

  it('mixes tours, excursions and cruises, with slugs ending in -<id>', async () => {
    const kinds = await one<Record<string, number | string>>(sql`
      SELECT count(*) FILTER (WHERE type = 1 AND NOT is_cruise) AS tours,
             count(*) FILTER (WHERE type = 2) AS excursions,
             count(*) FILTER (WHERE is_cruise) AS cruises,
             count(*) FILTER (WHERE slug NOT LIKE '%-' || id) AS bad_slugs
      FROM tours`);
    expect(Number(kinds['tours'])).toBeGreaterThan(100);
    expect(Number(kinds['excursions'])).toBeGreaterThan(20);
    expect(Number(kinds['cruises'])).toBeGreaterThan(10);
    expect(Number(kinds['bad_slugs'])).toBe(0);
  });

  it('covers every discount kind, prepayment rule and date flag', async () => {
    const { rows: discounts } = await database.db.execute<{ kind: string }>(
      sql`SELECT DISTINCT discount_kind AS kind FROM tour_dates WHERE discount_kind IS NOT NULL`,
    );
    expect(discounts.map((row) => row.kind).sort()).toEqual([
      'early_booking_dates',
      'early_booking_days',
      'on_tour_date',
      'seasonal',
    ]);
    const { rows: prepayments } = await database.db.execute<{ type: string }>(
      sql`SELECT DISTINCT prepayment_type AS type FROM tour_dates`,
    );
    expect(prepayments.map((row) => row.type).sort()).toEqual(['fixed', 'none', 'percent']);
    const flags = await one<Record<string, number | string>>(sql`
      SELECT count(*) FILTER (WHERE is_busy) AS busy,
             count(*) FILTER (WHERE not_guaranteed) AS not_guaranteed,
             count(*) FILTER (WHERE flight_included) AS flight_included,
             count(*) FILTER (WHERE number_of_free_seats = 0) AS sold_out,
             count(*) FILTER (WHERE variant_name IS NOT NULL) AS variants,
             count(*) FILTER (WHERE price < price_without_discount) AS discounted
      FROM tour_dates`);
    for (const [flag, count] of Object.entries(flags))
      expect(Number(count), flag).toBeGreaterThan(0);
  });

  it('names the variants of one departure and prices them consistently', async () => {
    const checks = await one<Record<string, number | string>>(sql`
      WITH pairs AS (
        SELECT a.variant_name AS a_name, b.variant_name AS b_name,
               a.flight_included AS a_flight, b.flight_included AS b_flight,
               a.price AS a_price, b.price AS b_price,
               a.price_without_discount AS a_list, b.price_without_discount AS b_list
        FROM tour_dates a
        JOIN tour_dates b ON b.tour_id = a.tour_id AND b.start_date = a.start_date
          AND b.end_date = a.end_date AND b.id <> a.id)
      SELECT count(*) AS pairs,
             count(*) FILTER (WHERE a_name IS NULL OR a_name = b_name) AS unnamed,
             count(*) FILTER (WHERE a_flight AND NOT b_flight AND a_price < b_price) AS cheaper_flight,
             count(*) FILTER (WHERE a_name = 'Private room' AND b_name = 'Shared room'
               AND a_flight = b_flight AND (a_price < b_price OR a_list < b_list)) AS cheaper_private
      FROM pairs`);
    expect(Number(checks['pairs'])).toBeGreaterThan(0);
    expect(Number(checks['unnamed']), 'variants of the same dates have their own names').toBe(0);
    expect(Number(checks['cheaper_flight']), 'a flight never makes the dates cheaper').toBe(0);
    expect(Number(checks['cheaper_private']), 'a private room never costs less').toBe(0);
  });

  it('keeps some tours whose dates have all passed, and aggregates in step with the dates', async () => {
    const passed = await one<{ count: number | string }>(
      sql`SELECT count(*) AS count FROM tours WHERE last_start_date < current_date`,
    );
    expect(Number(passed.count)).toBeGreaterThan(0);
    const wrong = await one<{ count: number | string }>(sql`
      SELECT count(*) AS count FROM tours t
      WHERE t.from_price_usd IS DISTINCT FROM (
        SELECT min(d.price_usd) FROM tour_dates d
        WHERE d.tour_id = t.id AND d.start_date >= current_date
          AND d.number_of_free_seats > 0 AND NOT d.is_busy)`);
    expect(Number(wrong.count)).toBe(0);
  });

  it('has reviews with photos and ratings from 1 to 5', async () => {
    const reviews = await one<Record<string, number | string>>(sql`
      SELECT min(rating) AS min, max(rating) AS max,
             count(*) FILTER (WHERE jsonb_array_length(images) > 0) AS with_photos
      FROM reviews`);
    expect(Number(reviews['min'])).toBe(1);
    expect(Number(reviews['max'])).toBe(5);
    expect(Number(reviews['with_photos'])).toBeGreaterThan(0);
  });
});

// Each test here seeds whole catalogues (two of 40 tours, one of 1,001): 5–25 s on a 2-core CI
// machine under the rest of the suite, so the limit only guards against a hang.
describe('the generator', { timeout: 120_000 }, () => {
  it('produces the same catalogue for the same seed and day', async () => {
    const fingerprint = async () => {
      const handle = await openMigratedPglite();
      try {
        await seedDatabase(handle.db, { tours: 40, seed: 7, today: '2026-06-01' });
        const { rows } = await handle.db.execute<{ digest: string }>(sql`
          SELECT md5(string_agg(t.slug || t.from_price_usd::text || d.start_date::text || d.price::text, ',' ORDER BY d.id)) AS digest
          FROM tour_dates d JOIN tours t ON t.id = d.tour_id`);
        return rows[0]!.digest;
      } finally {
        await handle.close();
      }
    };
    const first = await fingerprint();
    expect(await fingerprint()).toBe(first);
  });

  it('numbers the tour rows in generation order, whatever order batches reach the database', async () => {
    // Two batches are written at once (decision 079): 1,001 tours make three batches.
    const handle = await openMigratedPglite();
    try {
      await seedDatabase(handle.db, { tours: 1_001, seed: 7, today: '2026-06-01' });
      for (const table of ['tour_dates', 'tour_programs', 'tour_questions', 'reviews']) {
        const { rows } = await handle.db.execute<{ rows: number; out_of_order: number }>(
          sql.raw(`
            SELECT count(*)::int AS rows, count(*) FILTER (WHERE tour_id < previous)::int AS out_of_order
            FROM (SELECT tour_id, lag(tour_id) OVER (ORDER BY id) AS previous FROM ${table}) s`),
        );
        expect(rows[0]!.rows, table).toBeGreaterThan(1_000);
        expect(rows[0]!.out_of_order, table).toBe(0);
      }
    } finally {
      await handle.close();
    }
  });

  it('draws numbers in range, deterministically', () => {
    const a = new Random(42);
    const b = new Random(42);
    const drawn = Array.from({ length: 1000 }, () => a.int(3, 7));
    expect(drawn).toEqual(Array.from({ length: 1000 }, () => b.int(3, 7)));
    expect(Math.min(...drawn)).toBe(3);
    expect(Math.max(...drawn)).toBe(7);
    expect(new Random(1).uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('makes URL slugs from names with accents and punctuation', () => {
    expect(slugify('Ávila: Sierra de Gredos Ride')).toBe('avila-sierra-de-gredos-ride');
    expect(slugify('Val d’Orcia')).toBe('val-dorcia');
  });
});
