/**
 * A search whose only filter is a duration range (`daysMin`/`daysMax`) in the default order
 * (decision 052), answered without walking its segment. Which durations a tour offers is one small
 * mask per tour (`TourIndex.durationBuckets`), and a segment's million tours hold a few hundred
 * distinct masks: counted once per segment, the total is a sum over those masks, and the page walks
 * the segment only until its last match.
 */
import { segmentStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import { NONE, type TourIndex } from './tour-index';

interface DurationMasks {
  /** The distinct duration masks of the segment's tours with bookable dates, and their tours. */
  masks: Int32Array;
  counts: Int32Array;
}

const durationMasksOf = segmentStructure(
  'duration masks',
  function* (index: TourIndex, segment: Int32Array): Steps<DurationMasks> {
    const counts = new Map<number, number>();
    yield* chunked(segment.length, (from, to) => {
      for (let n = from; n < to; n += 1) {
        const tour = segment[n]!;
        if (index.maxPrice[tour] === NONE) continue;
        const mask = index.durationBuckets[tour]!;
        counts.set(mask, (counts.get(mask) ?? 0) + 1);
      }
    });
    return { masks: Int32Array.from(counts.keys()), counts: Int32Array.from(counts.values()) };
  },
);

/**
 * The total and one page of a default-order search whose one filter is a duration range whose
 * buckets are exact (`accepted`: the buckets every date of which has a wanted duration, and no
 * other bucket may hold one; see `dateShortcut`).
 */
export function searchDurationRange(
  index: TourIndex,
  segment: Int32Array,
  accepted: number,
  page: { offset: number; limit: number },
): { total: number; ids: number[] } {
  const { masks, counts } = durationMasksOf(index, segment);
  let total = 0;
  for (let n = 0; n < masks.length; n += 1) if ((masks[n]! & accepted) !== 0) total += counts[n]!;
  const wanted = Math.min(page.offset + page.limit, total);
  const ids: number[] = [];
  let matched = 0;
  for (let n = 0; n < segment.length && matched < wanted; n += 1) {
    const tour = segment[n]!;
    if (index.maxPrice[tour] === NONE || (index.durationBuckets[tour]! & accepted) === 0) continue;
    if (matched >= page.offset) ids.push(index.ids[tour]!);
    matched += 1;
  }
  return { total, ids };
}
