/**
 * The facets of a search whose only filter is a price range (decision 052), without walking the
 * segment. With no other filter, every facet kind counts the tours that match (a date in the
 * range), the duration facet counts each tour's durations among its dates in the range, and the
 * price facet spans every bookable date of the segment (it ignores the price filter itself).
 *
 * In the price ladder (`price-range.ts`) the matching tours are one run (cheapest date in the
 * range) plus the straddlers below it whose dates decide. Counts over the run are the difference
 * of two prefix counts of the ladder, kept at checkpoints, plus the few tours between a
 * checkpoint and the run's ends. The duration facet is counted from the segment's dates by price,
 * one structure per duration bucket (`range-firsts.ts`, decision 053): per bucket, the tours with
 * a date of that duration in the range, without reading a tour's dates.
 */
import { columnsOf, countColumn, type FacetColumn } from './facet-columns';
import {
  BLOCK,
  firstAtLeast,
  ladderHasDateInRange,
  priceLadderOf,
  type PriceLadder,
} from './price-range';
import type { DateBounds } from './query-index';
import { countTours, rangeFirstsSteps, type RangeFirsts } from './range-firsts';
import { segmentStructure } from './segment-structures';
import { chunked, sortSteps, type Steps } from './steps';
import { DURATION_BUCKETS, type RaggedColumn, type TourIndex } from './tour-index';

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
  /** The cheapest and dearest bookable date of the ladder's tours. */
  priceRange: [low: number, high: number];
}

/**
 * The facet columns in ladder order (row `at` is the ladder's tour `at`), with each column's
 * value range: counting tours picked from the ladder then reads these front to back. Read from
 * the index at the ladder's scattered positions, nearly every value missed the cache (17 ms for
 * 8,000 straddlers at a million tours).
 */
const ladderColumnsOf = segmentStructure(
  'price ladder facet columns',
  function* (
    index: TourIndex,
    segment: Int32Array,
  ): Steps<{ column: FacetColumn; size: number }[]> {
    const { tours } = yield* priceLadderOf.steps(index, segment);
    const ordered: { column: FacetColumn; size: number }[] = [];
    for (const { column, size } of columnsOf(index)) {
      ordered.push({ column: yield* inOrder(column, tours), size });
    }
    return ordered;
  },
);

/** `column` with row `n` holding row `order[n]`'s values. */
function* inOrder(column: FacetColumn, order: Int32Array): Steps<FacetColumn> {
  return column.scalar
    ? { ...column, scalar: yield* inLadderOrder(column.scalar, order) }
    : { ...column, ragged: yield* raggedInLadderOrder(column.ragged!, order) };
}

/** `column[tour]` for each ladder tour, in ladder order (plain loops: a million tours each). */
function* inLadderOrder(column: Int32Array, tours: Int32Array): Steps<Int32Array> {
  const ordered = new Int32Array(tours.length);
  yield* chunked(tours.length, (from, to) => {
    for (let at = from; at < to; at += 1) {
      ordered[at] = column[tours[at]!]!;
    }
  });
  return ordered;
}

function* raggedInLadderOrder(column: RaggedColumn, tours: Int32Array): Steps<RaggedColumn> {
  const { offsets, values } = column;
  const orderedOffsets = new Int32Array(tours.length + 1);
  yield* chunked(tours.length, (from, to) => {
    for (let at = from; at < to; at += 1) {
      const tour = tours[at]!;
      orderedOffsets[at + 1] = orderedOffsets[at]! + offsets[tour + 1]! - offsets[tour]!;
    }
  });
  const orderedValues = new Int32Array(orderedOffsets[tours.length]!);
  yield* chunked(tours.length, (from, to) => {
    for (let at = from; at < to; at += 1) {
      const tour = tours[at]!;
      let to = orderedOffsets[at]!;
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) orderedValues[to++] = values[k]!;
    }
  });
  return { offsets: orderedOffsets, values: orderedValues };
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

const prefixOf = segmentStructure(
  'price ladder prefix counts',
  function* (index: TourIndex, segment: Int32Array): Steps<LadderPrefix> {
    const ladder = yield* priceLadderOf.steps(index, segment);
    const columns = yield* ladderColumnsOf.steps(index, segment);
    const every = checkpointOf(ladder);
    const { tours } = ladder;
    const { checkpoints } = yield* checkpointCounts(columns, tours.length, every);
    const prefix: LadderPrefix = { every, columns: checkpoints, priceRange: [Infinity, -Infinity] };
    for (let at = 0; at < tours.length; at += 1) {
      if (ladder.low[at]! < prefix.priceRange[0]) prefix.priceRange[0] = ladder.low[at]!;
      if (ladder.high[at]! > prefix.priceRange[1]) prefix.priceRange[1] = ladder.high[at]!;
    }
    return prefix;
  },
);

/**
 * Each column's counts over the first `k * every` of `count` rows, for every checkpoint `k`, and
 * over all of them (`totals`).
 */
function* checkpointCounts(
  columns: { column: FacetColumn; size: number }[],
  count: number,
  every: number,
): Steps<{ checkpoints: Int32Array[][]; totals: Int32Array[] }> {
  const running = columns.map(({ size }) => new Int32Array(size));
  const checkpoints: Int32Array[][] = [];
  for (let start = 0; start <= count; start += every) {
    checkpoints.push(running.map((counts) => counts.slice()));
    const chunk = ladderRange(start, Math.min(count, start + every));
    columns.forEach(({ column }, position) => countColumn(column, running[position]!, chunk));
    yield;
  }
  return { checkpoints, totals: running };
}

/**
 * The ladder's tours again, dearest date first (ties by ladder position), with the facet columns
 * in that order and prefix counts at checkpoints, as the ladder has (decision 078): the tours
 * with a date at or above a price are a prefix of it.
 */
interface DearestFirst {
  /** Ladder positions, by dearest date descending. */
  at: Int32Array;
  /** Their dearest dates (descending). */
  high: Int32Array;
  columns: FacetColumn[];
  every: number;
  /** Per checkpoint `k`, each column's counts over the first `k * every` tours. */
  checkpoints: Int32Array[][];
  /** Each column's counts over all the ladder's tours. */
  totals: Int32Array[];
}

const dearestFirstOf = segmentStructure(
  'price ladder dearest first',
  function* (index: TourIndex, segment: Int32Array): Steps<DearestFirst> {
    const ladder = yield* priceLadderOf.steps(index, segment);
    const ladderColumns = yield* ladderColumnsOf.steps(index, segment);
    const count = ladder.tours.length;
    let highest = 0;
    for (let at = 0; at < count; at += 1)
      if (ladder.high[at]! > highest) highest = ladder.high[at]!;
    // (highest - high) * count + position: ascending keys are dearest first, then by position.
    const keys = new Float64Array(count);
    for (let at = 0; at < count; at += 1) keys[at] = (highest - ladder.high[at]!) * count + at;
    yield* sortSteps(keys);
    const order = new Int32Array(count);
    const high = new Int32Array(count);
    yield* chunked(count, (from, to) => {
      for (let n = from; n < to; n += 1) {
        const at = keys[n]! % count;
        order[n] = at;
        high[n] = ladder.high[at]!;
      }
    });
    const columns: { column: FacetColumn; size: number }[] = [];
    for (const { column, size } of ladderColumns) {
      columns.push({ column: yield* inOrder(column, order), size });
    }
    const every = checkpointOf(ladder);
    const { checkpoints, totals } = yield* checkpointCounts(columns, count, every);
    return {
      at: order,
      high,
      columns: columns.map(({ column }) => column),
      every,
      checkpoints,
      totals,
    };
  },
);

/** The first position of `values` (descending) holding less than `bound`. */
function firstBelow(values: Int32Array, bound: number): number {
  let from = 0;
  let to = values.length;
  while (from < to) {
    const middle = (from + to) >>> 1;
    if (values[middle]! >= bound) from = middle + 1;
    else to = middle;
  }
  return from;
}

/**
 * Adds (`sign` 1) or takes away (-1) the column's counts over the first `length` tours of an
 * order kept with checkpoints: the nearest checkpoint, then the tours between it and `length`.
 */
function addPrefix(
  counts: Int32Array,
  checkpoints: Int32Array[][],
  every: number,
  column: FacetColumn,
  position: number,
  length: number,
  sign: 1 | -1,
) {
  const checkpoint = Math.min(Math.round(length / every), checkpoints.length - 1);
  const kept = checkpoints[checkpoint]![position]!;
  for (let value = 0; value < counts.length; value += 1) {
    counts[value] = counts[value]! + sign * kept[value]!;
  }
  const at = checkpoint * every;
  if (at < length) countColumn(column, counts, ladderRange(at, length), sign);
  else if (at > length) countColumn(column, counts, ladderRange(length, at), -sign);
}

/**
 * The ladder's tours whose dates lie on both sides of the range and none inside it (cheapest
 * below, dearest above): ladder positions. Read from whichever is shorter, the ladder's tours
 * cheaper than the range (blocks whose dearest dates stay inside it skipped) or the dearest-first
 * tours above it.
 */
function gapTours(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  from: number,
): TourRange {
  const ladder = priceLadderOf(index, segment);
  const dearest = dearestFirstOf(index, segment);
  const items = straddlerBufferOf(index, segment);
  let length = 0;
  const above = firstBelow(dearest.high, bounds.priceMax + 1);
  if (above < from) {
    for (let n = 0; n < above; n += 1) {
      const at = dearest.at[n]!;
      if (ladder.low[at]! >= bounds.priceMin) continue;
      if (!ladderHasDateInRange(ladder, at, bounds)) items[length++] = at;
    }
    return { items, length };
  }
  return { items, length: cheaperTours(ladder, from, bounds.priceMax + 1, bounds, false, items) };
}

/**
 * Writes to `items` the ladder's tours before `from` whose dearest date is at least `reaching`
 * and which have (`inRange`) or lack a date in the range, skipping blocks whose dearest dates
 * stay below `reaching`; returns how many.
 */
function cheaperTours(
  ladder: PriceLadder,
  from: number,
  reaching: number,
  bounds: DateBounds,
  inRange: boolean,
  items: Int32Array,
): number {
  const { high, blockHigh } = ladder;
  let length = 0;
  for (let block = 0; block * BLOCK < from; block += 1) {
    if (blockHigh[block]! < reaching) continue;
    const end = Math.min(from, (block + 1) * BLOCK);
    for (let at = block * BLOCK; at < end; at += 1) {
      if (high[at]! < reaching) continue;
      if (ladderHasDateInRange(ladder, at, bounds) === inRange) items[length++] = at;
    }
  }
  return length;
}

/**
 * Whether `tours` is one of the index's segments. A segment keeps prefix counts of its ladder
 * (about 128 copies of every column's counts, ~10 MB at a million tours); a kept part of one (a
 * list value's tours, decision 063) counts its run outright instead: the run is no longer than
 * the value's tours, and its ladder columns read it front to back.
 */
function isSegment(index: TourIndex, tours: Int32Array): boolean {
  for (const segment of index.segments.values()) if (segment === tours) return true;
  return false;
}

/** The cheapest and dearest bookable date of a ladder's tours. */
function ladderPriceRange(ladder: PriceLadder): [low: number, high: number] {
  let high = -Infinity;
  for (let at = 0; at < ladder.high.length; at += 1) {
    if (ladder.high[at]! > high) high = ladder.high[at]!;
  }
  // Cheapest first: the first tour's cheapest date is the ladder's cheapest.
  return ladder.tours.length === 0 ? [Infinity, -Infinity] : [ladder.low[0]!, high];
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
  const ordered = ladderColumnsOf(index, segment);
  const from = firstAtLeast(ladder.low, bounds.priceMin);
  const to = firstAtLeast(ladder.low, bounds.priceMax + 1);
  const counted = (position: number) => only === undefined || only === position;
  if (!isSegment(index, segment)) {
    // A list value's tours: the range's run is counted outright, front to back.
    const run = ladderRange(from, to);
    const matched = matchedStraddlers(index, segment, bounds, from);
    const columns = ordered.map(({ column, size }, position) => {
      const counts = new Int32Array(size);
      if (!counted(position)) return counts;
      countColumn(column, counts, run);
      countColumn(column, counts, matched);
      return counts;
    });
    const durations =
      only === undefined
        ? rangeDurations(index, segment, bounds)
        : new Int32Array(DURATION_BUCKETS);
    return { columns, durations, priceRange: ladderPriceRange(ladder) };
  }
  // A tour has a date in the range unless its dates all lie below it, all above it, or on both
  // sides with none inside: the tours with a date at or above the range's low end, less those
  // whose cheapest date is above it, less those with the gap (decision 078).
  const prefix = prefixOf(index, segment);
  const dearest = dearestFirstOf(index, segment);
  const reaching = firstBelow(dearest.high, bounds.priceMin);
  const gaps = gapTours(index, segment, bounds, from);
  const columns = ordered.map(({ column, size }, position) => {
    const counts = new Int32Array(size);
    if (!counted(position)) return counts;
    const columnOfDearest = dearest.columns[position]!;
    addPrefix(counts, dearest.checkpoints, dearest.every, columnOfDearest, position, reaching, 1);
    const totals = dearest.totals[position]!;
    for (let value = 0; value < size; value += 1) counts[value] = counts[value]! - totals[value]!;
    addPrefix(counts, prefix.columns, prefix.every, column, position, to, 1);
    countColumn(column, counts, gaps, -1);
    return counts;
  });
  // The facet of an only list filter needs its own column alone, not the durations.
  const durations =
    only === undefined ? rangeDurations(index, segment, bounds) : new Int32Array(DURATION_BUCKETS);
  return { columns, durations, priceRange: [...prefix.priceRange] };
}

/**
 * The segment's dates by price per duration bucket (`range-firsts.ts`): within bucket `k`, the
 * tours with a date of that duration in a price range are counted as the price range's total is.
 * One structure over `bucket * span + price` holds every bucket (one build instead of 21): a
 * tour's lowest date of a bucket then has a previous value from a lower bucket or `NONE`, below
 * every value of its own bucket, so it counts as the first in any range of that bucket.
 */
interface DurationFirsts {
  firsts: RangeFirsts;
  /** Above every price: bucket `k`'s values are `[k * span, (k + 1) * span)`. */
  span: number;
}

const durationFirstsOf = segmentStructure(
  'dates by duration and price',
  function* (index: TourIndex, segment: Int32Array): Steps<DurationFirsts | RangeFirsts[]> {
    const packed = yield* bucketPricesOf(index);
    if (packed) {
      const { value, span } = packed;
      const firsts = yield* rangeFirstsSteps(segment, index.dateOffsets, value, index.size);
      return { firsts, span };
    }
    // Prices too large to share one 32-bit value: a structure per bucket.
    const { duration, priceUsd } = index.dates;
    const byBucket: RangeFirsts[] = [];
    for (let bucket = 0; bucket < DURATION_BUCKETS; bucket += 1) {
      byBucket.push(
        yield* rangeFirstsSteps(
          segment,
          index.dateOffsets,
          priceUsd,
          index.size,
          (d) => Math.min(duration[d]!, DURATION_BUCKETS - 1) === bucket,
        ),
      );
    }
    return byBucket;
  },
);

/**
 * Every date's `bucket * span + price`, or `undefined` when that overflows 32 bits. Made once per
 * index (every segment reads it): it covers all the index's dates.
 */
const bucketPrices = new WeakMap<TourIndex, { value: Int32Array; span: number } | undefined>();

function* bucketPricesOf(index: TourIndex): Steps<{ value: Int32Array; span: number } | undefined> {
  if (bucketPrices.has(index)) return bucketPrices.get(index);
  const { duration, priceUsd } = index.dates;
  let span = 1;
  for (let d = 0; d < priceUsd.length; d += 1) if (priceUsd[d]! >= span) span = priceUsd[d]! + 1;
  let packed: { value: Int32Array; span: number } | undefined;
  if (DURATION_BUCKETS * span <= 2 ** 31 - 1) {
    const value = new Int32Array(priceUsd.length);
    yield* chunked(value.length, (from, to) => {
      for (let d = from; d < to; d += 1) {
        value[d] = Math.min(duration[d]!, DURATION_BUCKETS - 1) * span + priceUsd[d]!;
      }
    });
    packed = { value, span };
  }
  bucketPrices.set(index, packed);
  return packed;
}

/** Tours per duration bucket among their dates in the price range. */
function rangeDurations(index: TourIndex, segment: Int32Array, bounds: DateBounds): Int32Array {
  const built = durationFirstsOf(index, segment);
  if (Array.isArray(built)) {
    return Int32Array.from(built, (firsts) => countTours(firsts, bounds.priceMin, bounds.priceMax));
  }
  const { firsts, span } = built;
  // Each bucket's range inside its own span (prices are non-negative and below `span`).
  const low = Math.max(0, bounds.priceMin);
  const high = Math.min(span - 1, bounds.priceMax);
  return Int32Array.from({ length: DURATION_BUCKETS }, (_, bucket) =>
    low > high ? 0 : countTours(firsts, bucket * span + low, bucket * span + high),
  );
}

/** A buffer of ladder positions per segment (a search runs synchronously to its end). */
const straddlerBufferOf = segmentStructure(
  'price ladder straddler buffer',
  function* (index: TourIndex, segment: Int32Array): Steps<Int32Array> {
    return new Int32Array((yield* priceLadderOf.steps(index, segment)).tours.length);
  },
);

/** What `priceRangeFacets` reads of a list value's tours (not a segment's, `isSegment`). */
const VALUE_STRUCTURES = [priceLadderOf, ladderColumnsOf, straddlerBufferOf, durationFirstsOf];

/** Whether `priceRangeFacets` over a value's `tours` reads only what is built (decision 086). */
export const valuePriceFacetsReady = (tours: Int32Array): boolean =>
  VALUE_STRUCTURES.every((structure) => structure.has(tours));

/** Builds in steps what `priceRangeFacets` over a value's `tours` reads. */
export function* valuePriceFacetSteps(index: TourIndex, tours: Int32Array): Steps<void> {
  for (const structure of VALUE_STRUCTURES) yield* structure.steps(index, tours);
}

/** The tours below the run (cheapest date under the range) with a date inside it (ladder positions). */
function matchedStraddlers(
  index: TourIndex,
  segment: Int32Array,
  bounds: DateBounds,
  from: number,
): TourRange {
  const ladder = priceLadderOf(index, segment);
  const items = straddlerBufferOf(index, segment);
  return { items, length: cheaperTours(ladder, from, bounds.priceMin, bounds, true, items) };
}
