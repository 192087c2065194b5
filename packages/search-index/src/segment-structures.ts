/**
 * The structures searches keep per segment (a segment's open listing, price ladder, day buckets
 * …): each is built from the index once and kept while the segment lives, in a WeakMap keyed by
 * the segment, so it goes with its index. Every such structure is declared here, so a new index
 * can build them all before it serves a search (`prepare-index.ts`, decision 054) instead of the
 * first searches building them on the request path (1–2 s each at a million tours). Builds are
 * generators (`steps.ts`, decision 064), so the preparation can build them a slice at a time.
 */
import { finish, type Steps } from './steps';
import type { TourIndex } from './tour-index';

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
 * A structure kept per object rather than per segment (the index's walk records and fortnights,
 * a column's value bitsets), built by `build` on first use and kept while the object lives. The
 * preparation builds it in steps (`steps`) before the index serves.
 */
export function keptStructure<Key extends object, Value>(
  build: (key: Key) => Steps<Value>,
): {
  of(key: Key): Value;
  steps(key: Key): Steps<Value>;
  /** Whether it is built for `key` (tests). */
  has(key: Key): boolean;
} {
  const built = new WeakMap<Key, Value>();
  function* steps(key: Key): Steps<Value> {
    let value = built.get(key);
    if (value === undefined) {
      value = yield* build(key);
      // As for a segment's: the first one built between two steps is the one kept.
      const first = built.get(key);
      if (first !== undefined) return first;
      built.set(key, value);
    }
    return value;
  }
  return {
    of: (key) => {
      const value = built.get(key);
      return value !== undefined ? value : finish(steps(key));
    },
    steps,
    has: (key) => built.has(key),
  };
}
