import { describe, expect, it } from 'vitest';
import { ageOn } from './age';

describe('ageOn', () => {
  it('counts whole years, turning a year older on the birthday itself', () => {
    expect(ageOn('1990-07-12', '2026-07-12')).toBe(36);
    expect(ageOn('1990-07-13', '2026-07-12')).toBe(35);
    expect(ageOn('1990-08-01', '2026-07-31')).toBe(35);
  });

  it('reads the date of a longer ISO string', () => {
    expect(ageOn('2010-02-28', '2026-03-01T10:00:00Z')).toBe(16);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageOn('2012-02-29', '2026-02-28')).toBe(13);
    expect(ageOn('2012-02-29', '2026-03-01')).toBe(14);
  });

  it('gives no age without a birthday, for text that is not a date, or a birth after the day', () => {
    expect(ageOn(null, '2026-07-12')).toBeUndefined();
    expect(ageOn(undefined, '2026-07-12')).toBeUndefined();
    expect(ageOn('', '2026-07-12')).toBeUndefined();
    expect(ageOn('not a date', '2026-07-12')).toBeUndefined();
    expect(ageOn('1990-07-12', '')).toBeUndefined();
    expect(ageOn('2027-01-01', '2026-07-12')).toBeUndefined();
    expect(ageOn('2026-07-12', '2026-07-12')).toBe(0);
  });
});
