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
import { addBuckets } from './open-listing.ts';
import { columnsOf, countColumn, type FacetColumn } from './facet-columns.ts';
import {
  BLOCK,
  bucketsInRange,
  firstAtLeast,
  priceLadderOf,
  type PriceLadder,
} from './price-range.ts';
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

/** Bounds every price passes: a tour's every duration bucket. */
const OPEN_PRICES = { priceMin: -Infinity, priceMax: Infinity };

/**
 * The facet columns in ladder order (row `at` is the ladder's tour `at`), with each column's
 * value range: counting tours picked from the ladder then reads these front to back. Read from
 * the index at the ladder's scattered positions, nearly every value missed the cache (17 ms for
 * 8,000 straddlers at a million tours).
 */
const ladderColumns = new WeakMap<PriceLadder, { column: FacetColumn; size: number }[]>();

function ladderColumnsOf(index: TourIndex, ladder: PriceLadder) {
  let columns = ladderColumns.get(ladder);
  if (!columns) {
    const { tours } = ladder;
    columns = columnsOf(index).map(({ column, size }) => {
      if (column.scalar) {
        const scalar = column.scalar;
        return {
          column: { ...column, scalar: Int32Array.from(tours, (tour) => scalar[tour]!) },
          size,
        };
      }
      const { offsets, values } = column.ragged!;
      const ordered = { offsets: new Int32Array(tours.length + 1), values: new Int32Array(0) };
      tours.forEach((tour, at) => {
        ordered.offsets[at + 1] = ordered.offsets[at]! + offsets[tour + 1]! - offsets[tour]!;
      });
      ordered.values = new Int32Array(ordered.offsets[tours.length]!);
      tours.forEach((tour, at) => {
        ordered.values.set(
          values.subarray(offsets[tour]!, offsets[tour + 1]!),
          ordered.offsets[at]!,
        );
      });
      return { column: { ...column, ragged: ordered }, size };
    });
    ladderColumns.set(ladder, columns);
  }
  return columns;
}

/** Ladder positions to count (`items[0..length)`). */
interface TourRange {
  items: Int32Array;
  length: number;
}

/** The ladder positions `from` to `to` (exclusive), as a list to count. */
function ladderRange(from: number, to: number): TourRange {
  const items = new Int32Array(Math.max(0, to - from));
  for (let at = from; at < to; at += 1) items[at - from] = at;
  return { items, length: items.length };
}

function prefixOf(index: TourIndex, ladder: PriceLadder): LadderPrefix {
  let prefix = prefixes.get(ladder);
  if (prefix) return prefix;
  const columns = ladderColumnsOf(index, ladder);
  const running = columns.map(({ size }) => new Int32Array(size));
  const durations = new Int32Array(DURATION_BUCKETS);
  const every = checkpointOf(ladder);
  prefix = { every, columns: [], durations: [], priceRange: [Infinity, -Infinity] };
  const { tours } = ladder;
  for (let start = 0; start <= tours.length; start += every) {
    prefix.columns.push(running.map((counts) => counts.slice()));
    prefix.durations.push(durations.slice());
    const chunk = ladderRange(start, Math.min(tours.length, start + every));
    columns.forEach(({ column }, position) => countColumn(column, running[position]!, chunk));
    for (let n = 0; n < chunk.length; n += 1) {
      addBuckets(durations, bucketsInRange(ladder, chunk.items[n]!, OPEN_PRICES), 1);
    }
  }
  for (let at = 0; at < tours.length; at += 1) {
    if (ladder.low[at]! < prefix.priceRange[0]) prefix.priceRange[0] = ladder.low[at]!;
    if (ladder.high[at]! > prefix.priceRange[1]) prefix.priceRange[1] = ladder.high[at]!;
  }
  prefixes.set(ladder, prefix);
  return prefix;
}

export interface PriceRangeFacets {
  /** Per facet column (`columnsOf` order), counts by value. */
  columns: Int32Array[];
  durations: Int32Array;
  priceRange: [low: number, high: number];
}

/**
 * The facets of a search over `segment` whose one filter is the price range of `bounds`. With
 * `only` (a position in `columnsOf` order), that column alone is counted: the other columns and
 * the durations are left empty.
 */
export function priceRangeFacets(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  only?: number,
): PriceRangeFacets {
  const ladder = priceLadderOf(index, segment);
  const prefix = prefixOf(index, ladder);
  const ordered = ladderColumnsOf(index, ladder);
  const from = firstAtLeast(ladder.low, bounds.priceMin);
  const to = firstAtLeast(ladder.low, bounds.priceMax + 1);
  const { every } = prefix;
  const fromCheckpoint = Math.floor(from / every);
  const toCheckpoint = Math.floor(to / every);
  // Tours from a checkpoint to an end of the run: added at the upper end, taken away at the lower.
  const upperTail = ladderRange(toCheckpoint * every, to);
  const lowerTail = ladderRange(fromCheckpoint * every, from);
  const counted = (position: number) => only === undefined || only === position;
  const columns = ordered.map(({ column, size }, position) => {
    if (!counted(position)) return new Int32Array(size);
    const counts = prefix.columns[toCheckpoint]![position]!.slice();
    const lower = prefix.columns[fromCheckpoint]![position]!;
    for (let value = 0; value < counts.length; value += 1) {
      counts[value] = counts[value]! - lower[value]!;
    }
    countColumn(column, counts, upperTail);
    countColumn(column, counts, lowerTail, -1);
    return counts;
  });
  // The facet of an only list filter needs its own column alone, not the durations.
  const durations =
    only === undefined
      ? runDurations(ladder, prefix, bounds, { from, to, upperTail, lowerTail })
      : new Int32Array(DURATION_BUCKETS);
  const matched = matchedStraddlers(
    ladder,
    bounds,
    from,
    only === undefined ? durations : undefined,
  );
  ordered.forEach(({ column }, position) => {
    if (!counted(position)) return;
    countColumn(column, columns[position]!, matched);
  });
  return { columns, durations, priceRange: [...prefix.priceRange] };
}

/**
 * Tours per duration bucket over the run (cheapest date in the range): the difference of two
 * checkpoints and the tails, less the durations the run's tours offer only above the range.
 */
function runDurations(
  ladder: PriceLadder,
  prefix: LadderPrefix,
  bounds: DateBounds,
  run: { from: number; to: number; upperTail: TourRange; lowerTail: TourRange },
): Int32Array {
  const { from, to, upperTail, lowerTail } = run;
  const { high, blockHigh } = ladder;
  const durations = prefix.durations[Math.floor(to / prefix.every)]!.slice();
  const lowerDurations = prefix.durations[Math.floor(from / prefix.every)]!;
  for (let bucket = 0; bucket < DURATION_BUCKETS; bucket += 1) {
    durations[bucket] = durations[bucket]! - lowerDurations[bucket]!;
  }
  for (const at of upperTail.items) {
    addBuckets(durations, bucketsInRange(ladder, at, OPEN_PRICES), 1);
  }
  for (const at of lowerTail.items) {
    addBuckets(durations, bucketsInRange(ladder, at, OPEN_PRICES), -1);
  }
  // The run's tours with dates above the range: only the durations inside it count.
  for (let block = Math.floor(from / BLOCK); block * BLOCK < to; block += 1) {
    if (blockHigh[block]! <= bounds.priceMax) continue;
    const end = Math.min(to, (block + 1) * BLOCK);
    for (let at = Math.max(from, block * BLOCK); at < end; at += 1) {
      if (high[at]! <= bounds.priceMax) continue;
      addBuckets(durations, bucketsInRange(ladder, at, OPEN_PRICES), -1);
      addBuckets(durations, bucketsInRange(ladder, at, bounds), 1);
    }
  }
  return durations;
}

/** A buffer of ladder positions per ladder (a search runs synchronously to its end). */
const straddlerBuffers = new WeakMap<PriceLadder, Int32Array>();

/**
 * The tours below the run (cheapest date under the range) with a date inside it, as ladder
 * positions; their durations in the range are added to `durations` when given.
 */
function matchedStraddlers(
  ladder: PriceLadder,
  bounds: DateBounds,
  from: number,
  durations: Int32Array | undefined,
): TourRange {
  const { high, blockHigh } = ladder;
  let items = straddlerBuffers.get(ladder);
  if (!items) straddlerBuffers.set(ladder, (items = new Int32Array(ladder.tours.length)));
  let length = 0;
  for (let block = Math.floor((from - 1) / BLOCK); block >= 0 && from > 0; block -= 1) {
    if (blockHigh[block]! < bounds.priceMin) continue;
    const end = Math.min(from, (block + 1) * BLOCK);
    for (let at = block * BLOCK; at < end; at += 1) {
      if (high[at]! < bounds.priceMin) continue;
      const buckets = bucketsInRange(ladder, at, bounds);
      if (buckets === 0) continue;
      items[length++] = at;
      if (durations) addBuckets(durations, buckets, 1);
    }
  }
  return { items, length };
}
