/**
 * Posting lists over the index's list columns (countries, regions, cities, rest kinds,
 * collections, languages): per value, the tour positions that hold it, ascending, which is the
 * default order (decision 033). A search without facets that filters on such a column walks the
 * tours holding one of the wanted values instead of its whole segment: at 100k tours a country
 * is a few thousand tours, not a hundred thousand. Built on first use, once per index.
 */
import { segmentStructure } from './segment-structures';
import { finish, chunked, type Steps } from './steps';
import type { RaggedColumn, TourIndex } from './tour-index';

const postingsOfColumn = new WeakMap<RaggedColumn, Map<number, Int32Array>>();

/** Per value of `column`, the positions holding it, ascending. */
export function postings(column: RaggedColumn): Map<number, Int32Array> {
  return postingsOfColumn.get(column) ?? finish(postingSteps(column));
}

/** Builds and keeps the posting lists of `column` in steps (`steps.ts`). */
export function* postingSteps(column: RaggedColumn): Steps<Map<number, Int32Array>> {
  let byValue = postingsOfColumn.get(column);
  if (byValue) return byValue;
  const { offsets, values } = column;
  const tours = offsets.length - 1;
  // A tour that holds a value twice is listed once (the SQL filter is a set overlap).
  const lastTour = new Map<number, number>();
  const counts = new Map<number, number>();
  yield* chunked(tours, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
        const value = values[k]!;
        if (lastTour.get(value) === tour) continue;
        lastTour.set(value, tour);
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
  });
  byValue = new Map([...counts].map(([value, count]) => [value, new Int32Array(count)] as const));
  const filled = new Map<number, number>();
  yield* chunked(tours, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
        const value = values[k]!;
        const at = filled.get(value) ?? 0;
        const list = byValue.get(value)!;
        if (at > 0 && list[at - 1] === tour) continue;
        list[at] = tour;
        filled.set(value, at + 1);
      }
    }
  });
  postingsOfColumn.set(column, byValue);
  return byValue;
}

/** How many entries the posting lists of `values` hold together (an upper bound of tours). */
export function postingSize(column: RaggedColumn, values: readonly number[]): number {
  const byValue = postings(column);
  let size = 0;
  for (const value of values) size += byValue.get(value)?.length ?? 0;
  return size;
}

/** The positions holding any of `values`, ascending, each once. */
export function positionsWithAny(column: RaggedColumn, values: readonly number[]): Int32Array {
  const byValue = postings(column);
  const lists = [...new Set(values)]
    .map((value) => byValue.get(value))
    .filter((list) => list !== undefined);
  if (lists.length === 0) return new Int32Array(0);
  if (lists.length === 1) return lists[0]!;
  const merged = new Int32Array(lists.reduce((sum, list) => sum + list.length, 0));
  let at = 0;
  for (const list of lists) {
    merged.set(list, at);
    at += list.length;
  }
  merged.sort();
  // A tour holding two wanted values is in two lists: keep it once.
  let kept = 0;
  for (let n = 0; n < merged.length; n += 1) {
    if (n === 0 || merged[n] !== merged[n - 1]) merged[kept++] = merged[n]!;
  }
  return merged.subarray(0, kept);
}

/** 1 at the positions of `segment`, 0 elsewhere (one per tour of the index). */
export const membership = segmentStructure(
  'membership',
  function* (index: TourIndex, segment: Int32Array): Steps<Uint8Array> {
    const members = new Uint8Array(index.size);
    yield* chunked(segment.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        members[segment[n]!] = 1;
      }
    });
    return members;
  },
);
