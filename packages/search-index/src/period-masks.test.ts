import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from './random';
import { date, day, indexOf, prices, tourRow } from './testing';
import {
  HAS_DATE,
  NO_DATE,
  PERIOD_DAYS,
  PERIODS,
  periodMasksOf,
  UNDECIDED,
  windowDecides,
  windowFortnights,
  windowMaskOf,
  windowProofBits,
  windowTourBits,
} from './period-masks';
import { compileIndexQuery } from './query-index';

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

describe('windowTourBits (the tours a window may hold, as bits, decision 080)', () => {
  const random = new Random(80);
  // More than 32 tours per word boundary, dates past the fortnights with a bit of their own.
  const rows = Array.from({ length: 700 }, (_, n) => tourRow(n + 1));
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 5) }, () =>
      date(row.id, random.int(1, PERIODS * PERIOD_DAYS + 200), random.int(1, 14), 10_000),
    ),
  );
  const index = indexOf(rows, dates);
  const masks = periodMasksOf(index);
  const has = (bits: Int32Array, tour: number) => (bits[tour >>> 5]! & (1 << (tour & 31))) !== 0;

  it('holds every tour with a date in the window, and only tours with a date in a touched fortnight', () => {
    let inWindow = 0;
    let extra = 0;
    for (let draw = 0; draw < 120; draw += 1) {
      const from = random.int(0, PERIODS * PERIOD_DAYS + 220);
      const query = { dateFrom: day(from), dateTo: day(from + random.int(0, 120)) };
      const bounds = compileIndexQuery(index, normalizeFilters(query), prices).dates;
      const fortnights = windowFortnights(masks, bounds)!;
      const bits = windowTourBits(index, masks, fortnights);
      const touched = (start: number) => {
        const period = Math.floor((start - masks.origin) / PERIOD_DAYS);
        if (period >= PERIODS) return (fortnights.anyHigh & (1 << 31)) !== 0;
        return period < 31
          ? (fortnights.anyLow & (1 << period)) !== 0
          : (fortnights.anyHigh & (1 << (period - 31))) !== 0;
      };
      const found: number[] = [];
      const expected: number[] = [];
      for (let tour = 0; tour < index.size; tour += 1) {
        const starts = Array.from(
          index.dates.startDay.subarray(index.dateOffsets[tour]!, index.dateOffsets[tour + 1]!),
        );
        const dated = starts.some((start) => start >= bounds.fromDay && start <= bounds.toDay);
        if (has(bits, tour)) found.push(tour);
        if (starts.some(touched)) expected.push(tour);
        // Every tour with a date in the window is in the bits.
        if (dated && !has(bits, tour)) expect.fail(JSON.stringify({ query, tour }));
        if (dated) inWindow += 1;
        else if (has(bits, tour)) extra += 1;
      }
      expect(found, JSON.stringify(query)).toEqual(expected);
      // Positions past the last tour stay clear.
      for (let tour = index.size; tour < bits.length * 32; tour += 1) {
        expect(has(bits, tour)).toBe(false);
      }
    }
    expect(inWindow).toBeGreaterThan(5_000);
    // A superset, not the whole catalogue: the fortnights' edges let in a few tours only.
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThan(inWindow);
  });

  it('proves, as bits, exactly the tours the masks prove (a date inside, every duration in range)', () => {
    let proven = 0;
    let drawn = 0;
    for (let draw = 0; draw < 150; draw += 1) {
      const from = random.int(0, PERIODS * PERIOD_DAYS + 220);
      const query = {
        dateFrom: day(from),
        dateTo: day(from + random.int(0, 150)),
        ...(random.chance(0.6) ? { daysMin: random.int(0, 20) } : {}),
        ...(random.chance(0.4) ? { daysMax: random.int(0, 20) } : {}),
      };
      const bounds = compileIndexQuery(index, normalizeFilters(query), prices).dates;
      const window = windowMaskOf(masks, bounds)!;
      const bits = windowProofBits(index, masks, window);
      if (window.insideLow === 0 && window.insideHigh === 0) {
        expect(bits, JSON.stringify(query)).toBeUndefined();
        continue;
      }
      expect(bits, JSON.stringify(query)).toBeDefined();
      drawn += 1;
      const found: number[] = [];
      const expected: number[] = [];
      for (let tour = 0; tour < index.size; tour += 1) {
        if (has(bits!, tour)) found.push(tour);
        if (windowDecides(masks.masks, tour, window) === HAS_DATE) expected.push(tour);
      }
      expect(found, JSON.stringify(query)).toEqual(expected);
      proven += expected.length;
    }
    expect(drawn).toBeGreaterThan(50);
    expect(proven).toBeGreaterThan(2_000);
  });

  it('keeps a window for the next search with the same fortnights', () => {
    const bounds = compileIndexQuery(
      index,
      normalizeFilters({ dateFrom: day(30), dateTo: day(90) }),
      prices,
    ).dates;
    const fortnights = windowFortnights(masks, bounds)!;
    expect(windowTourBits(index, masks, fortnights)).toBe(windowTourBits(index, masks, fortnights));
  });

  it('sets no window without a date bound', () => {
    const bounds = compileIndexQuery(index, normalizeFilters({ daysMin: 3 }), prices).dates;
    expect(windowFortnights(masks, bounds)).toBeUndefined();
  });
});
