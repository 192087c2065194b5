import { describe, expect, it } from 'vitest';
import { FILTER_LIMITS, clamp, normalizeMinAge, normalizePage } from './limits';

describe('clamp', () => {
  it('keeps values inside the range', () => {
    expect(clamp(1500, 0, FILTER_LIMITS.priceMax)).toBe(1500);
  });

  it('caps price at 200000 and floors at 0', () => {
    expect(clamp(250_000, 0, FILTER_LIMITS.priceMax)).toBe(200_000);
    expect(clamp(-5, 0, FILTER_LIMITS.priceMax)).toBe(0);
  });

  it('reads numeric strings and rejects the rest', () => {
    expect(clamp('25', 0, FILTER_LIMITS.daysMax)).toBe(20);
    expect(clamp('abc', 0, FILTER_LIMITS.daysMax)).toBe(0);
    expect(clamp(Number.NaN, 0, FILTER_LIMITS.daysMax)).toBe(0);
  });
});

describe('normalizeMinAge', () => {
  it.each([
    [12, 12],
    ['7', 7],
    ['x', 0],
    [-1, 0],
    [18, 0],
    [40, 0],
  ])('%s becomes %s', (input, expected) => {
    expect(normalizeMinAge(input)).toBe(expected);
  });
});

describe('normalizePage', () => {
  it('is at least 1', () => {
    expect(normalizePage(0)).toBe(1);
    expect(normalizePage('3')).toBe(3);
    expect(normalizePage(undefined)).toBe(1);
  });
});
