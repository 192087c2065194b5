/**
 * The structures searches keep per segment (a segment's open listing, price ladder, day buckets
 * …): each is built from the index once and kept while the segment lives, in a WeakMap keyed by
 * the segment, so it goes with its index. Every such structure is declared here, so a new index
 * can build them all before it serves a search (`prepare-index.ts`, decision 054) instead of the
 * first searches building them on the request path (1–2 s each at a million tours).
 */
import type { TourIndex } from './tour-index.ts';

export interface SegmentStructure<Value> {
  (index: TourIndex, segment: Int32Array): Value;
  /** What it is, for logs and the preparation's timings. */
  readonly label: string;
  /** Whether it is built for `segment` (tests). */
  has(segment: Int32Array): boolean;
}

const declared: SegmentStructure<unknown>[] = [];

/**
 * A structure of `segment` built by `build` on the first call and kept. `segment` may also be
 * another list of tours a search keeps (one list value's tours): it is kept the same way.
 */
export function segmentStructure<Value>(
  label: string,
  build: (index: TourIndex, segment: Int32Array) => Value,
): SegmentStructure<Value> {
  const built = new WeakMap<Int32Array, Value>();
  const structure = (index: TourIndex, segment: Int32Array): Value => {
    let value = built.get(segment);
    if (value === undefined) {
      value = build(index, segment);
      built.set(segment, value);
    }
    return value;
  };
  const declaredStructure = Object.assign(structure, {
    label,
    has: (segment: Int32Array) => built.has(segment),
  });
  declared.push(declaredStructure);
  return declaredStructure;
}

/** Every structure declared so far, in declaration order (a structure's parts come first). */
export function segmentStructures(): readonly SegmentStructure<unknown>[] {
  return declared;
}
