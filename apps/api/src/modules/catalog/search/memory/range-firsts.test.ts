import { describe, expect, it } from 'vitest';
import { Random } from '#src/seed/random.ts';
import { sortFew } from './range-firsts.ts';

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
