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
 *
 * Counting needs no search per bucket (decision 074): a date's previous is another date's value,
 * so it has a bucket of its own, and "previous below the range's lowest value" is "previous's
 * bucket before the range's first". A wavelet matrix over the dates' previous buckets, in bucket
 * order, counts those among the range's dates in one step per bit of the bucket count.
 */
import { chunked, finish, itemsPerStep, type Steps } from './steps';
import { NONE } from './tour-index';
import { bitCount, countBelow, waveletSteps, type WaveletMatrix } from './wavelet';

export interface RangeFirsts {
  /** The distinct values of the dates, ascending: bucket `k` holds the dates of `values[k]`. */
  values: Int32Array;
  /** Bucket `k` owns entries `[offsets[k], offsets[k + 1])` of `previous` and `tourAt`. */
  offsets: Int32Array;
  /** Per date, its tour's previous value (`NONE` for the tour's lowest), ascending per bucket. */
  previous: Int32Array;
  /** Per entry of `previous`, the date's tour position. */
  tourAt: Int32Array;
  /**
   * Per entry, its previous's bucket plus one (0 for `NONE`), as a wavelet matrix: the entries of
   * buckets `[first, end)` whose previous is below `values[first]` hold less than `first + 1`.
   */
  previousBuckets: WaveletMatrix;
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
 * (2.4 million dates) it is built in about a second, so it is built in steps (`steps.ts`).
 */
export function* rangeFirstsSteps(
  segment: Int32Array,
  dateOffsets: Int32Array,
  value: Int32Array,
  size: number,
  /** Only the dates it keeps (all without it). */
  keep?: (date: number) => boolean,
): Steps<RangeFirsts> {
  let count = 0;
  let longest = 0;
  for (let t = 0; t < segment.length; t += 1) {
    const tour = segment[t]!;
    const dates = dateOffsets[tour + 1]! - dateOffsets[tour]!;
    count += dates;
    if (dates > longest) longest = dates;
  }
  // Per kept date: its value, its tour's previous value and its tour, tour by tour.
  const entries: Entries = {
    value: new Int32Array(count),
    previous: new Int32Array(count),
    tour: new Int32Array(count),
    length: 0,
    highest: 0,
  };
  const own = new Int32Array(longest);
  yield* chunked(segment.length, (from, to) =>
    addEntries(entries, segment.subarray(from, to), dateOffsets, value, own, keep),
  );
  const { length } = entries;
  const entryValue = entries.value.subarray(0, length);
  const values = yield* distinctValues(entryValue, entries.highest);
  const bucketOfEntry = new Int32Array(length);
  const offsets = new Int32Array(values.length + 1);
  yield* chunked(length, (from, to) => {
    for (let e = from; e < to; e += 1) {
      const bucket = firstAtLeastIn(values, 0, values.length, entryValue[e]!);
      bucketOfEntry[e] = bucket;
      offsets[bucket + 1]! += 1;
    }
  });
  for (let k = 0; k < values.length; k += 1) offsets[k + 1]! += offsets[k]!;
  // Each entry's previous is first its bucket (its tour's entry just before it, `NONE` for the
  // tour's lowest), sorted by: the same order as by value, and the wavelet matrix's alphabet.
  const previous = new Int32Array(length);
  const tourAt = new Int32Array(length);
  const next = offsets.slice(0, values.length);
  yield* chunked(length, (from, to) => {
    for (let e = from; e < to; e += 1) {
      const slot = next[bucketOfEntry[e]!]!++;
      previous[slot] = entries.previous[e] === NONE ? NONE : bucketOfEntry[e - 1]!;
      tourAt[slot] = entries.tour[e]!;
    }
  });
  // Buckets sorted a step's worth of entries at a time.
  const step = itemsPerStep();
  for (let k = 0; k < values.length;) {
    const first = k;
    while (k < values.length && offsets[k]! - offsets[first]! < step) {
      sortByPrevious(previous, tourAt, offsets[k]!, offsets[k + 1]!, size);
      k += 1;
    }
    if (k < values.length) yield;
  }
  const shifted = new Int32Array(length);
  yield* chunked(length, (from, to) => {
    for (let e = from; e < to; e += 1) {
      const bucket = previous[e]!;
      shifted[e] = bucket + 1;
      previous[e] = bucket === NONE ? NONE : values[bucket]!;
    }
  });
  const previousBuckets = yield* waveletSteps(shifted, values.length);
  return { values, offsets, previous, tourAt, previousBuckets };
}

/** The dates of a build so far, with the highest value among them. */
interface Entries {
  value: Int32Array;
  previous: Int32Array;
  tour: Int32Array;
  length: number;
  highest: number;
}

/** Adds the kept dates of `tours` to `entries`, each tour's in value order. */
function addEntries(
  entries: Entries,
  tours: Int32Array,
  dateOffsets: Int32Array,
  value: Int32Array,
  own: Int32Array,
  keep: ((date: number) => boolean) | undefined,
) {
  const { value: entryValue, previous: entryPrevious, tour: entryTour } = entries;
  let { length, highest } = entries;
  for (let t = 0; t < tours.length; t += 1) {
    const tour = tours[t]!;
    let n = 0;
    for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
      if (keep === undefined || keep(d)) own[n++] = value[d]!;
    }
    if (n === 0) continue;
    sortFew(own, n);
    let before = NONE;
    for (let k = 0; k < n; k += 1) {
      entryValue[length] = own[k]!;
      entryPrevious[length] = before;
      entryTour[length] = tour;
      length += 1;
      before = own[k]!;
    }
    if (before > highest) highest = before;
  }
  entries.length = length;
  entries.highest = highest;
}

/** `rangeFirstsSteps` at once (tests, and builds that need no slices). */
export function buildRangeFirsts(...args: Parameters<typeof rangeFirstsSteps>): RangeFirsts {
  return finish(rangeFirstsSteps(...args));
}

/** The largest value `distinctValues` marks in a bitset (16 MB of bits); beyond it, it sorts. */
const MARKED_VALUE_LIMIT = 2 ** 27;

/**
 * The distinct values of `all` (non-negative, at most `highest`), ascending. Marked in a bitset
 * and read back in order, in steps: a native sort of 2.4 million dates held the event loop for
 * 150 ms in one piece. Values too large for the bitset are sorted instead.
 */
function* distinctValues(all: Int32Array, highest: number): Steps<Int32Array> {
  if (highest >= MARKED_VALUE_LIMIT) {
    const sorted = all.slice().sort();
    let kept = 0;
    for (let n = 0; n < sorted.length; n += 1) {
      if (n === 0 || sorted[n] !== sorted[n - 1]) sorted[kept++] = sorted[n]!;
    }
    return sorted.slice(0, kept);
  }
  const marks = new Uint32Array((highest >>> 5) + 1);
  yield* chunked(all.length, (from, to) => {
    for (let n = from; n < to; n += 1) marks[all[n]! >>> 5]! |= 1 << (all[n]! & 31);
  });
  let distinct = 0;
  yield* chunked(marks.length, (from, to) => {
    for (let w = from; w < to; w += 1) distinct += bitCount(marks[w]!);
  });
  const values = new Int32Array(distinct);
  distinct = 0;
  yield* chunked(marks.length, (from, to) => {
    for (let w = from; w < to; w += 1) {
      for (let word = marks[w]!; word !== 0; word &= word - 1) {
        values[distinct++] = (w << 5) + 31 - Math.clz32(word & -word);
      }
    }
  });
  return values;
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
  const { first, end } = bucketsBetween(firsts, low, high);
  if (first >= end) return 0;
  // Previous below `values[first]`: its bucket is before `first`, so its entry holds at most `first`.
  return countBelow(
    firsts.previousBuckets,
    firsts.offsets[first]!,
    firsts.offsets[end]!,
    first + 1,
  );
}
