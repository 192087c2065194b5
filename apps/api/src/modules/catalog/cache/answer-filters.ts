/**
 * The filters of the answers this process computed from its index, checked against the tours
 * each new index read again (decision 150). An answer can differ only if a changed tour counts in
 * it before the change or after: its total, page, facets. Answers of one filter (its pages, sorts,
 * currencies with equal bounds) share one record, and each filter is compiled once, for every
 * index: a takeover reads the changed tours out of the two indexes once (`changedTours`) and tests
 * them against the records of their segments only. It costs nothing per record when no tour a
 * search walks changed, and never compiles anything for the new index. A record the check drops
 * is marked: every entry holding it is then not answered (the LRU forgets it on its next lookup).
 */
import type { CountedTour, TourIndex } from '@gallop/search-index';
import type { IndexTakeover } from './index-takeovers.ts';

/** The filter an index answer was computed for, as the cache checks changed tours against it. */
export interface AnswerFilter {
  /** Answers whose filters have equal keys count the same tours (their pages and sorts differ). */
  readonly key: string;
  /** The segment its search walks (`segmentKeyOf`): tours of another segment count in nothing. */
  readonly segment: string;
  /** Whether any of `tours` (changed tours, as an index held them) may count in the answer. */
  counts(tours: readonly CountedTour[]): boolean;
}

/** What an entry holds of its filter's record: dropped once a change may alter its answers. */
export interface FilterRecord {
  readonly dropped: boolean;
}

interface KeptFilter extends FilterRecord {
  dropped: boolean;
  filter: AnswerFilter;
  /** When an entry last took it (ms): it is forgotten once every such entry is gone. */
  usedAt: number;
}

export interface FilterRegistry {
  /**
   * The record of `filter`'s answers computed from `index`; a record already dropped when
   * `index` is not the one the last takeover made serve (its answers missed that check).
   */
  recordFor(filter: AnswerFilter, index: TourIndex): FilterRecord;
  /** Checks the records against a takeover's changed tours; returns how many it dropped. */
  takeOver(takeover: IndexTakeover): number;
  readonly size: number;
  clear(): void;
}

const NOT_KEPT: FilterRecord = { dropped: true };

export function createFilterRegistry(
  now: () => number,
  /** How long an entry may be answered after it was set (TTL plus stale). */
  keepMs: number,
): FilterRegistry {
  /** The index every kept record stands for: the serving one, as the last takeover said. */
  let serving: TourIndex | undefined;
  const records = new Map<string, KeptFilter>();
  /** The records by the segment their search walks: a changed tour is tested against its own. */
  const bySegment = new Map<string, Map<string, KeptFilter>>();
  let sweptAt = now();

  function drop(record: KeptFilter): void {
    record.dropped = true;
    const { key, segment } = record.filter;
    records.delete(key);
    const kept = bySegment.get(segment);
    kept?.delete(key);
    if (kept?.size === 0) bySegment.delete(segment);
  }

  function dropAll(): number {
    const count = records.size;
    for (const record of records.values()) record.dropped = true;
    records.clear();
    bySegment.clear();
    return count;
  }

  /**
   * Forgets the records no entry can hold any more (last taken longer ago than an entry lives),
   * at most once per `keepMs`: memory only, as a kept record is checked at every takeover.
   */
  function sweep(): void {
    const at = now();
    if (at - sweptAt < keepMs) return;
    sweptAt = at;
    for (const record of records.values()) if (record.usedAt <= at - keepMs) drop(record);
  }

  /** The changed tours by the segment that holds them. */
  function bySegmentOf(tours: readonly CountedTour[]): Map<string, CountedTour[]> {
    const grouped = new Map<string, CountedTour[]>();
    for (const tour of tours) {
      const group = grouped.get(tour.segment);
      if (group) group.push(tour);
      else grouped.set(tour.segment, [tour]);
    }
    return grouped;
  }

  return {
    recordFor(filter, index) {
      if (index !== serving) return NOT_KEPT;
      const known = records.get(filter.key);
      if (known) {
        known.usedAt = now();
        return known;
      }
      const record: KeptFilter = { dropped: false, filter, usedAt: now() };
      records.set(filter.key, record);
      let kept = bySegment.get(filter.segment);
      if (!kept) bySegment.set(filter.segment, (kept = new Map()));
      kept.set(filter.key, record);
      return record;
    },
    takeOver(takeover) {
      const { previous, next, changed } = takeover;
      // The same index again (nothing it reads changed): every answer stands.
      if (previous === next && next === serving) return 0;
      const from = serving;
      serving = next;
      // A full read, or records of an index this check did not follow: none stands.
      if (changed === 'all' || previous !== from || previous === undefined) return dropAll();
      sweep();
      if (records.size === 0) return 0;
      let dropped = 0;
      for (const [segment, tours] of bySegmentOf(takeover.changedTours())) {
        const kept = bySegment.get(segment);
        if (!kept) continue;
        for (const record of kept.values()) {
          if (!record.filter.counts(tours)) continue;
          drop(record);
          dropped += 1;
        }
      }
      return dropped;
    },
    get size() {
      return records.size;
    },
    clear() {
      dropAll();
    },
  };
}
