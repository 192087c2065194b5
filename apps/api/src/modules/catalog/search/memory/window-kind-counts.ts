/**
 * The counts by value of one list kind (countries, regions …) over the segment's tours with a
 * bookable date in a window (decision 077): the own-kind counts of a search whose only filters are
 * that list and the window (`ownKindColumn` in `query-index.ts`).
 *
 * Listing the window's tours from the day buckets (`windowTours`) and reading each one's values
 * cost hundreds of thousands of scattered reads at a million tours for a window of one to three
 * months. Here the window is cut into its whole fortnights (`period-masks.ts`) and its two ends:
 *
 * - the tours with a date in fortnights `P..R` are those whose first date from fortnight `P` on
 *   starts in one of them. Per segment, per list kind, a table keeps, for each `P` and `R`, the
 *   counts by value of those tours: one slice of it answers the inside of the window;
 * - the tours whose first date in the window starts in one of its ends are listed from the day
 *   buckets, as before, but only for the (at most 13) days at each end; one at the front end is
 *   left out when its fortnights show a date inside, where the table counted it already.
 *
 * A window without a whole fortnight, or a kind with too many values for a table, returns
 * undefined: the caller lists the window's tours instead.
 */
import type { DayBuckets } from './date-window.ts';
import type { FacetColumn } from './facet-columns.ts';
import { columnsOf } from './facet-columns.ts';
import { MASK_STRIDE, PERIOD_DAYS, periodMaskSteps, periodMasksOf } from './period-masks.ts';
import type { DateBounds } from './query-index.ts';
import { firstAtLeastIn } from './range-firsts.ts';
import { segmentStructure } from './segment-structures.ts';
import { chunked, itemsPerStep, type Steps } from './steps.ts';
import type { RaggedColumn, TourIndex } from './tour-index.ts';

/**
 * The largest table per kind and segment, in counts (16 MB): fortnights² × values. A catalogue's
 * geography (hundreds of cities) fits many times over; a kind with tens of thousands of values
 * falls back to listing the window's tours.
 */
const TABLE_LIMIT = 4_000_000;

/** Values whose `periods²` counts are summed per step of the build. */
const VALUES_PER_STEP = 64;

interface KindTable {
  /** Values of the kind (counts are indexed by value). */
  size: number;
  /**
   * `counts[(v * periods + P) * periods + R]`: tours of value `v` with a date in fortnights `P..R`.
   * Value first: a tour's additions for one value land in one block of `periods²` counts, where
   * a layout by fortnights first scattered them over the whole table (cache misses at every one).
   */
  counts: Int32Array;
}

export interface WindowKindTables {
  /** The masks' first day: fortnight `p` holds days `[origin + 14p, origin + 14p + 13]`. */
  origin: number;
  /** Fortnights with a date among the segment's tours (at most `PERIODS`). */
  periods: number;
  /** By position in `columnsOf`: the list kinds' tables (undefined for other kinds). */
  tables: (KindTable | undefined)[];
}

export const windowKindTablesOf = segmentStructure('window kind tables', buildTables);

/** The fortnights of tour `tour` (bit `p` for fortnight `p < PERIODS`), as two 31-bit words. */
function fortnightWords(masks: Int32Array, tour: number): [low: number, high: number] {
  const at = tour * MASK_STRIDE;
  // The high word's top bit stands for any later day: never a whole fortnight.
  return [masks[at]! & 0x7fffffff, masks[at + 1]! & 0x7fffffff];
}

function* buildTables(index: TourIndex, segment: Int32Array): Steps<WindowKindTables> {
  const { origin, masks } = yield* periodMaskSteps(index);
  let periods = 0;
  for (let n = 0; n < segment.length; n += 1) {
    const [low, high] = fortnightWords(masks, segment[n]!);
    const highest = high !== 0 ? 62 - Math.clz32(high) : low !== 0 ? 31 - Math.clz32(low) : -1;
    if (highest + 1 > periods) periods = highest + 1;
  }
  const tables = columnsOf(index).map(({ column, size }): KindTable | undefined =>
    column.ragged && periods * periods * size <= TABLE_LIMIT
      ? { size, counts: new Int32Array(periods * periods * size) }
      : undefined,
  );
  const kinds = columnsOf(index)
    .map(({ column }, position) => ({ ragged: column.ragged, table: tables[position] }))
    .filter((kind): kind is { ragged: RaggedColumn; table: KindTable } => kind.table !== undefined);
  // A tour with dates in fortnights q1 < q2 < … counts, from `P` on, in the first of them at or
  // after `P`: in q1 for P ≤ q1, in q2 for q1 < P ≤ q2, and so on. Each run of `P` is added as a
  // difference (+1 at its first `P`, -1 after its last) and summed over `P` below.
  const kindOffsets = kinds.map(({ ragged }) => ragged.offsets);
  const kindValues = kinds.map(({ ragged }) => ragged.values);
  const kindCounts = kinds.map(({ table }) => table.counts);
  /** Adds tour `tour`'s values for the run of `P` from `previous + 1` to `q`, at fortnight `q`. */
  const addTour = (tour: number, previous: number, q: number) => {
    for (let kind = 0; kind < kinds.length; kind += 1) {
      const offsets = kindOffsets[kind]!;
      const values = kindValues[kind]!;
      const counts = kindCounts[kind]!;
      const opened = (previous + 1) * periods + q;
      const closed = (q + 1) * periods + q;
      const closes = q + 1 < periods;
      const block = periods * periods;
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
        const at = values[k]! * block;
        counts[at + opened] = counts[at + opened]! + 1;
        if (closes) counts[at + closed] = counts[at + closed]! - 1;
      }
    }
  };
  yield* chunked(
    segment.length,
    (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = segment[n]!;
        const [low, high] = fortnightWords(masks, tour);
        let previous = -1;
        // The tour's fortnights in ascending order: the low word's set bits, then the high word's.
        for (let bits = low; bits !== 0; bits &= bits - 1) {
          const q = 31 - Math.clz32(bits & -bits);
          addTour(tour, previous, q);
          previous = q;
        }
        for (let bits = high; bits !== 0; bits &= bits - 1) {
          const q = 31 + 31 - Math.clz32(bits & -bits);
          addTour(tour, previous, q);
          previous = q;
        }
      }
    },
    // Each tour adds a few values per fortnight and kind: fewer tours per step than a plain pass.
    Math.max(1, itemsPerStep() >> 3),
  );
  for (const { table } of kinds) {
    const { size, counts } = table;
    const block = periods * periods;
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
  }
  return { origin, periods, tables };
}

/** Adds the values of the tours whose first date in the window starts on days `[first, last]`. */
function addEnd(
  buckets: DayBuckets,
  column: RaggedColumn,
  counts: Int32Array,
  range: { first: number; last: number; windowFrom: number },
  skip?: (tour: number) => boolean,
) {
  const { offsets, previousDay, tourAt, firstDay } = buckets;
  const from = Math.max(0, range.first - firstDay);
  const to = Math.min(offsets.length - 2, range.last - firstDay);
  for (let b = from; b <= to; b += 1) {
    const end = firstAtLeastIn(previousDay, offsets[b]!, offsets[b + 1]!, range.windowFrom);
    for (let at = offsets[b]!; at < end; at += 1) {
      const tour = tourAt[at]!;
      if (skip?.(tour)) continue;
      for (let k = column.offsets[tour]!; k < column.offsets[tour + 1]!; k += 1) {
        const value = column.values[k]!;
        counts[value] = counts[value]! + 1;
      }
    }
  }
}

/**
 * Counts by value of the list kind at `position` over the segment's tours with a date in the
 * window of `bounds` (its days only: call it for a query whose one date filter is the window), or
 * undefined when the tables cannot answer (see above).
 */
export function windowKindCounts(
  index: TourIndex,
  segment: Int32Array,
  buckets: DayBuckets,
  bounds: Pick<DateBounds, 'fromDay' | 'toDay'>,
  position: number,
): Int32Array | undefined {
  const { origin, periods, tables } = windowKindTablesOf(index, segment);
  const table = tables[position];
  const column: FacetColumn = columnsOf(index)[position]!.column;
  if (!table || !column.ragged) return undefined;
  // The whole fortnights of the window, P..R.
  const first = Math.max(0, Math.ceil((bounds.fromDay - origin) / PERIOD_DAYS));
  const last = Math.min(periods - 1, Math.floor((bounds.toDay - origin + 1) / PERIOD_DAYS) - 1);
  if (first > last) return undefined;
  const { size } = table;
  const counts = new Int32Array(size);
  const cell = first * periods + last;
  for (let value = 0; value < size; value += 1) {
    counts[value] = table.counts[value * periods * periods + cell]!;
  }
  // No date starts before the buckets' first day: a window opening earlier opens there.
  const windowFrom = Math.max(bounds.fromDay, buckets.firstDay);
  const insideLow = last < 31 ? spanBits(first, last) : first < 31 ? spanBits(first, 30) : 0;
  const insideHigh = last >= 31 ? spanBits(Math.max(first, 31) - 31, last - 31) : 0;
  const { masks } = periodMasksOf(index);
  addEnd(
    buckets,
    column.ragged,
    counts,
    { first: bounds.fromDay, last: origin + first * PERIOD_DAYS - 1, windowFrom },
    (tour) => {
      const [low, high] = fortnightWords(masks, tour);
      return (low & insideLow) !== 0 || (high & insideHigh) !== 0;
    },
  );
  addEnd(buckets, column.ragged, counts, {
    first: origin + (last + 1) * PERIOD_DAYS,
    last: bounds.toDay,
    windowFrom,
  });
  return counts;
}

/** Bits `from..to` (both within one 31-bit word) set. */
function spanBits(from: number, to: number): number {
  return ((2 ** (to + 1) - 1) & ~(2 ** from - 1)) | 0;
}
