import { describe, expect, it } from 'vitest';
import { tourMonths } from './tour-months';

describe('tourMonths', () => {
  it('lists each month the dates touch once, soonest first, across the year end', () => {
    expect(
      tourMonths([
        { start: '2026-12-28', end: '2027-01-06' },
        { start: '2027-01-10', end: '2027-01-17' },
        { start: '2027-03-30', end: '2027-04-04' },
        { start: '2027-12-01', end: '2027-12-08' },
      ]),
    ).toEqual([12, 1, 3, 4]);
  });

  it('is empty without dates and skips a date it cannot read', () => {
    expect(tourMonths([])).toEqual([]);
    expect(tourMonths([{ start: 'soon', end: '2027-01-06' }])).toEqual([]);
  });
});
