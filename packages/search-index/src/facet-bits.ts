/**
 * The tours a facet search with several facet filters must look at, found 32 tours at a time
 * (decision 055). A tour counts for a facet only when it fails at most one facet filter, so the
 * search needs only those tours. Each filter's passing tours become a bitset over the index's
 * positions: a list filter from its posting lists, a one-of filter from its column read front to
 * back, any other from its test. Per 32-tour word, "fails two or more" is two running ORs; the
 * tours left are listed in ascending position, which is the default order. At a million tours a
 * country, a language and a difficulty left ~50,000 of 660,000 tours to walk.
 *
 * A one-of filter's column (difficulty, comfort, accommodation, rider level, half hours in the
 * saddle) holds a handful of values: each value's tours are kept as a bitset (`valueBitsOf`, built
 * before the index serves), so its bits are a copy of one or two bitsets instead of a read of the
 * whole column (decision 073).
 */
import { postings } from './postings';
import { keptStructure, segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import type { RaggedColumn, TourIndex } from './tour-index';

/** A facet filter as this module reads it (see `IndexQuery['facets']`). */
export interface BitFilter {
  test: (tour: number) => boolean;
  /** A list column filter: the tours holding one of `values`. */
  list?: { column: RaggedColumn; values: readonly number[] } | undefined;
  /** A one-of filter on a column: the tours whose value `v` has `table[v] === 1`. */
  oneOf?: { column: Int32Array; table: Uint8Array } | undefined;
}

/** The segment's tours as bits over the index's positions (bit `p & 31` of word `p >>> 5`). */
const segmentBitsOf = segmentStructure(
  'segment bits',
  function* (index: TourIndex, segment: Int32Array): Steps<Int32Array> {
    const bits = new Int32Array(wordsOf(index));
    yield* chunked(segment.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = segment[n]!;
        bits[tour >>> 5]! |= 1 << (tour & 31);
      }
    });
    return bits;
  },
);

/** Words of a bitset over the index's positions. */
export const wordsOf = (index: Pick<TourIndex, 'size'>) => Math.ceil(index.size / 32);

/**
 * The largest value a column may hold for `valueBitsOf` to keep its values' bitsets: at a
 * million tours each bitset is 125 kB, so a column of at most 32 values keeps 4 MB at most.
 */
export const MAX_BITSET_VALUE = 31;

/** A one-of column's value bitsets (`undefined`: a value no tour holds), or `null`: none kept. */
type ValueBits = (Int32Array | undefined)[] | null;

const valueBits = keptStructure(buildValueBits);

/**
 * The bitset of each value of `column` (a one-value-per-tour column over every index position),
 * or `null` when it holds a value above `MAX_BITSET_VALUE` or below 0 (its filters read the column).
 */
export const valueBitsOf: (column: Int32Array) => ValueBits = valueBits.of;

/** Builds and keeps `valueBitsOf(column)` in steps (`steps.ts`). */
export const valueBitSteps: (column: Int32Array) => Steps<ValueBits> = valueBits.steps;

/** Whether `valueBitsOf(column)` is built (tests). */
export const isValueBitsKept: (column: Int32Array) => boolean = valueBits.has;

function* buildValueBits(column: Int32Array): Steps<ValueBits> {
  let largest = -1;
  for (let tour = 0; tour < column.length; tour += 1) {
    const value = column[tour]!;
    if (value < 0 || value > MAX_BITSET_VALUE) return null;
    if (value > largest) largest = value;
  }
  const words = Math.ceil(column.length / 32);
  const bits: (Int32Array | undefined)[] = Array.from({ length: largest + 1 }, () => undefined);
  yield* chunked(column.length, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      const value = column[tour]!;
      const set = (bits[value] ??= new Int32Array(words));
      set[tour >>> 5]! |= 1 << (tour & 31);
    }
  });
  return bits;
}

/**
 * The most values a list column may hold for `listValueBitsOf` to keep their bitsets: rest kinds,
 * collections, languages and countries hold a few dozen (at a million tours, 74 bitsets of 125 kB:
 * 9 MB); regions, cities and showplaces hold hundreds or thousands, and keep none.
 */
export const MAX_LIST_BITSETS = 64;

/** The largest value a list column's bitsets are indexed by (ids of a few dozen countries). */
const MAX_LIST_BITSET_VALUE = 4095;

const listValueBits = keptStructure(buildListValueBits);

/**
 * The bitset of each value of a list column (bit `p` set when tour `p` holds the value), or
 * `null` when it holds more than `MAX_LIST_BITSETS` values (decision 085): a list filter's passing
 * tours are then the OR of its values' bitsets, a pass over 125 kB per value at a million tours,
 * instead of a bit set per posting (a rest kind is 140,000) or a test reading each walked tour's
 * scattered values.
 */
export const listValueBitsOf: (column: RaggedColumn) => ValueBits = listValueBits.of;

/** Builds and keeps `listValueBitsOf(column)` in steps (`steps.ts`). */
export const listValueBitSteps: (column: RaggedColumn) => Steps<ValueBits> = listValueBits.steps;

/** Whether `listValueBitsOf(column)` is built (tests). */
export const isListValueBitsKept: (column: RaggedColumn) => boolean = listValueBits.has;

function* buildListValueBits(column: RaggedColumn): Steps<ValueBits> {
  const { offsets, values } = column;
  const tours = offsets.length - 1;
  const seen = new Uint8Array(MAX_LIST_BITSET_VALUE + 1);
  let distinct = 0;
  let largest = -1;
  for (let k = 0; k < values.length; k += 1) {
    const value = values[k]!;
    if (value < 0 || value > MAX_LIST_BITSET_VALUE) return null;
    if (seen[value] === 1) continue;
    seen[value] = 1;
    distinct += 1;
    if (distinct > MAX_LIST_BITSETS) return null;
    if (value > largest) largest = value;
  }
  const words = Math.ceil(tours / 32);
  const bits: (Int32Array | undefined)[] = Array.from({ length: largest + 1 }, (_, value) =>
    seen[value] === 1 ? new Int32Array(words) : undefined,
  );
  yield* chunked(tours, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      const end = offsets[tour + 1]!;
      for (let k = offsets[tour]!; k < end; k += 1) {
        bits[values[k]!]![tour >>> 5]! |= 1 << (tour & 31);
      }
    }
  });
  return bits;
}

/**
 * Sets `bits` to the tours holding any of `values` from the column's value bitsets (`bits` has a
 * word per 32 index positions); false, leaving `bits` alone, when the column keeps none.
 */
export function listBits(
  column: RaggedColumn,
  values: readonly number[],
  bits: Int32Array,
): boolean {
  const byValue = listValueBitsOf(column);
  if (!byValue) return false;
  bits.fill(0);
  for (const value of new Set(values)) {
    const tours = Number.isInteger(value) && value >= 0 ? byValue[value] : undefined;
    if (!tours) continue;
    for (let word = 0; word < bits.length; word += 1) bits[word]! |= tours[word]!;
  }
  return true;
}

/** Buffers per index, reused (a search runs synchronously to its end). */
interface Scratch {
  passing: Int32Array[];
  candidates: Int32Array;
  failed: Int8Array;
}

/** The tours to walk, ascending, and per tour the filter it fails (-1: none). */
export interface FacetCandidates {
  tours: Int32Array;
  /** Known from the bitsets, so the walk need not run the filters' tests again. */
  failed: Int8Array;
}
const scratches = new WeakMap<TourIndex, Scratch>();

function scratchOf(index: TourIndex, filters: number): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      passing: [],
      candidates: new Int32Array(index.size),
      failed: new Int8Array(index.size),
    };
    scratches.set(index, scratch);
  }
  while (scratch.passing.length < filters) scratch.passing.push(new Int32Array(wordsOf(index)));
  return scratch;
}

/** Whether `filter`'s bits come without reading a column or running its test per tour. */
export function hasCheapBits(filter: BitFilter): boolean {
  return (
    filter.list !== undefined ||
    (filter.oneOf !== undefined && valueBitsOf(filter.oneOf.column) !== null)
  );
}

/** The index's one-of columns (`compileFacets`), whose values' bitsets the preparation builds. */
export function oneOfColumns(index: TourIndex): Int32Array[] {
  return [
    index.difficulty,
    index.comfort,
    index.accommodation,
    index.riderLevel,
    index.halfHoursLongestDay,
    index.welfareMask,
  ];
}

/** Sets `bits` to the tours of `segment` passing `filter` (list filters: any position). */
function passingBits(segment: Int32Array, filter: BitFilter, bits: Int32Array) {
  if (filter.list && listBits(filter.list.column, filter.list.values, bits)) return;
  bits.fill(0);
  if (filter.list) {
    const byValue = postings(filter.list.column);
    for (const value of new Set(filter.list.values)) {
      const tours = byValue.get(value);
      if (!tours) continue;
      for (let n = 0; n < tours.length; n += 1) bits[tours[n]! >>> 5]! |= 1 << (tours[n]! & 31);
    }
    return;
  }
  if (filter.oneOf) {
    const { column, table } = filter.oneOf;
    const byValue = valueBitsOf(column);
    if (byValue) {
      // Positions outside the segment may be set: the candidates are read within it.
      for (let value = 0; value < table.length && value < byValue.length; value += 1) {
        const tours = byValue[value];
        if (table[value] !== 1 || !tours) continue;
        for (let word = 0; word < bits.length; word += 1) bits[word]! |= tours[word]!;
      }
      return;
    }
    for (let n = 0; n < segment.length; n += 1) {
      const tour = segment[n]!;
      if (table[column[tour]!] === 1) bits[tour >>> 5]! |= 1 << (tour & 31);
    }
    return;
  }
  const { test } = filter;
  for (let n = 0; n < segment.length; n += 1) {
    const tour = segment[n]!;
    if (test(tour)) bits[tour >>> 5]! |= 1 << (tour & 31);
  }
}

/**
 * The tours of `segment` failing at most one of `filters`, ascending, with the filter each fails;
 * only those among `within` when given (the tours a date window may hold, decision 080). The
 * answer is made of buffers the next call reuses.
 */
export function failingAtMostOne(
  index: TourIndex,
  segment: Int32Array,
  filters: readonly BitFilter[],
  within?: Int32Array,
): FacetCandidates {
  const inSegment = segmentBitsOf(index, segment);
  const scratch = scratchOf(index, filters.length);
  const passing = filters.map((filter, n) => {
    passingBits(segment, filter, scratch.passing[n]!);
    return scratch.passing[n]!;
  });
  const { candidates, failed } = scratch;
  let length = 0;
  for (let word = 0; word < inSegment.length; word += 1) {
    const tours = within === undefined ? inSegment[word]! : inSegment[word]! & within[word]!;
    if (tours === 0) continue;
    let failsOne = 0;
    let failsTwo = 0;
    for (let f = 0; f < passing.length; f += 1) {
      const fails = ~passing[f]![word]! & tours;
      failsTwo |= failsOne & fails;
      failsOne |= fails;
    }
    let kept = tours & ~failsTwo;
    while (kept !== 0) {
      const lowest = kept & -kept;
      let failing = -1;
      if ((failsOne & lowest) !== 0) {
        for (let f = 0; failing === -1; f += 1)
          if ((passing[f]![word]! & lowest) === 0) failing = f;
      }
      failed[length] = failing;
      candidates[length++] = word * 32 + 31 - Math.clz32(lowest);
      kept ^= lowest;
    }
  }
  return { tours: candidates.subarray(0, length), failed: failed.subarray(0, length) };
}
