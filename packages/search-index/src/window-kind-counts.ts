/**
 * The counts by value of one facet kind (countries, regions … organizers) over the segment's tours
 * with a bookable date in a window (decisions 077 and 082): the own-kind counts of a search whose
 * only filters are a list and the window (`ownKindColumn` in `query-index.ts`), and every kind's
 * counts of a search whose only filter is the window (`one-date-kind-facets.ts`).
 *
 * Listing the window's tours from the day buckets (`windowTours`) and reading each one's values
 * cost hundreds of thousands of scattered reads at a million tours for a window of one to three
 * months. Here the window is cut into its whole weeks and its two ends:
 *
 * - the tours with a date in weeks `P..R` are those whose first date from week `P` on starts in
 *   one of them. Per segment, per kind, a table keeps, for each `P` and `R`, the counts by value
 *   of those tours (`kind-tables.ts`): one slice of it answers the inside of the window;
 * - the tours whose first date in the window starts in one of its ends are listed from the day
 *   buckets, as before, but only for the (at most 6) days at each end; one at the front end is
 *   left out when its weeks show a date inside, where the table counted it already.
 *
 * Weeks rather than the fortnights of `period-masks.ts` (decision 084): the ends' tours were
 * most of such a search's time at a million tours (up to 13 days of dates at each end, each
 * tour's values read one by one), and weeks halve them for four times the cells.
 *
 * A window without a whole week, or a kind with too many values for a table, returns undefined:
 * the caller lists the window's tours instead.
 */
import type { DayBuckets } from './date-window';
import { columnsOf, countColumn } from './facet-columns';
import { kindTableSteps, tableCounts, type KindTable } from './kind-tables';
import { periodMaskSteps } from './period-masks';
import type { DateBounds } from './query-index';
import { firstAtLeastIn } from './range-firsts';
import { keptStructure, segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import type { TourIndex } from './tour-index';

/** The tables' period: a week. */
export const WEEK_DAYS = 7;
/** Weeks with a bit of their own (about 14 months); a date after them is in no table's run. */
const WEEKS = 62;

export interface WindowKindTables {
  /** The weeks' first day: week `p` holds days `[origin + 7p, origin + 7p + 6]`. */
  origin: number;
  /** Weeks with a date among the segment's tours (at most `WEEKS`). */
  periods: number;
  /** By position in `columnsOf`: each kind's table (undefined for a kind too large for one). */
  tables: (KindTable | undefined)[];
}

interface WeekWords {
  origin: number;
  /** Per tour `t`, the weeks it has a bookable date starting in: bits of `words[2t]`, `[2t + 1]`. */
  words: Int32Array;
}

/** Each tour's weeks, from the fortnights' first day (kept per index, 8 MB at a million tours). */
const weekWords = keptStructure(function* (index: TourIndex): Steps<WeekWords> {
  const { origin } = yield* periodMaskSteps(index);
  const { startDay } = index.dates;
  const { dateOffsets } = index;
  const words = new Int32Array(index.size * 2);
  yield* chunked(index.size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      let low = 0;
      let high = 0;
      for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
        const week = Math.floor((startDay[d]! - origin) / WEEK_DAYS);
        if (week < 31) low |= 1 << week;
        else if (week < WEEKS) high |= 1 << (week - 31);
      }
      words[2 * tour] = low;
      words[2 * tour + 1] = high;
    }
  });
  return { origin, words };
});

/** Builds and keeps the tours' weeks of `index` in steps (the preparation's first structures). */
export const weekWordSteps = weekWords.steps;

export const windowKindTablesOf = segmentStructure('window kind tables', buildTables);

function* buildTables(index: TourIndex, segment: Int32Array): Steps<WindowKindTables> {
  const { origin, words } = yield* weekWords.steps(index);
  let periods = 0;
  for (let n = 0; n < segment.length; n += 1) {
    const low = words[2 * segment[n]!]!;
    const high = words[2 * segment[n]! + 1]!;
    const highest = high !== 0 ? 62 - Math.clz32(high) : low !== 0 ? 31 - Math.clz32(low) : -1;
    if (highest + 1 > periods) periods = highest + 1;
  }
  const tables = yield* kindTableSteps(index, segment, periods, (tour, into) => {
    into[0] = words[2 * tour]!;
    into[1] = words[2 * tour + 1]!;
  });
  return { origin, periods, tables };
}

/** Pushes the tours whose first date in the window starts on days `[first, last]`. */
function pushEnd(
  buckets: DayBuckets,
  tours: number[],
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
      if (!skip?.(tour)) tours.push(tour);
    }
  }
}

/**
 * A window cut for the tables: its whole weeks `first..last`, and the tours the tables do not
 * count (those whose first date in the window starts in one of its ends). Undefined for a window
 * without a whole week.
 */
export interface WindowCut {
  first: number;
  last: number;
  ends: Int32Array;
}

/**
 * How the tables answer the window of `bounds` over `segment` (its days only: for a query whose
 * one date filter is the window). The ends' tours are listed once for every kind counted.
 */
export function windowCutOf(
  index: TourIndex,
  segment: Int32Array,
  buckets: DayBuckets,
  bounds: Pick<DateBounds, 'fromDay' | 'toDay'>,
): WindowCut | undefined {
  const { origin, periods } = windowKindTablesOf(index, segment);
  // The whole weeks of the window, P..R.
  const first = Math.max(0, Math.ceil((bounds.fromDay - origin) / WEEK_DAYS));
  const last = Math.min(periods - 1, Math.floor((bounds.toDay - origin + 1) / WEEK_DAYS) - 1);
  if (first > last) return undefined;
  // No date starts before the buckets' first day: a window opening earlier opens there.
  const windowFrom = Math.max(bounds.fromDay, buckets.firstDay);
  const insideLow = last < 31 ? spanBits(first, last) : first < 31 ? spanBits(first, 30) : 0;
  const insideHigh = last >= 31 ? spanBits(Math.max(first, 31) - 31, last - 31) : 0;
  const { words } = weekWords.of(index);
  const ends: number[] = [];
  pushEnd(
    buckets,
    ends,
    { first: bounds.fromDay, last: origin + first * WEEK_DAYS - 1, windowFrom },
    (tour) => (words[2 * tour]! & insideLow) !== 0 || (words[2 * tour + 1]! & insideHigh) !== 0,
  );
  pushEnd(buckets, ends, {
    first: origin + (last + 1) * WEEK_DAYS,
    last: bounds.toDay,
    windowFrom,
  });
  // Ascending, so counting them reads the facet records front to back instead of at random.
  return { first, last, ends: Int32Array.from(ends).sort() };
}

/**
 * Counts by value of the kind at `position` over the segment's tours with a date in the window
 * `cut` describes (`windowCutOf`), or undefined when the kind has no table (see above).
 */
export function windowKindCounts(
  index: TourIndex,
  segment: Int32Array,
  cut: WindowCut,
  position: number,
): Int32Array | undefined {
  const { periods, tables } = windowKindTablesOf(index, segment);
  const table = tables[position];
  if (!table) return undefined;
  const counts = tableCounts(table, periods, cut.first, cut.last);
  const { column } = columnsOf(index)[position]!;
  countColumn(column, counts, { items: cut.ends, length: cut.ends.length });
  return counts;
}

/** Bits `from..to` (both within one 31-bit word) set. */
function spanBits(from: number, to: number): number {
  return ((2 ** (to + 1) - 1) & ~(2 ** from - 1)) | 0;
}
