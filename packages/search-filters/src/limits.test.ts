import { describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from './constants';
import { clamp, normalizeMinAge, normalizePage, toNumber } from './limits';

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
    // Beyond the last page the API serves: that page (the search then shows its last one).
    expect(normalizePage(2 ** 53)).toBe(10_000);
  });
});

describe('toNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 1.5 ', 1.5],
    ['1e3', 1000],
    ['-0', 0],
    ['', undefined],
    ['abc', undefined],
    ['0x10', undefined],
    ['12px', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [true, undefined],
    [null, undefined],
    [[3], undefined],
  ])('%j reads as %j', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });

  it('turns -0 into 0', () => {
    expect(Object.is(toNumber(-0), 0)).toBe(true);
  });
});
