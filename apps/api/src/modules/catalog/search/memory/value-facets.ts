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
import { columnsOf, countColumn } from './facet-columns.ts';
import { buildOpenListing, type OpenListing } from './open-listing.ts';
import { membership, positionsWithAny } from './postings.ts';
import { finish } from './steps.ts';
import type { OneValueColumn, RaggedColumn, TourIndex } from './tour-index.ts';

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

/**
 * The value's answers over `segment`, its counts included when `withCounts`. The column is a
 * list column (its posting list gives the tours) or one value per tour (a cruise filter).
 */
export function valueAnswersOf(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn | OneValueColumn,
  value: number,
  withCounts: boolean,
  budget = valueAnswersBudget(index),
): Required<ValueAnswers> | ValueAnswers {
  let cache = caches.get(index);
  if (!cache) caches.set(index, (cache = { kept: new Map(), bytes: 0 }));
  const key = `${nameOf(segment)}:${nameOf(column)}:${value}`;
  let entry = cache.kept.get(key);
  if (entry) {
    // Asked again: now the most recent.
    cache.kept.delete(key);
  } else {
    let tours: Int32Array;
    if ('offsets' in column) {
      const inSegment = membership(index, segment);
      tours = positionsWithAny(column, [value]).filter((tour) => inSegment[tour] === 1);
    } else {
      // The segment is in the default order, and so are the tours kept from it.
      tours = segment.filter((tour) => column[tour] === value);
    }
    const listing = finish(buildOpenListing(index, tours));
    const bytes = BYTES_PER_VALUE + listing.bookable.length * BYTES_PER_TOUR;
    entry = { answers: { listing }, bytes };
    cache.bytes += entry.bytes;
  }
  cache.kept.set(key, entry);
  const { answers } = entry;
  if (withCounts && !answers.counts) {
    const { bookable } = answers.listing;
    const all = { items: bookable, length: bookable.length };
    answers.counts = columnsOf(index).map(({ column: facet, size }) => {
      const counts = new Int32Array(size);
      countColumn(facet, counts, all);
      return counts;
    });
    const countBytes = answers.counts.reduce((sum, counts) => sum + counts.byteLength, 0);
    entry.bytes += countBytes;
    cache.bytes += countBytes;
  }
  // Over the budget: the least recently asked go, never the one just asked.
  for (const [oldKey, old] of cache.kept) {
    if (cache.bytes <= budget || old === entry) break;
    cache.kept.delete(oldKey);
    cache.bytes -= old.bytes;
  }
  return answers;
}

/** The bytes `index` keeps for its values' answers, and how many values (tests, logs). */
export function valueAnswersKept(index: TourIndex): { values: number; bytes: number } {
  const cache = caches.get(index);
  return { values: cache?.kept.size ?? 0, bytes: cache?.bytes ?? 0 };
}
