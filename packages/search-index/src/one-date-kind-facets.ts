/**
 * The facets of a search whose one filter is a date window, or a duration range, answered without
 * walking its segment (decision 082). Walking read every tour of the segment with a date in the
 * window (or the range) and its dates: 3–6 ms at 100k tours for each such search no one had sent
 * before, and the searches a traveller sends with their own dates are mostly such.
 *
 * - **The kinds** (countries … organizers): their tables by fortnight (`window-kind-counts.ts`) or
 *   by duration bucket (`kind-tables.ts`) answer the tours holding a run of them; a kind too large
 *   for a table counts the matching tours themselves.
 * - **The durations**: a window's tours per duration bucket are the tours with a date of that
 *   duration starting in the window, counted from the dates by `bucket × span + start day` as a
 *   price range's are by price (`range-firsts.ts`). A duration range is the durations' own
 *   filter: they count every bookable tour (the segment's open listing).
 * - **The price range**: the cheapest and dearest date in the window (each start day's dates are
 *   kept cheapest first, `date-window.ts`), or of the range's durations (kept per bucket).
 */
import { dayBucketsOf, windowBuckets, windowTours, type DayBuckets } from './date-window';
import {
  columnsOf,
  countColumn,
  countRecords,
  facetRecordsOf,
  valueListsOf,
  type FacetColumn,
} from './facet-columns';
import { addTableCounts, kindTableSteps, tableCounts, type KindTable } from './kind-tables';
import { openListingOf } from './open-listing';
import type { PriceRangeFacets } from './price-range-facets';
import type { DateBounds } from './query-index';
import { countTours, rangeFirstsSteps, type RangeFirsts } from './range-firsts';
import { segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { DURATION_BUCKETS, PACKED_ID_LIMIT, type TourIndex } from './tour-index';
import { windowCutOf, windowKindTablesOf } from './window-kind-counts';

/** Per facet column (`columnsOf` order) counts by value, tours per duration, and the price range. */
export type DateKindFacets = PriceRangeFacets;

/**
 * The facets of a search over `segment` whose one filter is the date window of `bounds` (ids below
 * `PACKED_ID_LIMIT`, as the day buckets' keys need).
 */
export function windowFacets(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
): DateKindFacets {
  const buckets = dayBucketsOf(index, segment);
  const cut = windowCutOf(index, segment, buckets, bounds);
  const { periods, tables } = windowKindTablesOf(index, segment);
  const records = facetRecordsOf(index);
  // Every kind's counts in one flat array: the tours of the window's ends (or, without a whole
  // week, all its tours) add to all at once, one run of values per tour, read in ascending order.
  const all = new Int32Array(records.bases.at(-1)!);
  countRecords(records, all, cut ? cut.ends : windowTours(buckets, bounds).sort());
  // Listed once, only when a kind has no table.
  let windowed: Int32Array | undefined;
  const columns = columnsOf(index).map(({ column }, position) => {
    const counts = all.subarray(records.bases[position], records.bases[position + 1]);
    if (!cut) return counts;
    const table = tables[position];
    if (table) {
      addTableCounts(counts, table, periods, cut.first, cut.last);
      return counts;
    }
    windowed ??= windowTours(buckets, bounds);
    counts.fill(0);
    countColumn(column, counts, { items: windowed, length: windowed.length });
    return counts;
  });
  return {
    columns,
    durations: windowDurations(index, segment, bounds),
    priceRange: windowPriceRange(buckets, bounds),
  };
}

/**
 * The facets of a search over `segment` whose one filter is a duration range covering exactly the
 * duration buckets of `accepted` (`dateShortcut`'s `acceptBuckets` when it equals
 * `possibleBuckets`: consecutive buckets).
 */
export function durationRangeFacets(
  index: TourIndex,
  segment: Int32Array,
  accepted: number,
): DateKindFacets {
  const tables = durationKindTablesOf(index, segment);
  const first = 31 - Math.clz32(accepted & -accepted);
  const last = 31 - Math.clz32(accepted);
  const columns = columnsOf(index).map(({ column, size }, position) => {
    if (accepted === 0) return new Int32Array(size);
    const table = tables[position];
    if (table) return tableCounts(table, DURATION_BUCKETS, first, last);
    return countDurationRange(index, segment, column, size, accepted);
  });
  const { low, high } = durationPricesOf(index, segment);
  const priceRange: [number, number] = [Infinity, -Infinity];
  for (let bucket = first; accepted !== 0 && bucket <= last; bucket += 1) {
    if (low[bucket]! < priceRange[0]) priceRange[0] = low[bucket]!;
    if (high[bucket]! > priceRange[1]) priceRange[1] = high[bucket]!;
  }
  // The durations' own filter: they count every bookable tour, as the open listing does.
  return { columns, durations: openListingOf(index, segment).durations.slice(), priceRange };
}

/** A kind without a table (too many values) over the tours with a duration of `accepted`. */
function countDurationRange(
  index: TourIndex,
  segment: Int32Array,
  column: FacetColumn,
  size: number,
  accepted: number,
): Int32Array {
  // A tour without bookable dates has no duration bucket.
  const { durationBuckets } = index;
  const counts = new Int32Array(size);
  const scalar = column.scalar;
  if (scalar) {
    // The large kinds are one-value columns (organizers): no offsets to read.
    for (let n = 0; n < segment.length; n += 1) {
      const tour = segment[n]!;
      if ((durationBuckets[tour]! & accepted) !== 0)
        counts[scalar[tour]!] = counts[scalar[tour]!]! + 1;
    }
    return counts;
  }
  const { offsets, values } = valueListsOf(index, column);
  for (let n = 0; n < segment.length; n += 1) {
    const tour = segment[n]!;
    if ((durationBuckets[tour]! & accepted) === 0) continue;
    for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
      counts[values[k]!] = counts[values[k]!]! + 1;
    }
  }
  return counts;
}

/** Each kind's table by duration bucket: the tours with a date of a duration in `P..R`. */
const durationKindTablesOf = segmentStructure(
  'duration kind tables',
  function* (index: TourIndex, segment: Int32Array): Steps<(KindTable | undefined)[]> {
    const { durationBuckets } = index;
    // A tour without bookable dates has no bucket, so it holds no period.
    return yield* kindTableSteps(index, segment, DURATION_BUCKETS, (tour, into) => {
      into[0] = durationBuckets[tour]!;
      into[1] = 0;
    });
  },
);

/** The cheapest and dearest date of each duration bucket among the segment's dates. */
const durationPricesOf = segmentStructure(
  'prices by duration',
  function* (
    index: TourIndex,
    segment: Int32Array,
  ): Steps<{ low: Float64Array; high: Float64Array }> {
    const { dateOffsets } = index;
    const { duration, priceUsd } = index.dates;
    const low = new Float64Array(DURATION_BUCKETS).fill(Infinity);
    const high = new Float64Array(DURATION_BUCKETS).fill(-Infinity);
    yield* chunked(segment.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = segment[n]!;
        for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
          const bucket = Math.min(duration[d]!, DURATION_BUCKETS - 1);
          if (priceUsd[d]! < low[bucket]!) low[bucket] = priceUsd[d]!;
          if (priceUsd[d]! > high[bucket]!) high[bucket] = priceUsd[d]!;
        }
      }
    });
    return { low, high };
  },
);

/**
 * The segment's dates by `bucket × span + (start day − first day)`: within bucket `k`, the tours
 * with a date of that duration starting in a window are counted as a price range's tours are.
 */
interface DurationDays {
  firsts: RangeFirsts;
  /** The index's first start day, and one past the number of days after it any date starts. */
  firstDay: number;
  span: number;
}

const durationDaysOf = segmentStructure(
  'dates by duration and day',
  function* (index: TourIndex, segment: Int32Array): Steps<DurationDays> {
    const { duration, startDay } = index.dates;
    let firstDay = Infinity;
    let lastDay = -Infinity;
    for (let d = 0; d < startDay.length; d += 1) {
      if (startDay[d]! < firstDay) firstDay = startDay[d]!;
      if (startDay[d]! > lastDay) lastDay = startDay[d]!;
    }
    if (firstDay === Infinity) firstDay = lastDay = 0;
    const span = lastDay - firstDay + 1;
    const value = new Int32Array(startDay.length);
    yield* chunked(value.length, (from, to) => {
      for (let d = from; d < to; d += 1) {
        value[d] = Math.min(duration[d]!, DURATION_BUCKETS - 1) * span + startDay[d]! - firstDay;
      }
    });
    const firsts = yield* rangeFirstsSteps(segment, index.dateOffsets, value, index.size);
    return { firsts, firstDay, span };
  },
);

/** Tours per duration bucket among their dates starting in the window. */
function windowDurations(index: TourIndex, segment: Int32Array, bounds: DateBounds): Int32Array {
  const { firsts, firstDay, span } = durationDaysOf(index, segment);
  const low = Math.max(0, bounds.fromDay - firstDay);
  const high = Math.min(span - 1, bounds.toDay - firstDay);
  return Int32Array.from({ length: DURATION_BUCKETS }, (_, bucket) =>
    low > high ? 0 : countTours(firsts, bucket * span + low, bucket * span + high),
  );
}

/** The cheapest and dearest date starting in the window: each day's first and last key. */
function windowPriceRange(buckets: DayBuckets, bounds: DateBounds): [number, number] {
  const range: [number, number] = [Infinity, -Infinity];
  const window = windowBuckets(buckets, bounds);
  if (!window) return range;
  const { offsets, keys } = buckets;
  for (let b = window[0]; b <= window[1]; b += 1) {
    if (offsets[b] === offsets[b + 1]) continue;
    const cheapest = Math.floor(keys[offsets[b]!]! / PACKED_ID_LIMIT);
    const dearest = Math.floor(keys[offsets[b + 1]! - 1]! / PACKED_ID_LIMIT);
    if (cheapest < range[0]) range[0] = cheapest;
    if (dearest > range[1]) range[1] = dearest;
  }
  return range;
}
