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
import { chunked, type Steps } from './steps.ts';
import type { RaggedColumn, TourIndex } from './tour-index.ts';

/**
 * The largest table per kind and segment, in counts (16 MB): fortnights² × values. A catalogue's
 * geography (hundreds of cities) fits many times over; a kind with tens of thousands of values
 * falls back to listing the window's tours.
 */
const TABLE_LIMIT = 4_000_000;

interface KindTable {
  /** Values of the kind (counts are indexed by value). */
  size: number;
  /** `counts[(P * periods + R) * size + v]`: tours of value `v` with a date in fortnights `P..R`. */
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
  yield* chunked(segment.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = segment[n]!;
      const [low, high] = fortnightWords(masks, tour);
      let previous = -1;
      for (let q = 0; q < periods; q += 1) {
        const set = q < 31 ? (low >>> q) & 1 : (high >>> (q - 31)) & 1;
        if (set === 0) continue;
        for (const { ragged, table } of kinds) {
          const { offsets, values } = ragged;
          const { size, counts } = table;
          const opened = ((previous + 1) * periods + q) * size;
          const closed = ((q + 1) * periods + q) * size;
          for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
            counts[opened + values[k]!]! += 1;
            if (q + 1 < periods) counts[closed + values[k]!]! -= 1;
          }
        }
        previous = q;
      }
    }
  });
  for (const { table } of kinds) {
    const { size, counts } = table;
    const row = periods * size;
    // Sum the differences over `P`, then make each `P`'s counts cumulative over `R`.
    for (let at = row; at < counts.length; at += 1) counts[at] = counts[at]! + counts[at - row]!;
    for (let p = 0; p < periods; p += 1) {
      for (let at = (p * periods + 1) * size; at < (p + 1) * row; at += 1) {
        counts[at] = counts[at]! + counts[at - size]!;
      }
    }
    yield;
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
  const counts = table.counts.slice(
    (first * periods + last) * size,
    (first * periods + last + 1) * size,
  );
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
