/**
 * What a segment answers when the search filters nothing (decision 049): the bookable tours in the
 * default order and in price order, and the duration and price facets over them. The unfiltered
 * listing is the commonest search (the search page's first view, its pages and sorts), and without
 * this it walked the whole segment every time: 10 ms at a million tours for a page of 20. Built
 * once per segment (segments belong to one index), so its cost is the index's, not a search's.
 */
import { positionsByPrice } from './price-order';
import { segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { DURATION_BUCKETS, NONE, type TourIndex } from './tour-index';

export interface OpenListing {
  /** The segment's tours with a bookable date, in the default order (positions). */
  bookable: Int32Array;
  /**
   * Their ids, cheapest first (`fromPrice` asc, id asc): the `price` sort; read backwards it is
   * the `-price` sort (price desc, id desc), the order `PriceOrder` gives.
   */
  idsByPrice: Int32Array;
  /** Tours per duration bucket, and the cheapest and dearest date, as the facet pass counts them. */
  durations: Int32Array;
  priceRange: [low: number, high: number];
}

export const openListingOf = segmentStructure('open listing', buildOpenListing);

/** The open listing of `tours` (a segment, or the tours of one list value in it: `value-facets.ts`). */
export function* buildOpenListing(index: TourIndex, tours: Int32Array): Steps<OpenListing> {
  const { fromPrice, maxPrice, minPrice, durationBuckets, ids } = index;
  const bookable = tours.filter((tour) => fromPrice[tour] !== NONE);
  const durations = new Int32Array(DURATION_BUCKETS);
  const priceRange: [number, number] = [Infinity, -Infinity];
  yield* chunked(bookable.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      const tour = bookable[n]!;
      // As the facet pass: a tour's summaries count when it has dates in the index.
      if (maxPrice[tour] === NONE) continue;
      addBuckets(durations, durationBuckets[tour]!, 1);
      if (minPrice[tour]! < priceRange[0]) priceRange[0] = minPrice[tour]!;
      if (maxPrice[tour]! > priceRange[1]) priceRange[1] = maxPrice[tour]!;
    }
  });
  const byPrice = yield* positionsByPrice(index, bookable, fromPrice);
  yield* chunked(byPrice.length, (from, to) => {
    for (let n = from; n < to; n += 1) {
      byPrice[n] = ids[byPrice[n]!]!;
    }
  });
  return { bookable, idsByPrice: byPrice, durations, priceRange };
}

/** Adds `delta` to each duration bucket set in `mask` (one step per set bit: few per tour). */
function addBuckets(durations: Int32Array, mask: number, delta: number) {
  while (mask !== 0) {
    const bucket = 31 - Math.clz32(mask);
    durations[bucket] = durations[bucket]! + delta;
    mask ^= 1 << bucket;
  }
}

/** One page of the open listing in the requested order. */
export function openListingPage(
  index: TourIndex,
  listing: OpenListing,
  sort: 'default' | 'price' | '-price',
  offset: number,
  limit: number,
): number[] {
  const total = listing.bookable.length;
  const end = Math.min(offset + limit, total);
  const page: number[] = [];
  for (let n = offset; n < end; n += 1) {
    if (sort === 'default') page.push(index.ids[listing.bookable[n]!]!);
    else if (sort === 'price') page.push(listing.idsByPrice[n]!);
    else page.push(listing.idsByPrice[total - 1 - n]!);
  }
  return page;
}
