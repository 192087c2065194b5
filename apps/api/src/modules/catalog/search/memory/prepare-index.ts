/**
 * Builds a new index's structures before it serves its first search (decision 054): every
 * per-segment structure (`segment-structures.ts`) for every segment, the posting lists of the
 * list columns and the walk's records (`walk-records.ts`). Searches otherwise build them on first use, on the request path: at a million
 * tours the first price range with facets after each rebuild waited ~2 s for its ladder. The old
 * index keeps serving meanwhile, and the work yields to the event loop between structures, so
 * requests in flight wait for one structure at most, never for the whole preparation.
 */
import { columnsOf } from './facet-columns.ts';
import { postings } from './postings.ts';
// Loading the search loads every module that declares a segment structure.
import './query-index.ts';
import { segmentStructures } from './segment-structures.ts';
import type { TourIndex } from './tour-index.ts';
import { walkRecordsOf } from './walk-records.ts';

export interface PreparedStructure {
  label: string;
  /** Tours of the segment it was built for (0 for the index's own structures). */
  tours: number;
  ms: number;
}

export interface PrepareOptions {
  /** Lets the event loop run between two structures. */
  pause?: () => Promise<void>;
  now?: () => number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Builds everything searches on `index` keep, largest segments first; returns the timings. */
export async function prepareIndex(
  index: TourIndex,
  { pause = nextTurn, now = () => performance.now() }: PrepareOptions = {},
): Promise<PreparedStructure[]> {
  const timings: PreparedStructure[] = [];
  const timed = async (label: string, tours: number, build: () => unknown) => {
    const started = now();
    build();
    timings.push({ label, tours, ms: now() - started });
    await pause();
  };
  await timed('walk records', 0, () => walkRecordsOf(index));
  for (const { column } of columnsOf(index)) {
    if (column.ragged) await timed(`${column.kind} postings`, 0, () => postings(column.ragged!));
  }
  const segments = [...index.segments.values()].sort((a, b) => b.length - a.length);
  for (const segment of segments) {
    for (const structure of segmentStructures()) {
      await timed(structure.label, segment.length, () => structure(index, segment));
    }
  }
  return timings;
}
