/**
 * Every seeded tour's days in numbers are plausible (decision 113): hours and distance agree,
 * the nights lie in the tour's country near its start city and no further from the last night
 * than the day's ride, every pace mix sums to 100, and the tour's saddle hours (which the
 * rider-fit filter reads) are its days'.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@gallop/api/src/db/client.ts';
import type { StoredRidingDay } from '@gallop/api/src/db/schema/index.ts';
import { saddleHours } from '@gallop/api/src/modules/catalog/index.ts';
import { openTestDatabase, TEST_SEED_TOURS } from '@gallop/api/src/testing/database.ts';
import { offset } from './riding-days.ts';

/** Rough bounds of each demo country, [south, north, west, east], written from an atlas. */
const COUNTRY_BOUNDS: Record<string, readonly [number, number, number, number]> = {
  IS: [63.2, 66.6, -24.6, -13.4],
  IE: [51.4, 55.4, -10.7, -5.9],
  GB: [49.9, 60.9, -8.7, 1.8],
  ES: [35.9, 43.8, -9.4, 4.4],
  PT: [36.9, 42.2, -9.6, -6.1],
  FR: [41.3, 51.1, -5.2, 9.6],
  IT: [36.6, 47.1, 6.6, 18.6],
  NO: [57.9, 71.2, 4.5, 31.2],
  HU: [45.7, 48.6, 16.1, 22.9],
  GE: [41.0, 43.6, 40.0, 46.8],
  RU: [41.2, 81.9, 19.6, 180],
  MN: [41.5, 52.2, 87.7, 119.9],
  KZ: [40.5, 55.5, 46.4, 87.4],
  KG: [39.1, 43.3, 69.2, 80.3],
  CN: [18.1, 53.6, 73.5, 134.8],
  IN: [6.7, 35.7, 68.1, 97.4],
  TR: [35.8, 42.2, 25.6, 44.8],
  JO: [29.1, 33.4, 34.9, 39.3],
  MM: [9.8, 28.6, 92.1, 101.2],
  MA: [27.6, 35.9, -13.2, -1.0],
  ZA: [-34.9, -22.1, 16.4, 32.9],
  KE: [-4.7, 5.0, 33.9, 41.9],
  BW: [-26.9, -17.8, 19.9, 29.4],
  NA: [-29.0, -16.9, 11.7, 25.3],
  LR: [4.3, 8.6, -11.5, -7.4],
  EG: [22.0, 31.7, 24.7, 36.9],
  US: [24.4, 49.4, -124.8, -66.9],
  CA: [41.7, 83.1, -141.0, -52.6],
  MX: [14.5, 32.7, -118.4, -86.7],
  CR: [8.0, 11.2, -85.95, -82.5],
  AR: [-55.1, -21.8, -73.6, -53.6],
  CL: [-56.0, -17.5, -75.7, -66.4],
  PE: [-18.4, 0, -81.4, -68.7],
  BR: [-33.8, 5.3, -74.0, -34.8],
  UY: [-35.0, -30.1, -58.5, -53.1],
  AU: [-43.7, -10.7, 113.3, 153.7],
  NZ: [-47.3, -34.4, 166.4, 178.6],
  FJ: [-19.2, -16.1, 177.0, 180],
};

/** No night of a ride is further than this from the city it starts in. */
const NEAR_START_KM = 120;

interface TourRow {
  id: number;
  type: number;
  is_cruise: boolean;
  duration: number;
  landscape: string;
  iso: string;
  city: string;
  lat: number;
  lng: number;
  hours_typical_day: number;
  hours_longest_day: number;
  days: { day: number; title: string; riding?: StoredRidingDay | null }[];
}

let database: DatabaseHandle;
let tours: TourRow[];
beforeAll(async () => {
  database = await openTestDatabase();
  const result = await database.db.execute<TourRow & Record<string, unknown>>(sql`
    SELECT t.id, t.type, t.is_cruise, t.duration, r.landscape, c.iso_code AS iso,
      sc.name AS city, sc.lat, sc.lng, t.hours_typical_day, t.hours_longest_day, p.days
    FROM tours t
    JOIN regions r ON r.id = t.region_ids[1]
    JOIN countries c ON c.id = t.country_ids[1]
    JOIN cities sc ON sc.id = t.start_city_id
    JOIN tour_programs p ON p.tour_id = t.id
    WHERE t.id <= ${TEST_SEED_TOURS}
    ORDER BY t.id`);
  tours = result.rows as TourRow[];
});
afterAll(() => database.close());

const ridingDays = (tour: TourRow) =>
  tour.days.flatMap(({ riding }) => (riding && !riding.restDay ? [riding] : []));

describe('the demo programme days in numbers', () => {
  it('give every day of every seeded tour its numbers', () => {
    expect(tours.length).toBeGreaterThan(300);
    for (const tour of tours) {
      for (const day of tour.days)
        expect(day.riding, `tour ${tour.id} day ${day.day}`).toBeTruthy();
      expect(ridingDays(tour).length, `tour ${tour.id}`).toBeGreaterThan(0);
    }
  });

  it('ride 4–8 km per hour in the saddle, with a pace mix summing to 100', () => {
    for (const tour of tours) {
      for (const day of tour.days) {
        const riding = day.riding!;
        const where = `tour ${tour.id} day ${day.day}`;
        if (riding.restDay) {
          expect([riding.hours, riding.distanceKm, riding.ascentM, riding.pace], where).toEqual([
            null,
            null,
            null,
            null,
          ]);
          continue;
        }
        const hours = riding.hours!;
        expect(hours, where).toBeGreaterThan(0);
        expect(hours, where).toBeLessThanOrEqual(8);
        // The distance is rounded to the kilometre, so its bounds are too.
        expect(riding.distanceKm, where).toBeGreaterThanOrEqual(Math.round(4 * hours));
        expect(riding.distanceKm, where).toBeLessThanOrEqual(Math.round(8 * hours));
        const { walk, trot, canter, gallop } = riding.pace!;
        expect(
          [walk, trot, canter, gallop].every((share) => share >= 0),
          where,
        ).toBe(true);
        expect(walk + trot + canter + gallop, where).toBe(100);
        if (riding.ascentM !== null) expect(riding.ascentM, where).toBeGreaterThan(0);
      }
    }
  });

  it('spend every night inside the country, near the start city, within a day’s ride', () => {
    let nights = 0;
    for (const tour of tours) {
      const bounds = COUNTRY_BOUNDS[tour.iso];
      expect(bounds, tour.iso).toBeDefined();
      const [south, north, west, east] = bounds!;
      let previous: { lat: number; lng: number } = { lat: tour.lat, lng: tour.lng };
      for (const day of tour.days) {
        const night = day.riding!.overnight;
        const where = `tour ${tour.id} day ${day.day}: ${night?.name}`;
        if (!night) continue;
        nights += 1;
        expect(night.lat, where).toBeGreaterThanOrEqual(south);
        expect(night.lat, where).toBeLessThanOrEqual(north);
        expect(night.lng, where).toBeGreaterThanOrEqual(west);
        expect(night.lng, where).toBeLessThanOrEqual(east);
        expect(offset(tour, night).km, where).toBeLessThanOrEqual(NEAR_START_KM);
        // As the crow flies, a night lies no further from the last than the day rode (plus the
        // few kilometres between a base and its town on the first night).
        expect(offset(previous, night).km, where).toBeLessThanOrEqual(
          (day.riding!.distanceKm ?? 0) + 3,
        );
        expect(night.name.length, where).toBeGreaterThan(3);
        previous = night;
      }
      // The last day ends at home; a one-day ride sleeps at home.
      expect(tour.days.at(-1)!.riding!.overnight, `tour ${tour.id}`).toBeNull();
    }
    expect(nights).toBeGreaterThan(1000);
  });

  it('make the tour’s saddle hours (the rider-fit filter’s) its days’', () => {
    for (const tour of tours) {
      expect(
        { hoursTypicalDay: tour.hours_typical_day, hoursLongestDay: tour.hours_longest_day },
        `tour ${tour.id}`,
      ).toEqual(saddleHours(tour.days));
    }
  });

  it('vary with the landscape: long steppe days, climbs in the mountains, rest days on long rides', () => {
    const steppeDays = tours
      .filter((tour) => tour.type === 1 && !tour.is_cruise && tour.landscape === 'steppe')
      .flatMap((tour) =>
        tour.hours_longest_day >= 6 ? ridingDays(tour).filter((day) => day.hours! >= 6) : [],
      );
    expect(steppeDays.length).toBeGreaterThan(0);
    for (const day of steppeDays) {
      expect(day.hours).toBeLessThanOrEqual(7);
      expect(day.distanceKm).toBeGreaterThanOrEqual(30);
      expect(day.distanceKm).toBeLessThanOrEqual(42);
    }
    const allDays = tours.flatMap(ridingDays);
    expect(new Set(allDays.map((day) => day.hours)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(allDays.map((day) => day.distanceKm)).size).toBeGreaterThanOrEqual(30);
    expect(allDays.filter((day) => (day.ascentM ?? 0) >= 500).length).toBeGreaterThan(20);
    const longRides = tours.filter((tour) => tour.type === 1 && tour.days.length >= 7);
    const withRest = longRides.filter((tour) => tour.days.some((day) => day.riding!.restDay));
    expect(withRest.length).toBeGreaterThan(longRides.length / 4);
    // No rest day on a ride too short for one.
    for (const tour of tours.filter((t) => t.days.length < 5)) {
      expect(
        tour.days.some((day) => day.riding!.restDay),
        `tour ${tour.id}`,
      ).toBe(false);
    }
  });
});
