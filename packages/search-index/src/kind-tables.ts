/**
 * Counts by value of every facet kind over the tours holding one of a run of "periods" (decisions
 * 077 and 082). A period is whatever a tour holds a set of, numbered in order: the fortnights it
 * has a date starting in (`window-kind-counts.ts`), or the duration buckets of its dates
 * (`one-date-kind-facets.ts`). Per kind and segment, a table keeps for each `P ≤ R` the counts by
 * value of the tours holding a period in `P..R`, so a search asking for such a run reads one
 * slice of it instead of reading every matching tour's values.
 */
import { columnsOf, valueListsOf } from './facet-columns';
import { chunked, itemsPerStep, type Steps } from './steps';
import type { RaggedColumn, TourIndex } from './tour-index';

/**
 * The largest table per kind and segment, in bytes: 64 bytes per tour of the segment, and at
 * least 16 MB. A catalogue's geography (hundreds of cities) fits many times over, and so do the
 * organizers of a million tours in its largest segment (20,000 values × 1,275 runs of 50 weeks,
 * one byte each: 25.5 MB of the 42.5 MB its 664,000 tours allow); a kind larger still, or the
 * organizers of a smaller segment, whose tours cost less to count, has no table, and its caller
 * counts the tours instead. While it is built, a table takes twice that for a moment (its square).
 */
export function tableLimitBytes(segmentLength: number): number {
  return Math.max(16 << 20, 64 * segmentLength);
}

/** Values whose `periods²` counts are summed per step of the build. */
const VALUES_PER_STEP = 64;

/**
 * Counts as narrow as the kind allows: a cell never exceeds its value's tours in the segment, so
 * a kind whose every value has under 256 tours (the organizers) keeps one byte per count.
 */
type TableCounts = Uint8Array | Uint16Array | Int32Array;

export interface KindTable {
  /** Values of the kind (counts are indexed by value). */
  size: number;
  /**
   * `counts[cellOf(periods, P, R) * size + v]`: tours of value `v` holding a period in `P..R`.
   * Cell first, so a search reads one contiguous run of `size` counts (20,000 for the organizers
   * of a million tours) instead of one count every `periods²`; only the cells with `P ≤ R`.
   */
  counts: TableCounts;
}

/**
 * The periods a tour holds, as two 31-bit words: bit `p` of `low` for period `p < 31`, bit
 * `p - 31` of `high` for the others. Written into `into` (no array per tour).
 */
export type PeriodWords = (tour: number, into: Int32Array) => void;

/** The most tours any value of `lists` has among `segment`'s. */
function* mostToursPerValue(lists: RaggedColumn, size: number, segment: Int32Array): Steps<number> {
  const { offsets, values } = lists;
  const tours = new Int32Array(size);
  let most = 0;
  yield* chunked(segment.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = segment[n]!;
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
        const count = (tours[values[k]!] = tours[values[k]!]! + 1);
        if (count > most) most = count;
      }
    }
  });
  return most;
}

/** Bytes per count wide enough for counts up to `most`. */
const bytesPerCount = (most: number) => (most < 1 << 8 ? 1 : most < 1 << 16 ? 2 : 4);

/** An array of `length` counts of `bytes` bytes each. */
function countsOf(bytes: number, length: number): TableCounts {
  if (bytes === 1) return new Uint8Array(length);
  if (bytes === 2) return new Uint16Array(length);
  return new Int32Array(length);
}

/** Cells of a table over `periods` periods: one per run `P ≤ R`. */
export const cellsOf = (periods: number) => (periods * (periods + 1)) / 2;

/** The cell of the run `first..last` (`first ≤ last`): rows by `P`, each from `R = P` on. */
const cellOf = (periods: number, first: number, last: number) =>
  first * periods - (first * (first - 1)) / 2 + (last - first);

/**
 * Builds, by position in `columnsOf`, each kind's table over `segment` (undefined for a kind too
 * large for one). `periods` is the number of periods any tour holds (at most 62).
 */
export function* kindTableSteps(
  index: TourIndex,
  segment: Int32Array,
  periods: number,
  periodWords: PeriodWords,
): Steps<(KindTable | undefined)[]> {
  const block = periods * periods;
  // Built value first in a square of `periods²` counts per value (a tour's additions for one
  // value land in one block; cell first would scatter them over the whole table), then its runs
  // `P ≤ R` copied cell first for reading: the square lives only while the table is built.
  // Narrow counts wrap around while the differences below are summed, and come out exact: every
  // step is an addition modulo the width, and no final count exceeds it.
  const building: ({ lists: RaggedColumn; size: number; counts: TableCounts } | undefined)[] = [];
  for (const { column, size } of columnsOf(index)) {
    const lists = valueListsOf(index, column);
    const bytes = bytesPerCount(yield* mostToursPerValue(lists, size, segment));
    building.push(
      cellsOf(periods) * size * bytes <= tableLimitBytes(segment.length)
        ? { lists, size, counts: countsOf(bytes, block * size) }
        : undefined,
    );
  }
  const kinds = building.filter((kind) => kind !== undefined);
  // A tour holding periods q1 < q2 < … counts, from `P` on, in the first of them at or after `P`:
  // in q1 for P ≤ q1, in q2 for q1 < P ≤ q2, and so on. Each run of `P` is added as a difference
  // (+1 at its first `P`, -1 after its last) and summed over `P` below.
  const kindOffsets = kinds.map(({ lists }) => lists.offsets);
  const kindValues = kinds.map(({ lists }) => lists.values);
  const kindCounts = kinds.map(({ counts }) => counts);
  /** Adds tour `tour`'s values for the run of `P` from `previous + 1` to `q`, at period `q`. */
  const addTour = (tour: number, previous: number, q: number) => {
    const opened = (previous + 1) * periods + q;
    const closed = (q + 1) * periods + q;
    const closes = q + 1 < periods;
    for (let kind = 0; kind < kinds.length; kind += 1) {
      const offsets = kindOffsets[kind]!;
      const values = kindValues[kind]!;
      const counts = kindCounts[kind]!;
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
        const at = values[k]! * block;
        counts[at + opened] = counts[at + opened]! + 1;
        if (closes) counts[at + closed] = counts[at + closed]! - 1;
      }
    }
  };
  const words = new Int32Array(2);
  yield* chunked(
    segment.length,
    (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = segment[n]!;
        periodWords(tour, words);
        let previous = -1;
        // The tour's periods in ascending order: the low word's set bits, then the high word's.
        for (let bits = words[0]!; bits !== 0; bits &= bits - 1) {
          const q = 31 - Math.clz32(bits & -bits);
          addTour(tour, previous, q);
          previous = q;
        }
        for (let bits = words[1]!; bits !== 0; bits &= bits - 1) {
          const q = 31 + 31 - Math.clz32(bits & -bits);
          addTour(tour, previous, q);
          previous = q;
        }
      }
    },
    // Each tour adds a few values per period and kind: fewer tours per step than a plain pass.
    Math.max(1, itemsPerStep() >> 3),
  );
  const tables: (KindTable | undefined)[] = [];
  for (const kind of building) {
    if (!kind) {
      tables.push(undefined);
      continue;
    }
    const { size, counts } = kind;
    // Per value: sum the differences over `P`, then make each `P`'s counts cumulative over `R`.
    yield* chunked(
      size,
      (from, to) => {
        for (let at = from * block; at < to * block; at += block) {
          for (let cell = at + periods; cell < at + block; cell += 1) {
            counts[cell] = counts[cell]! + counts[cell - periods]!;
          }
          for (let row = at; row < at + block; row += periods) {
            for (let cell = row + 1; cell < row + periods; cell += 1) {
              counts[cell] = counts[cell]! + counts[cell - 1]!;
            }
          }
        }
      },
      VALUES_PER_STEP,
    );
    const runs = countsOf(counts.BYTES_PER_ELEMENT, cellsOf(periods) * size);
    yield* chunked(
      size,
      (from, to) => {
        for (let value = from; value < to; value += 1) {
          let cell = 0;
          for (let first = 0; first < periods; first += 1) {
            const row = value * block + first * periods;
            for (let last = first; last < periods; last += 1, cell += 1) {
              runs[cell * size + value] = counts[row + last]!;
            }
          }
        }
      },
      VALUES_PER_STEP,
    );
    tables.push({ size, counts: runs });
  }
  return tables;
}

/** The counts by value of the tours holding a period in `first..last` (`first ≤ last`). */
export function tableCounts(
  table: KindTable,
  periods: number,
  first: number,
  last: number,
): Int32Array {
  const counts = new Int32Array(table.size);
  addTableCounts(counts, table, periods, first, last);
  return counts;
}

/** Adds the table's counts for `first..last` to `counts` (indexed by value). */
export function addTableCounts(
  counts: Int32Array,
  table: KindTable,
  periods: number,
  first: number,
  last: number,
) {
  const { size } = table;
  const at = cellOf(periods, first, last) * size;
  const cells = table.counts;
  for (let value = 0; value < size; value += 1) {
    counts[value] = counts[value]! + cells[at + value]!;
  }
}
