/**
 * "Which tours have a date whose value (its price) lies between `low` and `high`?" answered from
 * the dates instead of the tours (decision 053). Per tour, its dates in value order; each date
 * keeps the value of the tour's date just below it, its "previous" (`NONE` for the lowest). A
 * tour has a date in the range exactly when one of its dates there has its previous below `low`:
 * its lowest date in the range, and only that one. So the dates are bucketed by distinct value,
 * each bucket's previous values sorted, and a range's tours are, per bucket, a prefix of it: one
 * binary search per distinct value in the range counts them, and the same prefixes list them,
 * in value order. A second date of the same value has that value as its previous, so a tour
 * counts once. The date window's day buckets (`date-window.ts`) are the same idea by start day.
 */
import { NONE } from './tour-index.ts';

export interface RangeFirsts {
  /** The distinct values of the dates, ascending: bucket `k` holds the dates of `values[k]`. */
  values: Int32Array;
  /** Bucket `k` owns entries `[offsets[k], offsets[k + 1])` of `previous` and `tourAt`. */
  offsets: Int32Array;
  /** Per date, its tour's previous value (`NONE` for the tour's lowest), ascending per bucket. */
  previous: Int32Array;
  /** Per entry of `previous`, the date's tour position. */
  tourAt: Int32Array;
}

/** The first position of `values[from..to)` (ascending) holding at least `bound`. */
export function firstAtLeastIn(values: Int32Array, from: number, to: number, bound: number) {
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (values[middle]! < bound) from = middle + 1;
    else to = middle;
  }
  return from;
}

/**
 * Sorts entries `[from, to)` by previous value, each tour position moving with its value: both
 * packed into one number (`NONE` is -1, values are non-negative and positions below `size`) for
 * a native sort.
 */
export function sortByPrevious(
  previous: Int32Array,
  tourAt: Int32Array,
  from: number,
  to: number,
  size: number,
) {
  if (to - from < 2) return;
  const packed = new Float64Array(to - from);
  for (let at = from; at < to; at += 1) {
    packed[at - from] = (previous[at]! + 1) * size + tourAt[at]!;
  }
  packed.sort();
  for (let n = 0; n < packed.length; n += 1) {
    const key = packed[n]!;
    const tour = key % size;
    tourAt[from + n] = tour;
    previous[from + n] = (key - tour) / size - 1;
  }
}

/** The longest list `sortFew` sorts by insertion; a longer one takes the native sort. */
const INSERTION_SORT_MAX = 24;

/**
 * Sorts `values[0..n)` ascending. Most tours have a handful of dates: insertion sort then beats a
 * typed-array sort, whose call costs more than its comparisons.
 */
export function sortFew(values: Int32Array, n: number) {
  if (n > INSERTION_SORT_MAX) {
    values.subarray(0, n).sort();
    return;
  }
  for (let k = 1; k < n; k += 1) {
    const held = values[k]!;
    let at = k;
    while (at > 0 && values[at - 1]! > held) {
      values[at] = values[at - 1]!;
      at -= 1;
    }
    values[at] = held;
  }
}

/**
 * The structure for `segment`'s tours over their dates' `value` (per date of the index, as
 * `dateOffsets` lays them out; non-negative). `size`: the index's tour count. At a million tours
 * (2.4 million dates) it is built in about a second, on the first search that needs it.
 */
export function buildRangeFirsts(
  segment: Int32Array,
  dateOffsets: Int32Array,
  value: Int32Array,
  size: number,
  /** Only the dates it keeps (all without it). */
  keep?: (date: number) => boolean,
): RangeFirsts {
  let count = 0;
  let longest = 0;
  for (const tour of segment) {
    const dates = dateOffsets[tour + 1]! - dateOffsets[tour]!;
    count += dates;
    if (dates > longest) longest = dates;
  }
  // Per kept date: its value, its tour's previous value and its tour, tour by tour.
  const entryValue = new Int32Array(count);
  const entryPrevious = new Int32Array(count);
  const entryTour = new Int32Array(count);
  const own = new Int32Array(longest);
  let entries = 0;
  for (let t = 0; t < segment.length; t += 1) {
    const tour = segment[t]!;
    let n = 0;
    for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
      if (keep === undefined || keep(d)) own[n++] = value[d]!;
    }
    sortFew(own, n);
    let before = NONE;
    for (let k = 0; k < n; k += 1) {
      entryValue[entries] = own[k]!;
      entryPrevious[entries] = before;
      entryTour[entries] = tour;
      entries += 1;
      before = own[k]!;
    }
  }
  const all = entryValue.slice(0, entries).sort();
  let distinct = 0;
  for (let n = 0; n < all.length; n += 1) if (n === 0 || all[n] !== all[n - 1]) distinct += 1;
  const values = new Int32Array(distinct);
  distinct = 0;
  for (let n = 0; n < all.length; n += 1) {
    if (n === 0 || all[n] !== all[n - 1]) values[distinct++] = all[n]!;
  }
  const bucketOfEntry = new Int32Array(entries);
  const offsets = new Int32Array(values.length + 1);
  for (let e = 0; e < entries; e += 1) {
    const bucket = firstAtLeastIn(values, 0, values.length, entryValue[e]!);
    bucketOfEntry[e] = bucket;
    offsets[bucket + 1]! += 1;
  }
  for (let k = 0; k < values.length; k += 1) offsets[k + 1]! += offsets[k]!;
  const previous = new Int32Array(entries);
  const tourAt = new Int32Array(entries);
  const next = offsets.slice(0, values.length);
  for (let e = 0; e < entries; e += 1) {
    const slot = next[bucketOfEntry[e]!]!++;
    previous[slot] = entryPrevious[e]!;
    tourAt[slot] = entryTour[e]!;
  }
  for (let k = 0; k < values.length; k += 1) {
    sortByPrevious(previous, tourAt, offsets[k]!, offsets[k + 1]!, size);
  }
  return { values, offsets, previous, tourAt };
}

export interface RangeBuckets {
  /** The first bucket in the range and the one after the last. */
  first: number;
  end: number;
  /** `low` raised to the first value in the range: what a previous must stay below. */
  below: number;
}

/** The buckets whose value lies in `[low, high]` (either may be infinite). */
export function bucketsBetween(firsts: RangeFirsts, low: number, high: number): RangeBuckets {
  const { values } = firsts;
  const first = low === -Infinity ? 0 : firstAtLeastIn(values, 0, values.length, Math.ceil(low));
  const end =
    high === Infinity
      ? values.length
      : firstAtLeastIn(values, 0, values.length, Math.floor(high) + 1);
  // No date value lies in [low, values[first]), so a previous below `low` is below it too; and
  // a tour's lowest date (previous `NONE`) counts for a range open below.
  return { first, end, below: first < values.length ? values[first]! : 0 };
}

/** The end of bucket `k`'s entries that are their tour's lowest date in the range. */
export function firstsEnd(firsts: RangeFirsts, k: number, range: RangeBuckets): number {
  const { offsets, previous } = firsts;
  return firstAtLeastIn(previous, offsets[k]!, offsets[k + 1]!, range.below);
}

/** How many of the segment's tours have a date whose value lies in `[low, high]`. */
export function countTours(firsts: RangeFirsts, low: number, high: number): number {
  const range = bucketsBetween(firsts, low, high);
  let total = 0;
  for (let k = range.first; k < range.end; k += 1) {
    total += firstsEnd(firsts, k, range) - firsts.offsets[k]!;
  }
  return total;
}
