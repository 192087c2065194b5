/**
 * What a demo review tells the next rider (decision 115): the reviewer's level, the month they
 * rode and the horses' condition. Derived from the review's place in its tour and facts already
 * drawn (its rating, its day, the tour's level), never from the random stream: drawing here would
 * shift every tour generated after it.
 */
import { addDays } from './dates.ts';

export interface ReviewInsight {
  riderLevel: number | null;
  rideMonth: string;
  horseCondition: number | null;
}

/** A well-mixed 32-bit number of two integers (a small integer hash). */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * Most reviewers ride at the tour's level, some a level below or above; one in ten leaves it out.
 * They rode between three days and six weeks before writing. Nine in ten rate the horses, mostly
 * as they rate the tour (a tour that disappoints seldom has horses that delight).
 */
export function reviewInsight(
  tourId: number,
  index: number,
  review: { rating: number; createdAt: Date },
  tourLevel: number,
): ReviewInsight {
  const h = mix(tourId, index);
  const levelRoll = h % 10;
  const riderLevel =
    levelRoll === 0
      ? null
      : Math.min(4, Math.max(0, tourLevel + (levelRoll <= 2 ? -1 : levelRoll >= 8 ? 1 : 0)));
  const rodeDay = addDays(review.createdAt.toISOString().slice(0, 10), -(3 + ((h >>> 4) % 40)));
  const horseRoll = (h >>> 10) % 20;
  const horseCondition =
    horseRoll < 2
      ? null
      : Math.min(5, Math.max(1, review.rating + (horseRoll < 5 ? -1 : horseRoll >= 16 ? 1 : 0)));
  return { riderLevel, rideMonth: `${rodeDay.slice(0, 7)}-01`, horseCondition };
}

/**
 * The tour's horse-condition aggregate as the aggregate refresh computes it: the average of the
 * given ratings to a tenth (`round(avg(...)::numeric, 1)`, halves away from zero, in integers)
 * and how many gave one.
 */
export function horseConditionAggregates(conditions: readonly (number | null | undefined)[]): {
  horseConditionRating: number | null;
  horseConditionCount: number;
} {
  const given = conditions.filter((value): value is number => typeof value === 'number');
  const sum = given.reduce((total, value) => total + value, 0);
  return {
    horseConditionRating:
      given.length === 0 ? null : Math.floor((20 * sum + given.length) / (2 * given.length)) / 10,
    horseConditionCount: given.length,
  };
}
