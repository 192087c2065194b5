/**
 * The structures searches keep per segment (a segment's open listing, price ladder, day buckets
 * …): each is built from the index once and kept while the segment lives, in a WeakMap keyed by
 * the segment, so it goes with its index. Every such structure is declared here, so a new index
 * can build them all before it serves a search (`prepare-index.ts`, decision 054) instead of the
 * first searches building them on the request path (1–2 s each at a million tours). Builds are
 * generators (`steps.ts`, decision 064), so the preparation can build them a slice at a time.
 */
import { finish, type Steps } from './steps.ts';
import type { TourIndex } from './tour-index.ts';

export interface SegmentStructure<Value> {
  /** The structure of `segment`, built at once on the first call. */
  (index: TourIndex, segment: Int32Array): Value;
  /** What it is, for logs and the preparation's timings. */
  readonly label: string;
  /** Whether it is built for `segment` (tests). */
  has(segment: Int32Array): boolean;
  /** Builds and keeps it in steps (a structure already built costs one step). */
  steps(index: TourIndex, segment: Int32Array): Steps<Value>;
}

const declared: SegmentStructure<unknown>[] = [];

/**
 * A structure of `segment` built by `build` on the first call and kept. `segment` may also be
 * another list of tours a search keeps (one list value's tours): it is kept the same way.
 */
export function segmentStructure<Value>(
  label: string,
  build: (index: TourIndex, segment: Int32Array) => Steps<Value>,
): SegmentStructure<Value> {
  const built = new WeakMap<Int32Array, Value>();
  function* steps(index: TourIndex, segment: Int32Array): Steps<Value> {
    let value = built.get(segment);
    if (value === undefined) {
      value = yield* build(index, segment);
      // A search may have built it at once between two steps: the first one built is kept, so
      // whoever read it keeps reading the same value.
      const first = built.get(segment);
      if (first !== undefined) return first;
      built.set(segment, value);
    }
    return value;
  }
  const structure = (index: TourIndex, segment: Int32Array): Value =>
    built.get(segment) ?? finish(steps(index, segment));
  const declaredStructure = Object.assign(structure, {
    label,
    has: (segment: Int32Array) => built.has(segment),
    steps,
  });
  declared.push(declaredStructure);
  return declaredStructure;
}

/** Every structure declared so far, in declaration order (a structure's parts come first). */
export function segmentStructures(): readonly SegmentStructure<unknown>[] {
  return declared;
}

/**
 * A structure of the whole index rather than of one segment (the walk's records, the tours'
 * fortnights), built by `build` on first use and kept with the index. The preparation builds it
 * in steps (`steps`) before the index serves.
 */
export function indexStructure<Value>(build: (index: TourIndex) => Steps<Value>): {
  of(index: TourIndex): Value;
  steps(index: TourIndex): Steps<Value>;
} {
  const built = new WeakMap<TourIndex, Value>();
  function* steps(index: TourIndex): Steps<Value> {
    let value = built.get(index);
    if (value === undefined) {
      value = yield* build(index);
      // As for a segment's: the first one built between two steps is the one kept.
      const first = built.get(index);
      if (first !== undefined) return first;
      built.set(index, value);
    }
    return value;
  }
  return { of: (index) => built.get(index) ?? finish(steps(index)), steps };
}
