/**
 * A search whose one filter is a single value of a list column (a country, a region, a rest kind
 * …), with or without `expand=filters` (decision 052). Its answer depends on the segment and the
 * value only: the value's bookable tours in the default and in price order (an open listing of
 * those tours, `open-listing.ts`) and, with facets, every kind's counts over them. Both are made
 * on the value's first such search and kept with the segment, like its posting list. Walking the
 * postings each time read a tour here and there over the whole index, a cache miss per tour and
 * column: 4 ms for a country's page and 30 ms for its facets at a million tours. A value costs
 * 8 bytes per tour holding it, and ~80 kB of counts once asked with facets.
 */
import { columnsOf, countColumn } from './facet-columns.ts';
import { buildOpenListing, type OpenListing } from './open-listing.ts';
import { membership, positionsWithAny } from './postings.ts';
import { finish } from './steps.ts';
import type { RaggedColumn, TourIndex } from './tour-index.ts';

export interface ValueAnswers {
  listing: OpenListing;
  /** Per facet column (`columnsOf` order), counts over the listing's tours, once asked. */
  counts?: Int32Array[];
}

const answersBySegment = new WeakMap<Int32Array, Map<RaggedColumn, Map<number, ValueAnswers>>>();

/** The value's answers over `segment`, its counts included when `withCounts`. */
export function valueAnswersOf(
  index: TourIndex,
  segment: Int32Array,
  column: RaggedColumn,
  value: number,
  withCounts: boolean,
): Required<ValueAnswers> | ValueAnswers {
  let byColumn = answersBySegment.get(segment);
  if (!byColumn) answersBySegment.set(segment, (byColumn = new Map()));
  let byValue = byColumn.get(column);
  if (!byValue) byColumn.set(column, (byValue = new Map()));
  let answers = byValue.get(value);
  if (!answers) {
    const inSegment = membership(index, segment);
    const tours = positionsWithAny(column, [value]).filter((tour) => inSegment[tour] === 1);
    answers = { listing: finish(buildOpenListing(index, tours)) };
    byValue.set(value, answers);
  }
  if (withCounts && !answers.counts) {
    const { bookable } = answers.listing;
    const all = { items: bookable, length: bookable.length };
    answers.counts = columnsOf(index).map(({ column: facet, size }) => {
      const counts = new Int32Array(size);
      countColumn(facet, counts, all);
      return counts;
    });
  }
  return answers;
}
