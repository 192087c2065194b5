import { SUPPORTED_CURRENCIES } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import { SLIDER_LIMITS, SPEC_SLIDER_LIMITS, deriveSliderLimits, sliderLimitsFor } from './slider';

describe('slider limits from the spec', () => {
  it.each([
    ['EUR', 5000, 500, 50],
    ['USD', 5000, 500, 50],
    ['RUB', 200_000, 20_000, 1000],
    ['CNY', 20_000, 2000, 200],
    ['BYN', 10_000, 1000, 100],
    ['KZT', 1_000_000, 100_000, 5000],
  ])('%s: total %d, per day %d, step %d', (currency, priceMax, pricePerDayMax, step) => {
    expect(sliderLimitsFor(currency)).toEqual({ priceMax, pricePerDayMax, step });
    expect(SLIDER_LIMITS[currency as keyof typeof SLIDER_LIMITS]).toEqual({
      priceMax,
      pricePerDayMax,
      step,
    });
  });

  it('keep the spec limits even when a live rate is passed', () => {
    expect(sliderLimitsFor('RUB', 95)).toBe(SPEC_SLIDER_LIMITS.RUB);
  });
});

describe('derived slider limits', () => {
  it('convert the USD step at the rate, round it to 1-2-5 and keep the USD proportions', () => {
    expect(deriveSliderLimits(1)).toEqual({ priceMax: 5000, pricePerDayMax: 500, step: 50 });
    expect(deriveSliderLimits(0.76)).toEqual({ priceMax: 5000, pricePerDayMax: 500, step: 50 });
    expect(deriveSliderLimits(3.67)).toEqual({ priceMax: 20_000, pricePerDayMax: 2000, step: 200 });
    expect(deriveSliderLimits(155)).toEqual({
      priceMax: 1_000_000,
      pricePerDayMax: 100_000,
      step: 10_000,
    });
    expect(deriveSliderLimits(1450)).toEqual({
      priceMax: 10_000_000,
      pricePerDayMax: 1_000_000,
      step: 100_000,
    });
  });

  it('fall back to USD for a rate that is not a positive number', () => {
    expect(deriveSliderLimits(0)).toEqual(SPEC_SLIDER_LIMITS.USD);
    expect(deriveSliderLimits(-2)).toEqual(SPEC_SLIDER_LIMITS.USD);
    expect(deriveSliderLimits(Number.NaN)).toEqual(SPEC_SLIDER_LIMITS.USD);
  });

  it('exist for every supported currency, stepping evenly to the maxima', () => {
    for (const currency of SUPPORTED_CURRENCIES) {
      const { priceMax, pricePerDayMax, step } = sliderLimitsFor(currency);
      expect(step).toBeGreaterThan(0);
      expect(priceMax % step).toBe(0);
      expect(pricePerDayMax % step).toBe(0);
    }
    expect(sliderLimitsFor('JPY')).toEqual({
      priceMax: 1_000_000,
      pricePerDayMax: 100_000,
      step: 10_000,
    });
    expect(sliderLimitsFor('shf')).toEqual(SLIDER_LIMITS.CHF);
  });

  it('use a live rate for a currency outside the spec table', () => {
    expect(sliderLimitsFor('GBP', 2)).toEqual({
      priceMax: 10_000,
      pricePerDayMax: 1000,
      step: 100,
    });
  });

  it('give the USD limits for an unknown currency', () => {
    expect(sliderLimitsFor('XYZ')).toBe(SPEC_SLIDER_LIMITS.USD);
  });
});
