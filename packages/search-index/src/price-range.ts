/**
 * A search whose only filter is a price range (decision 049), answered without walking its
 * segment. A tour matches when one of its bookable dates costs between the bounds. Tours whose
 * cheapest date is inside the range match outright, and sorted by that cheapest date they are one
 * run of the segment's tours in price order, found by binary search. The only tours whose dates
 * must be read are those whose prices straddle the lower bound (cheapest below it, dearest at or
 * above it); in price order they lie just below that run, and blocks of tours whose dearest dates
 * all stay below the bound are skipped whole (the facets of a price range, `price-range-facets.ts`,
 * scan them so). The total and the price sorts' pages are counted from the dates by price instead
 * (`range-firsts.ts`, decision 053), without reading a straddler. The page in the default order
 * stops after the page's last match instead of counting the whole segment.
 */
import { positionsByPrice } from './price-order';
import {
  bucketsBetween,
  countTours,
  firstAtLeastIn,
  firstsEnd,
  rangeFirstsSteps,
  type RangeFirsts,
} from './range-firsts';
import type { DateBounds } from './query-index';
import { segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { NONE, type TourIndex } from './tour-index';

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
   * dateOffsets[at + 1])`): their prices. The straddler scans read them front
   * to back; read from the index, at the ladder's scattered positions, nearly every tour's dates
   * missed the cache (17 ms for one range at a million tours).
   */
  dateOffsets: Int32Array;
  datePrices: Int32Array;
}

export const priceLadderOf = segmentStructure('price ladder', buildLadder);

function* buildLadder(index: TourIndex, segment: Int32Array): Steps<PriceLadder> {
  const { minPrice, maxPrice } = index;
  const dated = segment.filter((tour) => maxPrice[tour] !== NONE);
  const tours = yield* positionsByPrice(index, dated, minPrice);
  // Plain loops over typed arrays: at a million tours each pass runs 660,000 times.
  const count = tours.length;
  const low = new Int32Array(count);
  const high = new Int32Array(count);
  const blockHigh = new Int32Array(Math.ceil(count / BLOCK)).fill(NONE);
  const dateOffsets = new Int32Array(count + 1);
  yield* chunked(count, (from, to) => {
    for (let at = from; at < to; at += 1) {
      const tour = tours[at]!;
      low[at] = minPrice[tour]!;
      const price = maxPrice[tour]!;
      high[at] = price;
      const block = (at / BLOCK) | 0;
      if (price > blockHigh[block]!) blockHigh[block] = price;
      dateOffsets[at + 1] =
        dateOffsets[at]! + index.dateOffsets[tour + 1]! - index.dateOffsets[tour]!;
    }
  });
  const datePrices = new Int32Array(dateOffsets[count]!);
  const { priceUsd } = index.dates;
  yield* chunked(count, (from, to) => {
    for (let at = from; at < to; at += 1) {
      const tour = tours[at]!;
      let slot = dateOffsets[at]!;
      for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
        datePrices[slot++] = priceUsd[d]!;
      }
    }
  });
  return { tours, low, high, blockHigh, dateOffsets, datePrices };
}

/** The first position in `values` (ascending) holding at least `bound`. */
export function firstAtLeast(values: Int32Array, bound: number): number {
  return firstAtLeastIn(values, 0, values.length, bound);
}

/** Whether a date of the ladder's tour `at` is inside the range (stops at the first). */
export function ladderHasDateInRange(
  ladder: PriceLadder,
  at: number,
  bounds: Pick<DateBounds, 'priceMin' | 'priceMax'>,
): boolean {
  const { datePrices, dateOffsets } = ladder;
  for (let d = dateOffsets[at]!; d < dateOffsets[at + 1]!; d += 1) {
    const price = datePrices[d]!;
    if (price >= bounds.priceMin && price <= bounds.priceMax) return true;
  }
  return false;
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

/**
 * The dates by price (`range-firsts.ts`) of a segment, or of another kept list of tours (one list
 * value's bookable tours, `value-facets.ts`), built on first use.
 */
const priceFirstsOf = segmentStructure(
  'dates by price',
  (index: TourIndex, segment: Int32Array): Steps<RangeFirsts> =>
    rangeFirstsSteps(segment, index.dateOffsets, index.dates.priceUsd, index.size),
);

/** Whether `searchPriceRange` over `tours` reads only what is built (decision 086). */
export const priceRangeReady = (tours: Int32Array): boolean => priceFirstsOf.has(tours);

/** Builds in steps what `searchPriceRange` over `tours` reads. */
export function* priceRangeSteps(index: TourIndex, tours: Int32Array): Steps<void> {
  yield* priceFirstsOf.steps(index, tours);
}

export interface PriceRangeAnswer {
  total: number;
  ids: number[];
}

/**
 * The total and one page of a price-range-only search over `segment` (a segment in the default
 * order, or a kept part of one, such as one list value's tours). Call it only for a query whose
 * one filter besides is `priceMin`/`priceMax`. The total and the price sorts' pages come from the
 * dates by price (decision 053): a tour's place in a price sort is its cheapest date in the
 * range, the one date of it there whose previous price is below the range.
 */
export function searchPriceRange(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  page: { sort: 'default' | 'price' | '-price'; offset: number; limit: number },
): PriceRangeAnswer {
  const firsts = priceFirstsOf(index, segment);
  const total = countTours(firsts, bounds.priceMin, bounds.priceMax);
  if (page.sort === 'default') {
    return { total, ids: defaultOrderPage(index, segment, bounds, page, total) };
  }
  const range = bucketsBetween(firsts, bounds.priceMin, bounds.priceMax);
  const descending = page.sort === '-price';
  const wanted = Math.min(page.offset + page.limit, total);
  const found: number[] = [];
  const bucketIds: number[] = [];
  // Cheapest first from the range's lowest price (ids ascending on ties), dearest first from
  // its highest (ids descending), bucket by bucket until the page is full.
  for (
    let k = descending ? range.end - 1 : range.first;
    k >= range.first && k < range.end && found.length < wanted;
    k += descending ? -1 : 1
  ) {
    bucketIds.length = 0;
    const end = firstsEnd(firsts, k, range);
    for (let at = firsts.offsets[k]!; at < end; at += 1) {
      bucketIds.push(index.ids[firsts.tourAt[at]!]!);
    }
    bucketIds.sort(descending ? (a, b) => b - a : (a, b) => a - b);
    for (const id of bucketIds) found.push(id);
  }
  return { total, ids: found.slice(page.offset, wanted) };
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
