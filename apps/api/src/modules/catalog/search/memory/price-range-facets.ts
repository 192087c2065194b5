/**
 * The facets of a search whose only filter is a price range (decision 052), without walking the
 * segment. With no other filter, every facet kind counts the tours that match (a date in the
 * range), the duration facet counts each tour's durations among its dates in the range, and the
 * price facet spans every bookable date of the segment (it ignores the price filter itself).
 *
 * In the price ladder (`price-range.ts`) the matching tours are one run (cheapest date in the
 * range) plus the straddlers below it whose dates decide. Counts over the run are the difference
 * of two prefix counts of the ladder, kept at checkpoints, plus the few tours between a
 * checkpoint and the run's ends. The run's tours whose dearest date is above the range offer only
 * some of their durations in it: blocks of the ladder whose dearest date stays inside are skipped
 * whole, and the others' dates are read.
 */
import { columnsOf, countColumn } from './facet-columns.ts';
import { BLOCK, firstAtLeast, priceLadderOf, type PriceLadder } from './price-range.ts';
import type { DateBounds } from './query-index.ts';
import { DURATION_BUCKETS, type TourIndex } from './tour-index.ts';

/**
 * Ladder tours between two checkpoints of the prefix counts: at most about 128 checkpoints (at a
 * million tours, ~10 MB of counts and up to twice 7,800 tours counted at the run's ends).
 */
function checkpointOf(ladder: PriceLadder): number {
  return Math.max(256, Math.ceil(ladder.tours.length / 128));
}

interface LadderPrefix {
  /** Ladder tours between two checkpoints. */
  every: number;
  /** Per checkpoint `k`, each facet column's counts over the ladder's first `k * every` tours. */
  columns: Int32Array[][];
  /** Per checkpoint, tours per duration bucket over the same tours. */
  durations: Int32Array[];
  /** The cheapest and dearest bookable date of the ladder's tours. */
  priceRange: [low: number, high: number];
}

const prefixes = new WeakMap<PriceLadder, LadderPrefix>();

function addBuckets(durations: Int32Array, mask: number, delta: number) {
  // One step per set bit (a tour has few durations).
  while (mask !== 0) {
    const bucket = 31 - Math.clz32(mask);
    durations[bucket] = durations[bucket]! + delta;
    mask ^= 1 << bucket;
  }
}

function prefixOf(index: TourIndex, ladder: PriceLadder): LadderPrefix {
  let prefix = prefixes.get(ladder);
  if (prefix) return prefix;
  const columns = columnsOf(index);
  const running = columns.map(({ size }) => new Int32Array(size));
  const durations = new Int32Array(DURATION_BUCKETS);
  const every = checkpointOf(ladder);
  prefix = { every, columns: [], durations: [], priceRange: [Infinity, -Infinity] };
  const { tours } = ladder;
  for (let start = 0; start <= tours.length; start += every) {
    prefix.columns.push(running.map((counts) => counts.slice()));
    prefix.durations.push(durations.slice());
    const chunk = tours.subarray(start, start + every);
    columns.forEach(({ column }, position) => {
      countColumn(column, running[position]!, { items: chunk, length: chunk.length });
    });
    for (const tour of chunk) addBuckets(durations, index.durationBuckets[tour]!, 1);
  }
  for (let at = 0; at < tours.length; at += 1) {
    if (ladder.low[at]! < prefix.priceRange[0]) prefix.priceRange[0] = ladder.low[at]!;
    if (ladder.high[at]! > prefix.priceRange[1]) prefix.priceRange[1] = ladder.high[at]!;
  }
  prefixes.set(ladder, prefix);
  return prefix;
}

/** The duration buckets of the tour's dates inside the price range (0: none is). */
function bucketsInRange(index: TourIndex, tour: number, bounds: DateBounds): number {
  const { priceUsd, duration } = index.dates;
  let buckets = 0;
  for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
    const price = priceUsd[d]!;
    if (price >= bounds.priceMin && price <= bounds.priceMax) {
      buckets |= 1 << Math.min(duration[d]!, DURATION_BUCKETS - 1);
    }
  }
  return buckets;
}

export interface PriceRangeFacets {
  /** Per facet column (`columnsOf` order), counts by value. */
  columns: Int32Array[];
  durations: Int32Array;
  priceRange: [low: number, high: number];
}

/** The facets of a search over `segment` whose one filter is the price range of `bounds`. */
export function priceRangeFacets(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
): PriceRangeFacets {
  const ladder = priceLadderOf(index, segment);
  const prefix = prefixOf(index, ladder);
  const { tours, high, blockHigh } = ladder;
  const from = firstAtLeast(ladder.low, bounds.priceMin);
  const to = firstAtLeast(ladder.low, bounds.priceMax + 1);
  const { every } = prefix;
  const fromCheckpoint = Math.floor(from / every);
  const toCheckpoint = Math.floor(to / every);
  // Tours from a checkpoint to an end of the run: added at the upper end, taken away at the lower.
  // Each list is sorted into the default order: the ladder's price order scatters positions, and
  // reading eleven columns at scattered positions missed the cache for nearly every value.
  const upperTail = tours.slice(toCheckpoint * every, to).sort();
  const lowerTail = tours.slice(fromCheckpoint * every, from).sort();
  const columns = columnsOf(index).map(({ column }, position) => {
    const counts = prefix.columns[toCheckpoint]![position]!.slice();
    const lower = prefix.columns[fromCheckpoint]![position]!;
    for (let value = 0; value < counts.length; value += 1)
      counts[value] = counts[value]! - lower[value]!;
    countColumn(column, counts, { items: upperTail, length: upperTail.length });
    countColumn(column, counts, { items: lowerTail, length: lowerTail.length }, -1);
    return counts;
  });
  const durations = prefix.durations[toCheckpoint]!.slice();
  const lowerDurations = prefix.durations[fromCheckpoint]!;
  for (let bucket = 0; bucket < DURATION_BUCKETS; bucket += 1) {
    durations[bucket] = durations[bucket]! - lowerDurations[bucket]!;
  }
  for (const tour of upperTail) addBuckets(durations, index.durationBuckets[tour]!, 1);
  for (const tour of lowerTail) addBuckets(durations, index.durationBuckets[tour]!, -1);

  // The run's tours with dates above the range: only the durations inside it count.
  for (let block = Math.floor(from / BLOCK); block * BLOCK < to; block += 1) {
    if (blockHigh[block]! <= bounds.priceMax) continue;
    const end = Math.min(to, (block + 1) * BLOCK);
    for (let at = Math.max(from, block * BLOCK); at < end; at += 1) {
      if (high[at]! <= bounds.priceMax) continue;
      const tour = tours[at]!;
      addBuckets(durations, index.durationBuckets[tour]!, -1);
      addBuckets(durations, bucketsInRange(index, tour, bounds), 1);
    }
  }
  // Below the run, tours with a date at or above the lower bound: those with one inside match.
  const straddlers: number[] = [];
  for (let block = Math.floor((from - 1) / BLOCK); block >= 0 && from > 0; block -= 1) {
    if (blockHigh[block]! < bounds.priceMin) continue;
    const end = Math.min(from, (block + 1) * BLOCK);
    for (let at = block * BLOCK; at < end; at += 1) {
      if (high[at]! < bounds.priceMin) continue;
      const buckets = bucketsInRange(index, tours[at]!, bounds);
      if (buckets === 0) continue;
      straddlers.push(tours[at]!);
      addBuckets(durations, buckets, 1);
    }
  }
  const matched = Int32Array.from(straddlers).sort();
  columnsOf(index).forEach(({ column }, position) => {
    countColumn(column, columns[position]!, { items: matched, length: matched.length });
  });
  return { columns, durations, priceRange: [...prefix.priceRange] };
}
