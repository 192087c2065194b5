import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import { openTestDatabase, testDatabaseKind } from '@gallop/api/src/testing/database.ts';
import { tourAggregates } from './tours.ts';

const date = (startDate: string, priceUsd: number, extra: object = {}) => ({
  startDate,
  priceUsd,
  pricePerDayUsd: Math.round(priceUsd / 5),
  isBusy: false,
  numberOfFreeSeats: 3,
  ...extra,
});

describe('tourAggregates (the seed writes what the aggregate refresh would)', () => {
  it('prices and next start from bookable future dates, last start from any', () => {
    const dates = [
      date('2026-11-20', 50_000), // passed
      date('2026-12-01', 90_000, { isBusy: true }),
      date('2026-12-08', 80_000, { numberOfFreeSeats: 0 }),
      date('2027-01-10', 120_000),
      date('2027-02-10', 100_000, { pricePerDayUsd: 30_000 }),
    ];
    expect(tourAggregates(dates, [], '2026-11-28')).toEqual({
      fromPriceUsd: 100_000,
      fromPricePerDayUsd: 24_000,
      nextStartDate: '2026-12-01',
      lastStartDate: '2027-02-10',
      rating: null,
      reviewsCount: 0,
    });
  });

  it('leaves prices and next start empty when every date has passed', () => {
    expect(tourAggregates([date('2026-10-01', 10_000)], [5], '2026-11-28')).toMatchObject({
      fromPriceUsd: null,
      fromPricePerDayUsd: null,
      nextStartDate: null,
      lastStartDate: '2026-10-01',
    });
  });

  it('rounds the average rating to a tenth, halves up, as round(numeric, 1) does', () => {
    const rating = (ratings: number[]) => tourAggregates([], ratings, '2026-11-28').rating;
    expect(rating([4, 5])).toBe(4.5);
    expect(rating([5, 4, 4, 4])).toBe(4.3); // 4.25
    expect(rating([2, 2, 1, 2])).toBe(1.8); // 1.75
    expect(rating([5, 5, 4])).toBe(4.7); // 4.666…
    expect(rating([1, 2, 2])).toBe(1.7); // 1.666…
    expect(rating([3, 3, 4])).toBe(3.3); // 3.333…
    expect(rating([5])).toBe(5);
  });
});

// The seeded test database's tours were written with these values and then refreshed by SQL:
// they must agree for every tour. (PGlite only: on the shared PostgreSQL database other files
// add reviews meanwhile.)
describe.runIf(testDatabaseKind() === 'pglite')('the seeded tours’ aggregates', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('match the SQL refresh for every tour', async () => {
    const { rows } = await database.db.execute<{
      id: number;
      stored: Record<string, unknown>;
      dates: {
        startDate: string;
        priceUsd: number;
        pricePerDayUsd: number;
        isBusy: boolean;
        numberOfFreeSeats: number;
      }[];
      ratings: number[];
      today: string;
    }>(sql`
      SELECT t.id,
        json_build_object(
          'fromPriceUsd', t.from_price_usd, 'fromPricePerDayUsd', t.from_price_per_day_usd,
          'nextStartDate', t.next_start_date::text, 'lastStartDate', t.last_start_date::text,
          'rating', t.rating, 'reviewsCount', t.reviews_count) AS stored,
        coalesce((SELECT json_agg(json_build_object(
          'startDate', d.start_date::text, 'priceUsd', d.price_usd,
          'pricePerDayUsd', d.price_per_day_usd, 'isBusy', d.is_busy,
          'numberOfFreeSeats', d.number_of_free_seats))
          FROM tour_dates d WHERE d.tour_id = t.id), '[]') AS dates,
        coalesce((SELECT json_agg(r.rating) FROM reviews r
          WHERE r.tour_id = t.id AND r.is_published), '[]') AS ratings,
        (SELECT aggregates_day::text FROM catalog_version WHERE id = 1) AS today
      FROM tours t ORDER BY t.id`);
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const rated = rows.filter((row) => row.ratings.length > 1);
    expect(rated.length).toBeGreaterThan(100);
    for (const row of rows) {
      const computed = tourAggregates(row.dates, row.ratings, row.today);
      // real is stored as float4: compare the rating as PostgreSQL prints it, to a tenth.
      expect(computed, `tour ${row.id}`).toEqual({
        ...row.stored,
        rating:
          row.stored['rating'] === null ? null : Number(Number(row.stored['rating']).toFixed(1)),
      });
    }
  });
});
