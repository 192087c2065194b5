/**
 * The fields the search walk reads per tour and per date, interleaved (decision 062). The walk
 * visits tours at scattered positions (a posting list, the union of two, the tours the bitsets
 * leave), and each tour read its summaries from six arrays and its dates from four: a cache miss
 * per array per tour at a million tours. Side by side, a tour's summaries are one 32-byte record
 * and its dates consecutive 16-byte records, so a tour costs a line or two instead of ten.
 *
 * The index keeps its columns too: the structures built from them (ladders, day buckets, posting
 * lists) read one or two columns front to back, where columns are the cheaper layout.
 */
import { keptStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import type { TourIndex } from './tour-index';

/** Slots of a tour's record (`tours[tour * TOUR_STRIDE + slot]`). */
export const FIRST_DAY = 0;
export const LAST_DAY = 1;
export const MIN_PRICE = 2;
export const MAX_PRICE = 3;
export const BUCKETS = 4;
// Slot 5 is left empty: eight slots make a record 32 bytes, so two share a cache line and none
// straddles one.
/** The tour's dates are date records `[DATES_FROM, DATES_TO)`. */
export const DATES_FROM = 6;
export const DATES_TO = 7;
export const TOUR_STRIDE = 8;

/** Slots of a date's record (`dates[date * DATE_STRIDE + slot]`). */
export const START_DAY = 0;
export const DAYS = 1;
export const PRICE = 2;
export const PER_DAY = 3;
export const DATE_STRIDE = 4;

interface WalkRecords {
  tours: Int32Array;
  dates: Int32Array;
}

const records = keptStructure(buildWalkRecords);

/** The records of `index`, built on first use (the preparation builds them before it serves). */
export const walkRecordsOf = records.of;

/** Builds and keeps the records of `index` in steps (`steps.ts`). */
export const walkRecordSteps = records.steps;

function* buildWalkRecords(index: TourIndex): Steps<WalkRecords> {
  const { size, dateOffsets } = index;
  const tours = new Int32Array(size * TOUR_STRIDE);
  yield* chunked(size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      const at = tour * TOUR_STRIDE;
      tours[at + FIRST_DAY] = index.firstDay[tour]!;
      tours[at + LAST_DAY] = index.lastDay[tour]!;
      tours[at + MIN_PRICE] = index.minPrice[tour]!;
      tours[at + MAX_PRICE] = index.maxPrice[tour]!;
      tours[at + BUCKETS] = index.durationBuckets[tour]!;
      tours[at + DATES_FROM] = dateOffsets[tour]!;
      tours[at + DATES_TO] = dateOffsets[tour + 1]!;
    }
  });
  const { startDay, duration, priceUsd, pricePerDayUsd } = index.dates;
  const dates = new Int32Array(startDay.length * DATE_STRIDE);
  yield* chunked(startDay.length, (from, to) => {
    for (let d = from; d < to; d += 1) {
      const at = d * DATE_STRIDE;
      dates[at + START_DAY] = startDay[d]!;
      dates[at + DAYS] = duration[d]!;
      dates[at + PRICE] = priceUsd[d]!;
      dates[at + PER_DAY] = pricePerDayUsd[d]!;
    }
  });
  return { tours, dates };
}
