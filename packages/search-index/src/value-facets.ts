/**
 * A search whose one filter is a single value of a list column (a country, a region, a rest kind
 * …), with or without `expand=filters` (decision 052). Its answer depends on the segment and the
 * value only: the value's bookable tours in the default and in price order (an open listing of
 * those tours, `open-listing.ts`) and, with facets, every kind's counts over them. Both are made
 * on the value's first such search and kept with the segment, like its posting list. Walking the
 * postings each time read a tour here and there over the whole index, a cache miss per tour and
 * column: 4 ms for a country's page and 30 ms for its facets at a million tours.
 *
 * What is kept is bounded (decision 065): a value costs 8 bytes per tour for its listing, ~170
 * more once asked with a price range (its ladder and dates by price, decision 063, kept by the
 * segment structures under the listing's tours, so they go when the listing goes), and ~80 kB of
 * counts once asked with facets. Every value of every column at a million tours would be about
 * 1.5 GB, so each index keeps at most `valueAnswersBudget` bytes of them (96 MB, or 400 bytes per
 * tour of a larger catalogue), the least recently asked going first.
 */
import { buildInBackground } from './background-builds';
import { countAllColumns } from './facet-columns';
import { buildOpenListing, type OpenListing } from './open-listing';
import { membership, positionsWithAny, postingSize } from './postings';
import { priceRangeReady, priceRangeSteps } from './price-range';
import { valuePriceFacetSteps, valuePriceFacetsReady } from './price-range-facets';
import { finish, type Steps } from './steps';
import type { RaggedColumn, TourIndex } from './tour-index';

export interface ValueAnswers {
  listing: OpenListing;
  /** Per facet column (`columnsOf` order), counts over the listing's tours, once asked. */
  counts?: Int32Array[];
}

/** The bytes one index keeps for its list values' answers at most, up to 240k tours. */
export const VALUE_ANSWERS_BUDGET = 96 * 2 ** 20;

/**
 * Per tour of a larger catalogue: about two list columns' worth of values (every country and
 * every region asked with a price range, at 180 bytes per tour and value). Below it, searches no
 * one sent before kept rebuilding the structures of values asked a minute earlier: at a million
 * tours, half the index work under such traffic (decision 082).
 */
const BUDGET_BYTES_PER_TOUR = 400;

/** The bytes `index` keeps for its list values' answers at most. */
export function valueAnswersBudget(index: Pick<TourIndex, 'size'>): number {
  return Math.max(VALUE_ANSWERS_BUDGET, index.size * BUDGET_BYTES_PER_TOUR);
}

/** What a value's answers may hold per tour: the listing and its price structures. */
// The dates by price's wavelet matrices (decision 074) added ~20 bytes to the earlier 160.
const BYTES_PER_TOUR = 180;

/**
 * What a kept value costs besides its tours (its key, objects and small arrays): a value no tour
 * holds is kept too, and without this a stream of such values would grow the cache unbounded.
 */
const BYTES_PER_VALUE = 1024;

interface KeptAnswers {
  answers: ValueAnswers;
  bytes: number;
}

/** An index's kept answers, least recently asked first (a `Map` keeps insertion order). */
interface ValueAnswersCache {
  kept: Map<string, KeptAnswers>;
  bytes: number;
}

const caches = new WeakMap<TourIndex, ValueAnswersCache>();

/** Small numbers naming segments and columns in the cache's keys. */
const names = new WeakMap<object, number>();
let nextName = 0;
function nameOf(object: object): number {
  let name = names.get(object);
  if (name === undefined) names.set(object, (name = nextName++));
  return name;
}

function cacheOf(index: TourIndex): ValueAnswersCache {
  let cache = caches.get(index);
  if (!cache) caches.set(index, (cache = { kept: new Map(), bytes: 0 }));
  return cache;
}

const keyOf = (segment: Int32Array, column: object, value: number) =>
  `${nameOf(segment)}:${nameOf(column)}:${value}`;

/** The value's tours within `segment`, in the default order. */
function valueTours(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
): Int32Array {
  const inSegment = membership(index, segment);
  return positionsWithAny(column, [value]).filter((tour) => inSegment[tour] === 1);
}

/**
 * Builds (in steps) and keeps the value's answers. What is kept changes only after the last step:
 * another build may have kept the value meanwhile (the same answers), and the first kept stays.
 */
function* valueAnswerSteps(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
  withCounts: boolean,
  budget: number,
): Steps<ValueAnswers> {
  const cache = cacheOf(index);
  const key = keyOf(segment, column, value);
  const listing =
    cache.kept.get(key)?.answers.listing ??
    (yield* buildOpenListing(index, valueTours(index, segment, column, value)));
  let counts = withCounts ? cache.kept.get(key)?.answers.counts : undefined;
  if (withCounts && !counts) counts = yield* countAllColumns(index, listing.bookable);
  let entry = cache.kept.get(key);
  if (entry) {
    // Asked again: now the most recent.
    cache.kept.delete(key);
  } else {
    entry = {
      answers: { listing },
      bytes: BYTES_PER_VALUE + listing.bookable.length * BYTES_PER_TOUR,
    };
    cache.bytes += entry.bytes;
  }
  if (counts && !entry.answers.counts) {
    entry.answers.counts = counts;
    const countBytes = counts.reduce((sum, one) => sum + one.byteLength, 0);
    entry.bytes += countBytes;
    cache.bytes += countBytes;
  }
  cache.kept.set(key, entry);
  // Over the budget: the least recently asked go, never the one just asked.
  for (const [oldKey, old] of cache.kept) {
    if (cache.bytes <= budget || old === entry) break;
    cache.kept.delete(oldKey);
    cache.bytes -= old.bytes;
  }
  return entry.answers;
}

/**
 * The value's answers over `segment`, its counts included when `withCounts`, built now if not
 * kept. The column's posting list gives the tours.
 */
export function valueAnswersOf(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
  withCounts: boolean,
  budget = valueAnswersBudget(index),
): Required<ValueAnswers> | ValueAnswers {
  return finish(valueAnswerSteps(index, segment, column, value, withCounts, budget));
}

/**
 * Tours of a list value from which its answers and price structures are built between requests
 * (decision 086) rather than by the search that first needs them: at a million tours a country
 * holds ~26,000 tours and its structures take 100–280 ms (about 9 µs a tour), while the walk
 * answers in a few. Below (every value of 100k tours), they take 35 ms at most, and are built at
 * once, as before.
 */
const BACKGROUND_VALUE_TOURS = 4096;

let backgroundFrom = BACKGROUND_VALUE_TOURS;

/** Sets the tours from which values build in the background (tests); returns the undo. */
export function useBackgroundValueTours(tours: number): () => void {
  backgroundFrom = tours;
  return () => {
    backgroundFrom = BACKGROUND_VALUE_TOURS;
  };
}

/**
 * The value's answers when they are kept (with counts when `withCounts`, and with the price
 * structures a price range over its tours reads when `prices` is given, its facets' too when
 * `prices.withFacets`) or cheap enough to build now; otherwise undefined, with their build queued
 * (`background-builds.ts`): the search walks meanwhile.
 */
export function readyValueAnswers(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
  withCounts: boolean,
  prices?: { withFacets: boolean },
): ValueAnswers | undefined {
  const key = keyOf(segment, column, value);
  const kept = cacheOf(index).kept.get(key);
  const ready =
    kept !== undefined &&
    (!withCounts || kept.answers.counts !== undefined) &&
    (!prices || pricesBuilt(kept.answers.listing.bookable, prices.withFacets));
  if (ready || postingSize(column, [value]) <= backgroundFrom) {
    return valueAnswersOf(index, segment, column, value, withCounts);
  }
  const budget = valueAnswersBudget(index);
  buildInBackground(`${key}:${withCounts}:${prices?.withFacets}`, function* () {
    const answers = yield* valueAnswerSteps(index, segment, column, value, withCounts, budget);
    if (!prices) return;
    yield* priceRangeSteps(index, answers.listing.bookable);
    if (prices.withFacets) yield* valuePriceFacetSteps(index, answers.listing.bookable);
  });
  return undefined;
}

/** Whether a price range over a value's `tours` (and its facets) reads only what is built. */
function pricesBuilt(tours: Int32Array, withFacets: boolean): boolean {
  return priceRangeReady(tours) && (!withFacets || valuePriceFacetsReady(tours));
}

/** The bytes `index` keeps for its values' answers, and how many values (tests, logs). */
export function valueAnswersKept(index: TourIndex): { values: number; bytes: number } {
  const cache = caches.get(index);
  return { values: cache?.kept.size ?? 0, bytes: cache?.bytes ?? 0 };
}
