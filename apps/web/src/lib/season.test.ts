import { describe, expect, it } from 'vitest';
import {
  bestMonths,
  describeReason,
  describeReasons,
  rateDate,
  rateMonth,
  RIDING_SEASON,
  type MonthClimate,
} from './season';

const month = (number: number, high: number, rain: number): MonthClimate => ({
  month: number,
  temperature_max: high,
  precipitation_mm: rain,
});
const rating = (high: number, rain: number) => rateMonth(month(1, high, rain)).rating;

describe('rateMonth', () => {
  it('states the rule it applies', () => {
    expect(RIDING_SEASON).toEqual({
      goodHighMinC: 12,
      goodHighMaxC: 28,
      goodRainMaxMm: 100,
      poorHighAboveC: 32,
      poorHighBelowC: 3,
      poorRainAboveMm: 150,
    });
  });

  it('rates mild, fairly dry months good, both ends of each range included', () => {
    expect(rating(20, 50)).toBe('good');
    expect(rating(12, 0)).toBe('good');
    expect(rating(28, 0)).toBe('good');
    expect(rating(20, 100)).toBe('good');
    expect(rating(12, 100)).toBe('good');
    expect(rating(28, 100)).toBe('good');
    expect(rateMonth(month(1, 20, 50)).reasons).toEqual([]);
  });

  it('rates just outside the good ranges fair', () => {
    expect(rating(11.9, 50)).toBe('fair');
    expect(rating(28.1, 50)).toBe('fair');
    expect(rating(20, 100.5)).toBe('fair');
    // The fair bands: 3-12 °C, 28-32 °C, 100-150 mm, each end on the fair side.
    expect(rating(3, 50)).toBe('fair');
    expect(rating(32, 50)).toBe('fair');
    expect(rating(20, 150)).toBe('fair');
    expect(rating(3, 150)).toBe('fair');
    expect(rating(32, 150)).toBe('fair');
    expect(rateMonth(month(1, 32, 150)).reasons).toEqual([]);
  });

  it('rates a month poor past a limit, with the reason and its figure', () => {
    expect(rateMonth(month(7, 32.1, 10))).toEqual({
      rating: 'poor',
      reasons: [{ kind: 'hot', highC: 32.1 }],
    });
    expect(rateMonth(month(1, 2.9, 10))).toEqual({
      rating: 'poor',
      reasons: [{ kind: 'cold', highC: 2.9 }],
    });
    expect(rateMonth(month(8, 20, 150.1))).toEqual({
      rating: 'poor',
      reasons: [{ kind: 'wet', rainMm: 150.1 }],
    });
    expect(rating(-15, 0)).toBe('poor');
  });

  it('gives every reason of a month that is poor twice over', () => {
    expect(rateMonth(month(7, 35, 300)).reasons).toEqual([
      { kind: 'hot', highC: 35 },
      { kind: 'wet', rainMm: 300 },
    ]);
    expect(rateMonth(month(1, 0, 160)).reasons).toEqual([
      { kind: 'cold', highC: 0 },
      { kind: 'wet', rainMm: 160 },
    ]);
  });
});

describe('bestMonths', () => {
  it('keeps the good months in the normals’ order', () => {
    const months = [
      month(1, 30, 40),
      month(2, 24, 40),
      month(3, 24, 120),
      month(4, 12, 100),
      month(5, 34, 10),
    ];
    expect(bestMonths(months)).toEqual([2, 4]);
  });

  it('finds none in a year without a good month, and none without normals', () => {
    expect(bestMonths([month(1, 35, 0), month(2, 2, 0)])).toEqual([]);
    expect(bestMonths([])).toEqual([]);
  });
});

describe('rateDate', () => {
  const year = [
    month(5, 26, 60),
    month(6, 30, 60),
    month(7, 34, 40),
    month(8, 33, 190),
    month(9, 27, 80),
  ];

  it('rates a date by the month it falls in', () => {
    expect(rateDate({ start: '2027-05-03', end: '2027-05-09' }, year)).toEqual({
      rating: 'good',
      reasons: [],
    });
    expect(rateDate({ start: '2027-06-03', end: '2027-06-09' }, year)?.rating).toBe('fair');
    expect(rateDate({ start: '2027-07-03', end: '2027-07-09' }, year)).toEqual({
      rating: 'poor',
      reasons: [{ kind: 'hot', highC: 34 }],
    });
  });

  it('takes the worst of the months a date runs over', () => {
    expect(rateDate({ start: '2027-05-28', end: '2027-06-04' }, year)?.rating).toBe('fair');
    expect(rateDate({ start: '2027-06-28', end: '2027-07-04' }, year)?.rating).toBe('poor');
  });

  it('names the strongest figure of each reason across its months', () => {
    expect(rateDate({ start: '2027-07-25', end: '2027-08-03' }, year)).toEqual({
      rating: 'poor',
      reasons: [
        { kind: 'hot', highC: 34 },
        { kind: 'wet', rainMm: 190 },
      ],
    });
    const winter = [month(12, 2, 40), month(1, -4, 160)];
    expect(rateDate({ start: '2027-12-28', end: '2028-01-04' }, winter)?.reasons).toEqual([
      { kind: 'cold', highC: -4 },
      { kind: 'wet', rainMm: 160 },
    ]);
  });

  it('reads only the months the normals know, and nothing without them', () => {
    expect(rateDate({ start: '2027-09-28', end: '2027-10-04' }, year)?.rating).toBe('good');
    expect(rateDate({ start: '2027-11-01', end: '2027-11-05' }, year)).toBeUndefined();
    expect(rateDate({ start: '', end: '' }, year)).toBeUndefined();
  });
});

describe('describeReason', () => {
  it('says why in words, in the visitor’s units', () => {
    expect(describeReason({ kind: 'hot', highC: 34.3 }, 'metric')).toBe('Hot: 34\u00a0°C highs');
    expect(describeReason({ kind: 'cold', highC: -0.4 }, 'metric')).toBe('Cold: 0\u00a0°C highs');
    expect(describeReason({ kind: 'wet', rainMm: 180.4 }, 'metric')).toBe(
      'Wet: 180\u00a0mm of rain',
    );
    expect(describeReason({ kind: 'hot', highC: 35 }, 'imperial')).toBe('Hot: 95\u00a0°F highs');
    expect(describeReason({ kind: 'wet', rainMm: 203.2 }, 'imperial')).toBe(
      'Wet: 8.0\u00a0in of rain',
    );
  });

  it('joins every reason of a verdict', () => {
    expect(
      describeReasons(
        {
          rating: 'poor',
          reasons: [
            { kind: 'hot', highC: 34 },
            { kind: 'wet', rainMm: 190 },
          ],
        },
        'metric',
      ),
    ).toBe('Hot: 34\u00a0°C highs · Wet: 190\u00a0mm of rain');
    expect(describeReasons({ rating: 'good', reasons: [] }, 'metric')).toBe('');
  });
});
