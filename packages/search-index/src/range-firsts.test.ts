import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { buildRangeFirsts, countTours, sortFew } from './range-firsts';
import { useStepItems } from './steps';

describe('sortFew (a tour’s date values, sorted in place)', () => {
  it('sorts the first n values ascending, short lists by insertion and long ones natively', () => {
    const random = new Random(57);
    for (const n of [0, 1, 2, 3, 7, 24, 25, 60]) {
      for (let draw = 0; draw < 20; draw += 1) {
        const values = Int32Array.from({ length: n + 3 }, () => random.int(0, 40));
        const tail = Array.from(values.subarray(n));
        const expected = Array.from(values.subarray(0, n)).sort((a, b) => a - b);
        sortFew(values, n);
        expect(Array.from(values.subarray(0, n)), JSON.stringify({ n, draw })).toEqual(expected);
        // Values past n are not the tour's: they stay where they were.
        expect(Array.from(values.subarray(n))).toEqual(tail);
      }
    }
  });
});

describe('buildRangeFirsts (which tours have a date in a value range)', () => {
  /** Tours with a date whose value is in [low, high], counted from the dates themselves. */
  function bruteForce(dates: number[][], low: number, high: number) {
    return dates.filter((values) => values.some((value) => value >= low && value <= high)).length;
  }

  it('counts the tours of any range as the dates do, whatever values a bitset can hold', () => {
    const random = new Random(83);
    // Small values (marked in a bitset) and values past the bitset's limit (sorted instead).
    const regimes = [
      { low: 0, high: 300 },
      { low: 2 ** 28, high: 2 ** 28 + 300 },
    ];
    const restore = useStepItems(5);
    try {
      for (const regime of regimes) {
        const dates = Array.from({ length: 60 }, () =>
          Array.from({ length: random.int(0, 5) }, () => random.int(regime.low, regime.high)),
        );
        const offsets = Int32Array.from([0, ...dates.map((own) => own.length)]);
        for (let tour = 0; tour < dates.length; tour += 1) offsets[tour + 1]! += offsets[tour]!;
        const value = Int32Array.from(dates.flat());
        // Every other tour is in the segment.
        const segment = Int32Array.from({ length: 30 }, (_, n) => 2 * n);
        const firsts = buildRangeFirsts(segment, offsets, value, dates.length);
        const inSegment = Array.from(segment, (tour) => dates[tour]!);
        for (let draw = 0; draw < 200; draw += 1) {
          const low = random.int(regime.low - 5, regime.high);
          const high = random.int(low, regime.high + 5);
          expect(countTours(firsts, low, high), JSON.stringify({ regime, low, high })).toBe(
            bruteForce(inSegment, low, high),
          );
        }
      }
    } finally {
      restore();
    }
  });
});
