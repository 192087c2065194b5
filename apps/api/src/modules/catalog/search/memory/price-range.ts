/**
 * A search whose only filter is a price range (decision 049), answered without walking its
 * segment. A tour matches when one of its bookable dates costs between the bounds. Tours whose
 * cheapest date is inside the range match outright, and sorted by that cheapest date they are one
 * run of the segment's tours in price order, found by binary search. The only tours whose dates
 * must be read are those whose prices straddle the lower bound (cheapest below it, dearest at or
 * above it); in price order they lie just below that run, and blocks of tours whose dearest dates
 * all stay below the bound are skipped whole. The page in the default order then stops after the
 * page's last match instead of counting the whole segment.
 */
import { firstKeys } from './first-keys.ts';
import { positionsByPrice } from './price-order.ts';
import type { DateBounds } from './query-index.ts';
import { DURATION_BUCKETS, NONE, PACKED_ID_LIMIT, type TourIndex } from './tour-index.ts';

/** Tours per block of the straddler scan. */
export const BLOCK = 64;

export interface PriceLadder {
  /** The segment's tours with bookable dates, cheapest date first, then id (positions). */
  tours: Int32Array;
  /** Their cheapest and dearest bookable date, in the same order. */
  low: Int32Array;
  high: Int32Array;
  /** The dearest date of each block of `BLOCK` tours. */
  blockHigh: Int32Array;
  /**
   * The tours' bookable dates in ladder order (tour `at` owns `[dateOffsets[at],
   * dateOffsets[at + 1])`): their prices and duration buckets. The straddler scans read them front
   * to back; read from the index, at the ladder's scattered positions, nearly every tour's dates
   * missed the cache (17 ms for one range at a million tours).
   */
  dateOffsets: Int32Array;
  datePrices: Int32Array;
  dateBuckets: Uint8Array;
}

const ladders = new WeakMap<Int32Array, PriceLadder>();

export function priceLadderOf(index: TourIndex, segment: Int32Array): PriceLadder {
  let ladder = ladders.get(segment);
  if (!ladder) {
    ladder = buildLadder(index, segment);
    ladders.set(segment, ladder);
  }
  return ladder;
}

function buildLadder(index: TourIndex, segment: Int32Array): PriceLadder {
  const { minPrice, maxPrice } = index;
  const dated = segment.filter((tour) => maxPrice[tour] !== NONE);
  const tours = positionsByPrice(index, dated, minPrice);
  const low = Int32Array.from(tours, (tour) => minPrice[tour]!);
  const high = Int32Array.from(tours, (tour) => maxPrice[tour]!);
  const blockHigh = new Int32Array(Math.ceil(tours.length / BLOCK)).fill(NONE);
  high.forEach((price, at) => {
    const block = Math.floor(at / BLOCK);
    if (price > blockHigh[block]!) blockHigh[block] = price;
  });
  const dateOffsets = new Int32Array(tours.length + 1);
  tours.forEach((tour, at) => {
    dateOffsets[at + 1] =
      dateOffsets[at]! + index.dateOffsets[tour + 1]! - index.dateOffsets[tour]!;
  });
  const datePrices = new Int32Array(dateOffsets[tours.length]!);
  const dateBuckets = new Uint8Array(dateOffsets[tours.length]!);
  tours.forEach((tour, at) => {
    let slot = dateOffsets[at]!;
    for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
      datePrices[slot] = index.dates.priceUsd[d]!;
      dateBuckets[slot] = Math.min(index.dates.duration[d]!, DURATION_BUCKETS - 1);
      slot += 1;
    }
  });
  return { tours, low, high, blockHigh, dateOffsets, datePrices, dateBuckets };
}

/** The first position in `values` (ascending) holding at least `bound`. */
export function firstAtLeast(values: Int32Array, bound: number): number {
  let from = 0;
  let to = values.length;
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (values[middle]! < bound) from = middle + 1;
    else to = middle;
  }
  return from;
}

/** The cheapest of the dates of the ladder's tour `at` inside the range, or `Infinity`. */
function cheapestInRange(ladder: PriceLadder, at: number, bounds: DateBounds): number {
  const { datePrices, dateOffsets } = ladder;
  let cheapest = Infinity;
  for (let d = dateOffsets[at]!; d < dateOffsets[at + 1]!; d += 1) {
    const price = datePrices[d]!;
    if (price >= bounds.priceMin && price <= bounds.priceMax && price < cheapest) cheapest = price;
  }
  return cheapest;
}

/** The duration buckets of the dates of the ladder's tour `at` inside the range (0: none). */
export function bucketsInRange(
  ladder: PriceLadder,
  at: number,
  bounds: Pick<DateBounds, 'priceMin' | 'priceMax'>,
): number {
  const { datePrices, dateBuckets, dateOffsets } = ladder;
  let buckets = 0;
  for (let d = dateOffsets[at]!; d < dateOffsets[at + 1]!; d += 1) {
    const price = datePrices[d]!;
    if (price >= bounds.priceMin && price <= bounds.priceMax) buckets |= 1 << dateBuckets[d]!;
  }
  return buckets;
}

/** Whether one of the tour's dates is inside the range (stops at the first). */
function hasDateInRange(index: TourIndex, tour: number, bounds: DateBounds): boolean {
  const { priceUsd } = index.dates;
  for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
    const price = priceUsd[d]!;
    if (price >= bounds.priceMin && price <= bounds.priceMax) return true;
  }
  return false;
}

/** Packed price-and-id keys, one buffer per ladder: a search runs synchronously to its end. */
const keyBuffers = new WeakMap<PriceLadder, Float64Array>();

function keyBufferOf(ladder: PriceLadder): Float64Array {
  let buffer = keyBuffers.get(ladder);
  if (!buffer) keyBuffers.set(ladder, (buffer = new Float64Array(ladder.tours.length)));
  return buffer;
}

export interface PriceRangeAnswer {
  total: number;
  ids: number[];
}

/**
 * The total and one page of a price-range-only search over `segment`. Call it only for a query
 * whose one filter is `priceMin`/`priceMax`, and ids below `PACKED_ID_LIMIT`.
 */
export function searchPriceRange(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  page: { sort: 'default' | 'price' | '-price'; offset: number; limit: number },
): PriceRangeAnswer {
  const ladder = priceLadderOf(index, segment);
  const { ids } = index;
  const priced = page.sort !== 'default';
  // Cheapest date inside the range: a match, priced at that date.
  const from = firstAtLeast(ladder.low, bounds.priceMin);
  const to = firstAtLeast(ladder.low, bounds.priceMax + 1);
  // Cheapest below the range but dearest at or above its lower bound: the dates decide. A price
  // sort keeps each one's key (its cheapest date in the range, then its id).
  const keys = priced ? keyBufferOf(ladder) : undefined;
  let straddlers = 0;
  for (let block = Math.floor((from - 1) / BLOCK); block >= 0 && from > 0; block -= 1) {
    if (ladder.blockHigh[block]! < bounds.priceMin) continue;
    const end = Math.min(from, (block + 1) * BLOCK);
    for (let at = block * BLOCK; at < end; at += 1) {
      if (ladder.high[at]! < bounds.priceMin) continue;
      if (!keys) {
        if (bucketsInRange(ladder, at, bounds) !== 0) straddlers += 1;
        continue;
      }
      const price = cheapestInRange(ladder, at, bounds);
      if (price !== Infinity)
        keys[straddlers++] = price * PACKED_ID_LIMIT + ids[ladder.tours[at]!]!;
    }
  }
  const total = to - from + straddlers;
  if (!keys) return { total, ids: defaultOrderPage(index, segment, bounds, page, total) };
  // The page's tours are among the straddlers and the run's first (or, dearest first, last)
  // `wanted` tours; the run's keys join the straddlers' in the same buffer.
  const wanted = page.offset + page.limit;
  const [head, headEnd] =
    page.sort === 'price' ? [from, Math.min(to, from + wanted)] : [Math.max(from, to - wanted), to];
  let count = straddlers;
  for (let at = head; at < headEnd; at += 1) {
    keys[count++] = ladder.low[at]! * PACKED_ID_LIMIT + ids[ladder.tours[at]!]!;
  }
  const first = firstKeys(keys.subarray(0, count), Math.min(wanted, count), page.sort === '-price');
  return {
    total,
    ids: Array.from(first.subarray(page.offset), (key) => key % PACKED_ID_LIMIT),
  };
}

/** The default order's page: the segment walked until the page's last match. */
function defaultOrderPage(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  page: { offset: number; limit: number },
  total: number,
): number[] {
  const { minPrice, maxPrice, ids } = index;
  const wanted = Math.min(page.offset + page.limit, total);
  const found: number[] = [];
  let matched = 0;
  for (let n = 0; n < segment.length && matched < wanted; n += 1) {
    const tour = segment[n]!;
    const low = minPrice[tour]!;
    if (maxPrice[tour] === NONE || low > bounds.priceMax || maxPrice[tour]! < bounds.priceMin) {
      continue;
    }
    if (low < bounds.priceMin && !hasDateInRange(index, tour, bounds)) continue;
    if (matched >= page.offset) found.push(ids[tour]!);
    matched += 1;
  }
  return found;
}
