/**
 * Builds a new index's structures before it serves its first search (decision 054): every
 * per-segment structure (`segment-structures.ts`) for every segment, the posting lists of the
 * list columns and the walk's records (`walk-records.ts`). Searches otherwise build them on first
 * use, on the request path: at a million tours the first price range with facets after each
 * rebuild waited ~2 s for its ladder. The old index keeps serving meanwhile, and the builds run in
 * slices of about 10 ms (their steps, decision 064) with the event loop let run between two, so a
 * request in flight waits for one slice at most, not for a whole structure (up to a second at a
 * million tours).
 */
import { listValueBitSteps, oneOfColumns, valueBitSteps } from './facet-bits';
import { columnsOf, facetRecordSteps } from './facet-columns';
import { positionOfIdSteps } from './fit-order';
import { periodMaskSteps } from './period-masks';
import { postingSteps } from './postings';
// Loading the search loads every module that declares a segment structure.
import './query-index.ts';
import { segmentStructures } from './segment-structures';
import { runInSlices, type SliceOptions, type Steps } from './steps';
import type { TourIndex } from './tour-index';
import { walkRecordSteps } from './walk-records';
import { weekWordSteps } from './window-kind-counts';

export interface PreparedStructure {
  label: string;
  /** Tours of the segment it was built for (0 for the index's own structures). */
  tours: number;
  /** The time spent building it, pauses left out. */
  ms: number;
  /** Its longest slice: the longest the event loop waited for it. */
  longestSliceMs: number;
}

/** Builds everything searches on `index` keep, largest segments first; returns the timings. */
export async function prepareIndex(
  index: TourIndex,
  options: SliceOptions = {},
): Promise<PreparedStructure[]> {
  const timings: PreparedStructure[] = [];
  const sliced = async (label: string, tours: number, steps: Steps<unknown>) => {
    const { ms, longestSliceMs } = await runInSlices(steps, options);
    timings.push({ label, tours, ms, longestSliceMs });
  };
  await sliced('walk records', 0, walkRecordSteps(index));
  await sliced('period masks', 0, periodMaskSteps(index));
  await sliced('facet records', 0, facetRecordSteps(index));
  await sliced('week words', 0, weekWordSteps(index));
  await sliced('positions of ids', 0, positionOfIdSteps(index));
  for (const { column } of columnsOf(index)) {
    if (column.ragged) await sliced(`${column.kind} postings`, 0, postingSteps(column.ragged));
  }
  for (const { column } of columnsOf(index)) {
    if (column.ragged)
      await sliced(`${column.kind} value bits`, 0, listValueBitSteps(column.ragged));
  }
  for (const column of oneOfColumns(index)) {
    await sliced('one-of value bits', 0, valueBitSteps(column));
  }
  const segments = [...index.segments.values()].sort((a, b) => b.length - a.length);
  for (const segment of segments) {
    for (const structure of segmentStructures()) {
      await sliced(structure.label, segment.length, structure.steps(index, segment));
    }
  }
  return timings;
}
