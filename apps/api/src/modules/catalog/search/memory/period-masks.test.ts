import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from '#src/seed/random.ts';
import { date, day, indexOf, rates, tourRow } from './index-fixtures.ts';
import {
  HAS_DATE,
  NO_DATE,
  PERIOD_DAYS,
  PERIODS,
  periodMasksOf,
  UNDECIDED,
  windowDecides,
  windowMaskOf,
} from './period-masks.ts';
import { compileIndexQuery } from './query-index.ts';

const prices = { currency: 'USD', rates };

describe('windowDecides (a tour decided by its fortnights, decision 075)', () => {
  const random = new Random(75);
  const rows = Array.from({ length: 400 }, (_, n) => tourRow(n + 1));
  // Dates over more than the fortnights with a bit of their own, so the later days' bit counts.
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 6) }, () =>
      date(row.id, random.int(1, PERIODS * PERIOD_DAYS + 200), random.int(1, 14), 10_000),
    ),
  );
  const index = indexOf(rows, dates);
  const masks = periodMasksOf(index);

  it('never contradicts the dates, and decides most tours of a window', () => {
    const decided = { [NO_DATE]: 0, [HAS_DATE]: 0, [UNDECIDED]: 0 };
    for (let draw = 0; draw < 150; draw += 1) {
      const from = random.int(0, PERIODS * PERIOD_DAYS + 220);
      const query = {
        ...(random.chance(0.9) ? { dateFrom: day(from) } : {}),
        ...(random.chance(0.9) ? { dateTo: day(from + random.int(0, 120)) } : {}),
        ...(random.chance(0.5) ? { daysMin: random.int(1, 8) } : {}),
        ...(random.chance(0.3) ? { daysMax: random.int(6, 14) } : {}),
      };
      const bounds = compileIndexQuery(index, normalizeFilters(query), prices).dates;
      const window = windowMaskOf(masks, bounds);
      if (!query.dateFrom && !query.dateTo) {
        expect(window).toBeUndefined();
        continue;
      }
      for (let tour = 0; tour < index.size; tour += 1) {
        let inWindow = false;
        let matches = false;
        for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
          const start = index.dates.startDay[d]!;
          if (start < bounds.fromDay || start > bounds.toDay) continue;
          inWindow = true;
          const days = index.dates.duration[d]!;
          if (days >= bounds.daysMin && days <= bounds.daysMax) matches = true;
        }
        const answer = windowDecides(masks.masks, tour, window!);
        const context = JSON.stringify({ query, tour });
        if (answer === NO_DATE) expect(inWindow, context).toBe(false);
        if (answer === HAS_DATE) expect(matches, context).toBe(true);
        decided[answer as keyof typeof decided] += 1;
      }
    }
    expect(decided[NO_DATE]).toBeGreaterThan(10_000);
    expect(decided[HAS_DATE]).toBeGreaterThan(1_000);
  });

  it('leaves a window with a price bound to the dates', () => {
    const bounds = compileIndexQuery(
      index,
      normalizeFilters({ dateFrom: day(10), dateTo: day(60), priceMin: 50 }),
      prices,
    ).dates;
    expect(windowMaskOf(masks, bounds)).toBeUndefined();
  });
});
