import { describe, expect, it } from 'vitest';
import { Random } from './random';
import {
  failingAtMostOne,
  hasCheapBits,
  listBits,
  listValueBitsOf,
  MAX_BITSET_VALUE,
  MAX_LIST_BITSETS,
  valueBitsOf,
  type BitFilter,
} from './facet-bits';
import type { RaggedColumn, TourIndex } from './tour-index';

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
      // A column of a few values is read from its values' bitsets, one of many (odd sizes, up
      // to 80 values) from its posting lists (decision 085).
      const pool = size % 2 === 0 ? [1, 2, 3, 4] : Array.from({ length: 80 }, (_, at) => at + 1);
      const countries = ragged(
        Array.from({ length: size }, () =>
          random.sample(random.chance(0.7) ? [1, 2, 3, 4] : pool, random.int(0, 2)),
        ),
      );
      // A column holding -1 or a value above MAX_BITSET_VALUE is read tour by tour; one of
      // small values is read from its values' bitsets (decision 073).
      const difficulty = Int32Array.from({ length: size }, () => random.int(0, 4));
      if (size % 2 === 1) difficulty[random.int(0, size - 1)] = random.pick([-1, 40]);
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
        // Half the draws keep only the tours of a bitset (a date window's, decision 080).
        const within = random.chance(0.5)
          ? Int32Array.from({ length: Math.ceil(size / 32) }, () => random.int(0, 2 ** 31 - 1) | 0)
          : undefined;
        const inWithin = (tour: number) =>
          within === undefined || (within[tour >>> 5]! & (1 << (tour & 31))) !== 0;
        const expected = [...segment].filter((tour) => failing(tour).length <= 1 && inWithin(tour));
        const found = failingAtMostOne(index, segment, filters, within);
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

describe('valueBitsOf (the bitsets of a one-of column, decision 073)', () => {
  it("keeps each value's tours as bits, once per column", () => {
    const random = new Random(73);
    const column = Int32Array.from({ length: 100 }, () => random.int(0, 5));
    column[7] = MAX_BITSET_VALUE;
    const bits = valueBitsOf(column)!;
    expect(bits).toHaveLength(MAX_BITSET_VALUE + 1);
    for (let value = 0; value <= MAX_BITSET_VALUE; value += 1) {
      const expected = [...column.keys()].filter((tour) => column[tour] === value);
      const set = bits[value];
      if (expected.length === 0) {
        expect(set, String(value)).toBeUndefined();
        continue;
      }
      expect(set, String(value)).toHaveLength(4);
      const found = [...column.keys()].filter(
        (tour) => (set![tour >>> 5]! & (1 << (tour & 31))) !== 0,
      );
      expect(found, String(value)).toEqual(expected);
    }
    expect(valueBitsOf(column)).toBe(bits);
  });

  it('keeps nothing for a column with a negative value or one above the limit', () => {
    expect(valueBitsOf(Int32Array.from([0, 1, -1]))).toBeNull();
    expect(valueBitsOf(Int32Array.from([0, MAX_BITSET_VALUE + 1]))).toBeNull();
    const filter = (column: Int32Array): BitFilter => ({
      test: () => true,
      oneOf: { column, table: Uint8Array.of(1) },
    });
    expect(hasCheapBits(filter(Int32Array.from([0, 1, 2])))).toBe(true);
    expect(hasCheapBits(filter(Int32Array.from([0, 1, 99])))).toBe(false);
    expect(hasCheapBits({ test: () => true })).toBe(false);
  });
});

describe('listValueBitsOf (the bitsets of a list column of few values, decision 085)', () => {
  it("keeps each value's tours as bits, and ORs a filter's values into one bitset", () => {
    const random = new Random(85);
    const lists = Array.from({ length: 70 }, () => random.sample([0, 2, 5, 9], random.int(0, 3)));
    lists[3] = [5, 5]; // a tour holding a value twice holds it
    const column = ragged(lists);
    const bits = listValueBitsOf(column)!;
    expect(bits).toHaveLength(10);
    const members = (set: Int32Array) =>
      lists.flatMap((_, tour) => ((set[tour >>> 5]! & (1 << (tour & 31))) !== 0 ? [tour] : []));
    for (let value = 0; value < 10; value += 1) {
      const expected = lists.flatMap((list, tour) => (list.includes(value) ? [tour] : []));
      if (expected.length === 0) expect(bits[value], String(value)).toBeUndefined();
      else expect(members(bits[value]!), String(value)).toEqual(expected);
    }
    expect(listValueBitsOf(column)).toBe(bits);
    const ored = Int32Array.from({ length: 3 }, () => -1);
    expect(listBits(column, [2, 9, 9, 1, -4, 99_999], ored)).toBe(true);
    expect(members(ored)).toEqual(
      lists.flatMap((list, tour) => (list.includes(2) || list.includes(9) ? [tour] : [])),
    );
  });

  it('keeps nothing for a column of more values than the limit, or a negative one', () => {
    const many = ragged([Array.from({ length: MAX_LIST_BITSETS + 1 }, (_, value) => value)]);
    expect(listValueBitsOf(many)).toBeNull();
    const bits = Int32Array.of(7);
    expect(listBits(many, [1], bits)).toBe(false);
    expect([...bits]).toEqual([7]);
    expect(listValueBitsOf(ragged([[0, 1], [-1]]))).toBeNull();
    const most = ragged([Array.from({ length: MAX_LIST_BITSETS }, (_, value) => value)]);
    expect(listValueBitsOf(most)).toHaveLength(MAX_LIST_BITSETS);
  });
});
