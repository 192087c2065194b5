import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { indexOf, randomDates, tourRow } from './testing';
import * as slot from './walk-records';

describe('walkRecordsOf (decision 062)', () => {
  it('holds, side by side, exactly what the index columns hold, for every tour and date', () => {
    const random = new Random(62);
    const rows = Array.from({ length: 300 }, (_, n) =>
      tourRow(n + 1, { popularity: random.int(0, 40), fromPriceUsd: random.int(1, 90) * 100 }),
    );
    const index = indexOf(rows, randomDates(random, rows));
    const records = slot.walkRecordsOf(index);
    expect(slot.walkRecordsOf(index)).toBe(records);
    expect(records.tours).toHaveLength(index.size * slot.TOUR_STRIDE);
    expect(records.dates).toHaveLength(index.dates.startDay.length * slot.DATE_STRIDE);
    for (let tour = 0; tour < index.size; tour += 1) {
      const at = tour * slot.TOUR_STRIDE;
      expect(
        [
          records.tours[at + slot.FIRST_DAY],
          records.tours[at + slot.LAST_DAY],
          records.tours[at + slot.MIN_PRICE],
          records.tours[at + slot.MAX_PRICE],
          records.tours[at + slot.BUCKETS],
          records.tours[at + slot.DATES_FROM],
          records.tours[at + slot.DATES_TO],
        ],
        `tour ${tour}`,
      ).toEqual([
        index.firstDay[tour],
        index.lastDay[tour],
        index.minPrice[tour],
        index.maxPrice[tour],
        index.durationBuckets[tour],
        index.dateOffsets[tour],
        index.dateOffsets[tour + 1],
      ]);
    }
    const { startDay, duration, priceUsd, pricePerDayUsd } = index.dates;
    expect(startDay.length).toBeGreaterThan(300);
    for (let d = 0; d < startDay.length; d += 1) {
      const at = d * slot.DATE_STRIDE;
      expect(
        [
          records.dates[at + slot.START_DAY],
          records.dates[at + slot.DAYS],
          records.dates[at + slot.PRICE],
          records.dates[at + slot.PER_DAY],
        ],
        `date ${d}`,
      ).toEqual([startDay[d], duration[d], priceUsd[d], pricePerDayUsd[d]]);
    }
  });
});
