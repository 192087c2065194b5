import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { indexOf, indexOfCatalogue, randomCatalogue, randomDates, tourRow } from './testing';
import { segmentKey } from './tour-index';
import {
  VALUE_ANSWERS_BUDGET,
  valueAnswersBudget,
  valueAnswersKept,
  valueAnswersOf,
} from './value-facets';

describe('valueAnswersOf (one list value’s kept answers, decision 065)', () => {
  const index = indexOfCatalogue(randomCatalogue(41, 400));
  const segment = index.segments.get(segmentKey(1, false))!;
  const column = index.countries;
  const countries = [1, 2, 3, 4, 5, 6];

  it('keeps each value’s answers, counted at 1 kB plus 180 bytes per bookable tour plus its counts', () => {
    const fresh = indexOfCatalogue(randomCatalogue(41, 400));
    const freshSegment = fresh.segments.get(segmentKey(1, false))!;
    let bytes = 0;
    for (const country of countries) {
      const answers = valueAnswersOf(fresh, freshSegment, fresh.countries, country, false);
      expect(answers.listing.bookable.length).toBeGreaterThan(0);
      bytes += 1024 + answers.listing.bookable.length * 180;
      // Asked again, the same answers.
      expect(valueAnswersOf(fresh, freshSegment, fresh.countries, country, false)).toBe(answers);
    }
    expect(valueAnswersKept(fresh)).toEqual({ values: 6, bytes });
    const withCounts = valueAnswersOf(fresh, freshSegment, fresh.countries, 1, true);
    const countBytes = withCounts.counts!.reduce((sum, counts) => sum + counts.byteLength, 0);
    expect(countBytes).toBeGreaterThan(0);
    expect(valueAnswersKept(fresh).bytes).toBe(bytes + countBytes);
  });

  it('keeps 96 MB per index, or 400 bytes per tour of a catalogue above 240k tours (decision 082)', () => {
    expect(valueAnswersBudget({ size: 400 })).toBe(VALUE_ANSWERS_BUDGET);
    expect(valueAnswersBudget({ size: 100_000 })).toBe(96 * 2 ** 20);
    expect(valueAnswersBudget({ size: 1_000_000 })).toBe(400_000_000);
  });

  it('lets the least recently asked values go once the budget is spent, never the one asked', () => {
    const sizeOf = (country: number) =>
      1024 + valueAnswersOf(index, segment, column, country, false).listing.bookable.length * 180;
    // Room for any two of countries 1, 2 and 3, not for all three.
    const budget = sizeOf(1) + sizeOf(2) + sizeOf(3) - 1;
    const ask = (country: number) => valueAnswersOf(index, segment, column, country, false, budget);
    const first = ask(1);
    const second = ask(2);
    expect(ask(1)).toBe(first); // 1 is now the most recent
    ask(3); // over the budget: 2 goes first, the least recently asked
    expect(valueAnswersKept(index).bytes).toBeLessThanOrEqual(budget);
    expect(ask(1)).toBe(first);
    const again = ask(2);
    expect(again).not.toBe(second);
    // Built again, the same answers.
    expect(again).toEqual(second);
    // One value larger than the whole budget is still answered (and kept alone).
    const alone = valueAnswersOf(index, segment, column, 4, false, 1);
    expect(alone.listing.bookable.length).toBeGreaterThan(0);
    expect(valueAnswersKept(index).values).toBe(1);
  });

  it('counts a value no tour holds, so a stream of such values cannot grow the cache unbounded', () => {
    const fresh = indexOfCatalogue(randomCatalogue(41, 400));
    const freshSegment = fresh.segments.get(segmentKey(1, false))!;
    const budget = 10 * 1024;
    for (let country = 100_000; country < 100_050; country += 1) {
      const answers = valueAnswersOf(fresh, freshSegment, fresh.countries, country, false, budget);
      expect(answers.listing.bookable.length).toBe(0);
    }
    expect(valueAnswersKept(fresh)).toEqual({ values: 10, bytes: budget });
  });

  it('keeps a cruise column’s value the same way: the segment’s cruises holding it', () => {
    const random = new Random(72);
    const rows = Array.from({ length: 300 }, (_, n) =>
      tourRow(n + 1, {
        popularity: random.int(0, 9),
        isCruise: n % 3 !== 0,
        cruiseType: random.chance(0.9) ? random.int(1, 3) : null,
      }),
    );
    const fresh = indexOf(rows, randomDates(random, rows));
    const cruises = fresh.segments.get(segmentKey(1, true))!;
    const answers = valueAnswersOf(fresh, cruises, fresh.cruiseTypes, 2, false);
    const expected = cruises.filter(
      (tour) => rows[fresh.ids[tour]! - 1]!.cruiseType === 2 && fresh.fromPrice[tour] !== -1,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(Array.from(answers.listing.bookable)).toEqual(Array.from(expected));
    expect(valueAnswersOf(fresh, cruises, fresh.cruiseTypes, 2, false)).toBe(answers);
  });
});
