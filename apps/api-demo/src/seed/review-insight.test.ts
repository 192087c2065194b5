import { describe, expect, it } from 'vitest';
import { horseConditionAggregates, reviewInsight } from './review-insight.ts';

describe('reviewInsight (decision 115)', () => {
  const reviews = Array.from({ length: 400 }, (_, index) => ({
    tourId: 1 + (index % 40),
    index: Math.floor(index / 40),
    rating: 1 + (index % 5),
    createdAt: new Date(Date.UTC(2026, index % 12, 1 + (index % 28), 12)),
    tourLevel: index % 5,
  }));
  const insights = reviews.map((review) => ({
    review,
    insight: reviewInsight(review.tourId, review.index, review, review.tourLevel),
  }));

  it('rides near the tour level, in a month before writing, horses rated near the tour', () => {
    for (const { review, insight } of insights) {
      if (insight.riderLevel !== null) {
        expect(Math.abs(insight.riderLevel - review.tourLevel)).toBeLessThanOrEqual(1);
        expect(insight.riderLevel).toBeGreaterThanOrEqual(0);
        expect(insight.riderLevel).toBeLessThanOrEqual(4);
      }
      expect(insight.rideMonth).toMatch(/^\d{4}-(0[1-9]|1[0-2])-01$/);
      expect(insight.rideMonth <= review.createdAt.toISOString().slice(0, 10)).toBe(true);
      if (insight.horseCondition !== null)
        expect(Math.abs(insight.horseCondition - review.rating)).toBeLessThanOrEqual(1);
    }
  });

  it('leaves some out and varies the rest', () => {
    const levels = insights.map(({ insight }) => insight.riderLevel);
    const horses = insights.map(({ insight }) => insight.horseCondition);
    expect(levels.filter((level) => level === null).length).toBeGreaterThan(10);
    expect(levels.filter((level) => level === null).length).toBeLessThan(80);
    expect(horses.filter((value) => value === null).length).toBeGreaterThan(5);
    expect(new Set(horses).size).toBe(6);
  });

  it('is the same every time', () => {
    const review = { rating: 4, createdAt: new Date('2026-05-10T10:00:00Z') };
    expect(reviewInsight(7, 2, review, 2)).toEqual(reviewInsight(7, 2, review, 2));
  });

  it('averages the given horse ratings as PostgreSQL rounds them', () => {
    expect(horseConditionAggregates([])).toEqual({
      horseConditionRating: null,
      horseConditionCount: 0,
    });
    expect(horseConditionAggregates([4, null, 5])).toEqual({
      horseConditionRating: 4.5,
      horseConditionCount: 2,
    });
    // 13 / 3 = 4.333… -> 4.3; 14 / 3 = 4.666… -> 4.7; 4.25 -> 4.3 (halves away from zero)
    expect(horseConditionAggregates([4, 4, 5]).horseConditionRating).toBe(4.3);
    expect(horseConditionAggregates([4, 5, 5]).horseConditionRating).toBe(4.7);
    expect(horseConditionAggregates([4, 4, 4, 5]).horseConditionRating).toBe(4.3);
  });
});
