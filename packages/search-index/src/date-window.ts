/**
 * A search whose only filter is a date window (`dateFrom`/`dateTo`, decision 052), answered
 * without walking its segment. The segment's bookable dates are kept in buckets by start day:
 *
 * - the total is the number of tours with a date in the window, i.e. of dates in the window that
 *   are their tour's first there (the tour's previous date starts before the window). Each bucket
 *   keeps its dates' "previous start day" sorted, so the count is one binary search per day;
 * - a price sort orders tours by their cheapest date in the window. Each bucket also keeps its
 *   dates' price-and-id keys sorted, and the buckets of the window are merged cheapest first: a
 *   tour's first key is its cheapest, so the page is the first distinct tours. Dearest first, a
 *   tour's place is its cheapest date too, which comes last: it is placed once all its dates in
 *   the window have been merged;
 * - the default order walks the segment until the page's last match.
 */
import type { DateBounds } from './query-index';
import { firstAtLeastIn, sortByPrevious } from './range-firsts';
import { segmentStructure } from './segment-structures';
import { chunked, itemsPerStep, type Steps } from './steps';
import { NONE, PACKED_ID_LIMIT, type TourIndex } from './tour-index';

export interface DayBuckets {
  /** The day of bucket 0 (the segment's first bookable start day). */
  firstDay: number;
  /** Bucket `b` (day `firstDay + b`) owns entries `[offsets[b], offsets[b + 1])` of both lists. */
  offsets: Int32Array;
  /** Per date of the bucket, its tour's previous start day (`NONE` for its first), ascending. */
  previousDay: Int32Array;
  /** Per entry of `previousDay`, the date's tour position. */
  tourAt: Int32Array;
  /** Per date of the bucket, `price * PACKED_ID_LIMIT + tour id`, ascending. */
  keys: Float64Array;
  /** Tour position by id (ids below `PACKED_ID_LIMIT`). */
  positionOfId: Int32Array;
}

export const dayBucketsOf = segmentStructure('day buckets', buildDayBuckets);

function* buildDayBuckets(index: TourIndex, segment: Int32Array): Steps<DayBuckets> {
  const { dateOffsets, ids } = index;
  const { startDay, priceUsd } = index.dates;
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const tour of segment) {
    if (index.maxPrice[tour] === NONE) continue;
    if (index.firstDay[tour]! < firstDay) firstDay = index.firstDay[tour]!;
    if (index.lastDay[tour]! > lastDay) lastDay = index.lastDay[tour]!;
  }
  const span = firstDay === Infinity ? 0 : lastDay - firstDay + 1;
  const offsets = new Int32Array(span + 1);
  yield* chunked(segment.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = segment[n]!;
      for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
        offsets[startDay[d]! - firstDay + 1]! += 1;
      }
    }
  });
  for (let b = 0; b < span; b += 1) offsets[b + 1]! += offsets[b]!;
  const previousDay = new Int32Array(offsets[span]!);
  const tourAt = new Int32Array(offsets[span]!);
  const keys = new Float64Array(offsets[span]!);
  const next = offsets.slice(0, span);
  const positionOfId = new Int32Array(index.maxId + 1);
  const byDay: number[] = [];
  const place = (tour: number, d: number, previous: number) => {
    const bucket = startDay[d]! - firstDay;
    const at = next[bucket]!;
    next[bucket] = at + 1;
    previousDay[at] = previous;
    tourAt[at] = tour;
    keys[at] = priceUsd[d]! * PACKED_ID_LIMIT + ids[tour]!;
  };
  yield* chunked(segment.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = segment[n]!;
      positionOfId[ids[tour]!] = tour;
      const first = dateOffsets[tour]!;
      const end = dateOffsets[tour + 1]!;
      // A second date on the same day has that day as its previous: only the first one counts.
      // The loader keeps each tour's dates by start day, so sorting them is rarely needed.
      let ordered = true;
      for (let d = first + 1; d < end && ordered; d += 1)
        ordered = startDay[d - 1]! <= startDay[d]!;
      if (ordered) {
        for (let d = first; d < end; d += 1) place(tour, d, d === first ? NONE : startDay[d - 1]!);
        continue;
      }
      byDay.length = 0;
      for (let d = first; d < end; d += 1) byDay.push(d);
      byDay.sort((a, b) => startDay[a]! - startDay[b]!);
      let previous = NONE;
      for (const d of byDay) {
        place(tour, d, previous);
        previous = startDay[d]!;
      }
    }
  });
  const step = itemsPerStep();
  let sorted = 0;
  for (let b = 0; b < span; b += 1) {
    sortByPrevious(previousDay, tourAt, offsets[b]!, offsets[b + 1]!, index.size);
    keys.subarray(offsets[b]!, offsets[b + 1]!).sort();
    // A chunk ends once about a step's worth of dates has been sorted.
    if (offsets[b + 1]! - sorted >= step) {
      sorted = offsets[b + 1]!;
      yield;
    }
  }
  return {
    firstDay: firstDay === Infinity ? 0 : firstDay,
    offsets,
    previousDay,
    tourAt,
    keys,
    positionOfId,
  };
}

/** The window's first and last bucket, or undefined when no bookable date can be in it. */
export function windowBuckets(
  buckets: DayBuckets,
  bounds: DateBounds,
): [number, number] | undefined {
  const last = buckets.offsets.length - 2;
  const from = Math.max(0, bounds.fromDay - buckets.firstDay);
  const to = Math.min(last, bounds.toDay - buckets.firstDay);
  return from <= to ? [from, to] : undefined;
}

/** How many tours of the segment have a bookable date in the window. */
function windowTotal(buckets: DayBuckets, bounds: DateBounds): number {
  const window = windowBuckets(buckets, bounds);
  if (!window) return 0;
  const { offsets, previousDay } = buckets;
  // No tour has a date before bucket 0, so a window opening earlier opens there.
  const fromDay = buckets.firstDay + window[0];
  let total = 0;
  for (let b = window[0]; b <= window[1]; b += 1) {
    total += firstAtLeastIn(previousDay, offsets[b]!, offsets[b + 1]!, fromDay) - offsets[b]!;
  }
  return total;
}

/**
 * The positions of the segment's tours with a bookable date in the window, each once (in no
 * particular order): per bucket, the dates that are their tour's first in the window.
 */
export function windowTours(buckets: DayBuckets, bounds: DateBounds): Int32Array {
  const window = windowBuckets(buckets, bounds);
  if (!window) return new Int32Array(0);
  const { offsets, previousDay, tourAt } = buckets;
  const fromDay = buckets.firstDay + window[0];
  const tours = new Int32Array(windowTotal(buckets, bounds));
  let count = 0;
  for (let b = window[0]; b <= window[1]; b += 1) {
    const end = firstAtLeastIn(previousDay, offsets[b]!, offsets[b + 1]!, fromDay);
    tours.set(tourAt.subarray(offsets[b]!, end), count);
    count += end - offsets[b]!;
  }
  return tours;
}

/** Per tour id, the merge's bookkeeping (`stamp` marks the search that wrote `remaining`). */
interface MergeScratch {
  stamp: Int32Array;
  remaining: Int32Array;
  search: number;
}
const mergeScratches = new WeakMap<DayBuckets, MergeScratch>();

function mergeScratchOf(buckets: DayBuckets): MergeScratch {
  let scratch = mergeScratches.get(buckets);
  if (!scratch) {
    const size = buckets.positionOfId.length;
    scratch = { stamp: new Int32Array(size), remaining: new Int32Array(size), search: 0 };
    mergeScratches.set(buckets, scratch);
  }
  scratch.search += 1;
  return scratch;
}

/** How many of the tour's bookable dates start in the window. */
function datesInWindow(index: TourIndex, tour: number, bounds: DateBounds): number {
  const { startDay } = index.dates;
  let count = 0;
  for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
    if (startDay[d]! >= bounds.fromDay && startDay[d]! <= bounds.toDay) count += 1;
  }
  return count;
}

/**
 * The first `wanted` tour ids of the window in a price sort: the window's buckets merged by key
 * (ascending, or descending for `-price`) through a heap of bucket cursors.
 */
function windowPriceIds(
  index: TourIndex,
  buckets: DayBuckets,
  bounds: DateBounds,
  window: [number, number],
  descending: boolean,
  wanted: number,
): number[] {
  const { offsets, keys, positionOfId } = buckets;
  const count = window[1] - window[0] + 1;
  // Cursor and end per bucket of the window; the heap holds window bucket numbers.
  const cursor = new Int32Array(count);
  const end = new Int32Array(count);
  const heap = new Int32Array(count);
  const sign = descending ? -1 : 1;
  const keyOf = (slot: number) => sign * keys[cursor[slot]!]!;
  let size = 0;
  const siftDown = (from: number) => {
    let parent = from;
    const slot = heap[parent]!;
    const key = keyOf(slot);
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= size) break;
      const right = left + 1;
      const smaller = right < size && keyOf(heap[right]!) < keyOf(heap[left]!) ? right : left;
      if (keyOf(heap[smaller]!) >= key) break;
      heap[parent] = heap[smaller]!;
      parent = smaller;
    }
    heap[parent] = slot;
  };
  for (let slot = 0; slot < count; slot += 1) {
    const b = window[0] + slot;
    if (offsets[b] === offsets[b + 1]) continue;
    // Dearest first reads each bucket from its end.
    cursor[slot] = descending ? offsets[b + 1]! - 1 : offsets[b]!;
    end[slot] = descending ? offsets[b]! - 1 : offsets[b + 1]!;
    heap[size++] = slot;
  }
  for (let at = (size >> 1) - 1; at >= 0; at -= 1) siftDown(at);

  const scratch = mergeScratchOf(buckets);
  const { stamp, remaining, search } = scratch;
  const found: number[] = [];
  while (size > 0 && found.length < wanted) {
    const slot = heap[0]!;
    const id = keys[cursor[slot]!]! % PACKED_ID_LIMIT;
    if (!descending) {
      // A tour's first key is its cheapest date in the window.
      if (stamp[id] !== search) {
        stamp[id] = search;
        found.push(id);
      }
    } else {
      // Its last key is: the tour is placed when no date of it in the window is left.
      if (stamp[id] !== search) {
        stamp[id] = search;
        remaining[id] = datesInWindow(index, positionOfId[id]!, bounds);
      }
      remaining[id] = remaining[id]! - 1;
      if (remaining[id] === 0) found.push(id);
    }
    cursor[slot] = cursor[slot]! + sign;
    if (cursor[slot] === end[slot]) heap[0] = heap[--size]!;
    if (size > 0) siftDown(0);
  }
  return found;
}

/** The default order's page: the segment walked until the page's last match. */
function windowDefaultIds(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  wanted: number,
): number[] {
  const { firstDay, lastDay, maxPrice, ids } = index;
  const found: number[] = [];
  for (let n = 0; n < segment.length && found.length < wanted; n += 1) {
    const tour = segment[n]!;
    if (maxPrice[tour] === NONE) continue;
    const first = firstDay[tour]!;
    const last = lastDay[tour]!;
    if (last < bounds.fromDay || first > bounds.toDay) continue;
    const proven =
      (first >= bounds.fromDay && first <= bounds.toDay) ||
      (last >= bounds.fromDay && last <= bounds.toDay);
    if (proven || datesInWindow(index, tour, bounds) > 0) found.push(ids[tour]!);
  }
  return found;
}

export interface WindowAnswer {
  total: number;
  ids: number[];
}

/**
 * The total and one page of a search over `segment` whose one filter is a date window. Call it
 * only for such a query, and ids below `PACKED_ID_LIMIT`.
 */
export function searchDateWindow(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  page: { sort: 'default' | 'price' | '-price'; offset: number; limit: number },
): WindowAnswer {
  const buckets = dayBucketsOf(index, segment);
  const total = windowTotal(buckets, bounds);
  const wanted = Math.min(page.offset + page.limit, total);
  const window = windowBuckets(buckets, bounds);
  if (wanted <= page.offset || !window) return { total, ids: [] };
  const ids =
    page.sort === 'default'
      ? windowDefaultIds(index, segment, bounds, wanted)
      : windowPriceIds(index, buckets, bounds, window, page.sort === '-price', wanted);
  return { total, ids: ids.slice(page.offset) };
}
