import { describe, expect, it } from 'vitest';
import { Random } from '#src/seed/random.ts';
import { failingAtMostOne, type BitFilter } from './facet-bits.ts';
import type { RaggedColumn, TourIndex } from './tour-index.ts';

/** A list column over `lists` (one list per position), as the index stores it. */
function ragged(lists: number[][]): RaggedColumn {
  const offsets = [0];
  for (const list of lists) offsets.push(offsets.at(-1)! + list.length);
  return { offsets: Int32Array.from(offsets), values: Int32Array.from(lists.flat()) };
}

describe('failingAtMostOne (the facet walk narrowed by bitsets, decision 055)', () => {
  it('lists, ascending, exactly the segment tours failing at most one filter', () => {
    const random = new Random(55);
    let kept = 0;
    for (const size of [1, 31, 32, 33, 64, 65, 200, 1_000]) {
      const index = { size } as TourIndex;
      const countries = ragged(
        Array.from({ length: size }, () => random.sample([1, 2, 3, 4], random.int(0, 2))),
      );
      const difficulty = Int32Array.from({ length: size }, () => random.int(-1, 4));
      const organizer = Int32Array.from({ length: size }, () => random.int(1, 5));
      for (let draw = 0; draw < 20; draw += 1) {
        const wanted = random.sample([1, 2, 3, 4, 9], random.int(1, 2));
        const table = Uint8Array.from({ length: 5 }, () => (random.chance(0.5) ? 1 : 0));
        const chosen = random.int(1, 5);
        const inCountries = (tour: number) =>
          countries.values
            .subarray(countries.offsets[tour]!, countries.offsets[tour + 1]!)
            .some((value) => wanted.includes(value));
        const filters: BitFilter[] = [
          { test: inCountries, list: { column: countries, values: wanted } },
          {
            test: (tour: number) => table[difficulty[tour]!] === 1,
            oneOf: { column: difficulty, table },
          },
          { test: (tour: number) => organizer[tour] === chosen },
        ].slice(0, random.int(1, 3));
        const segment = Int32Array.from(
          Array.from({ length: size }, (_, tour) => tour).filter(() => random.chance(0.7)),
        );
        const failing = (tour: number) =>
          filters.flatMap((filter, position) => (filter.test(tour) ? [] : [position]));
        const expected = [...segment].filter((tour) => failing(tour).length <= 1);
        const found = failingAtMostOne(index, segment, filters);
        const context = JSON.stringify({ size, draw });
        expect([...found.tours], context).toEqual(expected);
        // Each tour's failing filter comes with it, so the walk need not test the filters again.
        expect([...found.failed], context).toEqual(expected.map((tour) => failing(tour)[0] ?? -1));
        kept += expected.length;
      }
    }
    expect(kept).toBeGreaterThan(1_000);
  });
});
