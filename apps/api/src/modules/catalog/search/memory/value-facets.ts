/**
 * The facets of a search whose one filter is a single value of a list column (a country, a
 * region, a rest kind …) with `expand=filters` (decision 052): the counts of every facet kind over
 * the segment's bookable tours holding that value, their duration buckets and price span. They
 * depend on the segment and the value only, so they are counted on the value's first such search
 * and kept with the segment, like its posting list. Counting them walks the value's postings, a
 * thirtieth of a million tours spread over the whole index, where each tour's eleven columns are
 * a cache miss each (30 ms at a million tours); a value's counts take ~80 kB.
 */
import { columnsOf, countColumn } from './facet-columns.ts';
import { membership, positionsWithAny } from './postings.ts';
import { DURATION_BUCKETS, NONE, type RaggedColumn, type TourIndex } from './tour-index.ts';

export interface ValueFacets {
  /** Per facet column (`columnsOf` order), counts by value over the matching tours. */
  columns: Int32Array[];
  /** Matching tours per duration bucket, and their cheapest and dearest date. */
  durations: Int32Array;
  priceRange: [low: number, high: number];
}

const facetsBySegment = new WeakMap<Int32Array, Map<RaggedColumn, Map<number, ValueFacets>>>();

export function valueFacetsOf(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
): ValueFacets {
  let byColumn = facetsBySegment.get(segment);
  if (!byColumn) facetsBySegment.set(segment, (byColumn = new Map()));
  let byValue = byColumn.get(column);
  if (!byValue) byColumn.set(column, (byValue = new Map()));
  let facets = byValue.get(value);
  if (!facets) {
    facets = countValue(index, segment, column, value);
    byValue.set(value, facets);
  }
  return facets;
}

/** As the walk counts a list filter alone: tours with a bookable date, their summaries. */
function countValue(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
): ValueFacets {
  const inSegment = membership(segment, index.size);
  const tours = positionsWithAny(column, [value]).filter(
    (tour) => inSegment[tour] === 1 && index.fromPrice[tour] !== NONE,
  );
  const all = { items: tours, length: tours.length };
  const columns = columnsOf(index).map(({ column: facet, size }) => {
    const counts = new Int32Array(size);
    countColumn(facet, counts, all);
    return counts;
  });
  const durations = new Int32Array(DURATION_BUCKETS);
  const priceRange: [number, number] = [Infinity, -Infinity];
  for (const tour of tours) {
    if (index.maxPrice[tour] === NONE) continue;
    let buckets = index.durationBuckets[tour]!;
    while (buckets !== 0) {
      const bucket = 31 - Math.clz32(buckets);
      durations[bucket] = durations[bucket]! + 1;
      buckets ^= 1 << bucket;
    }
    if (index.minPrice[tour]! < priceRange[0]) priceRange[0] = index.minPrice[tour]!;
    if (index.maxPrice[tour]! > priceRange[1]) priceRange[1] = index.maxPrice[tour]!;
  }
  return { columns, durations, priceRange };
}
