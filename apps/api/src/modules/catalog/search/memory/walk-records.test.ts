import { describe, expect, it } from 'vitest';
import { Random } from '#src/seed/random.ts';
import { indexOf, randomDates, tourRow } from './index-fixtures.ts';
import {
  BUCKETS,
  DATE_STRIDE,
  DATES_FROM,
  DATES_TO,
  DAYS,
  FIRST_DAY,
  FROM_PRICE,
  LAST_DAY,
  MAX_PRICE,
  MIN_PRICE,
  PER_DAY,
  PRICE,
  START_DAY,
  TOUR_STRIDE,
  walkRecordsOf,
} from './walk-records.ts';

describe('walkRecordsOf (decision 062)', () => {
  it('holds, side by side, exactly what the index columns hold, for every tour and date', () => {
    const random = new Random(62);
    const rows = Array.from({ length: 300 }, (_, n) =>
      tourRow(n + 1, { popularity: random.int(0, 40), fromPriceUsd: random.int(1, 90) * 100 }),
    );
    const index = indexOf(rows, randomDates(random, rows));
    const records = walkRecordsOf(index);
    expect(walkRecordsOf(index)).toBe(records);
    expect(records.tours).toHaveLength(index.size * TOUR_STRIDE);
    expect(records.dates).toHaveLength(index.dates.startDay.length * DATE_STRIDE);
    for (let tour = 0; tour < index.size; tour += 1) {
      const at = tour * TOUR_STRIDE;
      expect(
        [
          records.tours[at + FIRST_DAY],
          records.tours[at + LAST_DAY],
          records.tours[at + MIN_PRICE],
          records.tours[at + MAX_PRICE],
          records.tours[at + BUCKETS],
          records.tours[at + FROM_PRICE],
          records.tours[at + DATES_FROM],
          records.tours[at + DATES_TO],
        ],
        `tour ${tour}`,
      ).toEqual([
        index.firstDay[tour],
        index.lastDay[tour],
        index.minPrice[tour],
        index.maxPrice[tour],
        index.durationBuckets[tour],
        index.fromPrice[tour],
        index.dateOffsets[tour],
        index.dateOffsets[tour + 1],
      ]);
    }
    const { startDay, duration, priceUsd, pricePerDayUsd } = index.dates;
    expect(startDay.length).toBeGreaterThan(300);
    for (let d = 0; d < startDay.length; d += 1) {
      const at = d * DATE_STRIDE;
      expect(
        [
          records.dates[at + START_DAY],
          records.dates[at + DAYS],
          records.dates[at + PRICE],
          records.dates[at + PER_DAY],
        ],
        `date ${d}`,
      ).toEqual([startDay[d], duration[d], priceUsd[d], pricePerDayUsd[d]]);
    }
  });
});
