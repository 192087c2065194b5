import { SUPPORTED_CURRENCIES } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from './constants';
import { normalizeFilters } from './fields';
import {
  SLIDER_LIMITS,
  SPEC_SLIDER_LIMITS,
  deriveSliderLimits,
  sliderLimitsFor,
  withinFilterCaps,
} from './slider';

describe('slider limits from the spec', () => {
  it.each([
    ['EUR', 5000, 500, 50],
    ['USD', 5000, 500, 50],
    ['RUB', 200_000, 20_000, 1000],
    ['CNY', 20_000, 2000, 200],
    ['BYN', 10_000, 1000, 100],
  ])('%s: total %d, per day %d, step %d', (currency, priceMax, pricePerDayMax, step) => {
    expect(sliderLimitsFor(currency)).toEqual({ priceMax, pricePerDayMax, step });
    expect(SPEC_SLIDER_LIMITS[currency as keyof typeof SPEC_SLIDER_LIMITS]).toEqual({
      priceMax,
      pricePerDayMax,
      step,
    });
    expect(SLIDER_LIMITS[currency as keyof typeof SLIDER_LIMITS]).toEqual({
      priceMax,
      pricePerDayMax,
      step,
    });
  });

  it("state KZT's table row (1000000 / 100000 / 5000), beyond the filter's caps", () => {
    expect(SPEC_SLIDER_LIMITS.KZT).toEqual({
      priceMax: 1_000_000,
      pricePerDayMax: 100_000,
      step: 5000,
    });
    expect(sliderLimitsFor('KZT')).toEqual({
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      step: 2000,
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
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      step: 2000,
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

describe('slider limits within the filter caps', () => {
  // A slider end the filter cannot take shows a range the search drops: in JPY the label read
  // '¥0 – ¥400,000' while the search, its bound at or above the 200000 cap, listed every tour.
  it.each(['USD', 'EUR', 'RUB', 'CNY', 'BYN', 'KZT', ...SUPPORTED_CURRENCIES])(
    '%s: every slider value below its maximum is a bound the filter keeps',
    (currency) => {
      const { priceMax, pricePerDayMax, step } = sliderLimitsFor(currency);
      expect(priceMax).toBeLessThanOrEqual(FILTER_LIMITS.priceMax);
      expect(pricePerDayMax).toBeLessThanOrEqual(FILTER_LIMITS.pricePerDayMax);
      expect(priceMax % step).toBe(0);
      expect(pricePerDayMax % step).toBe(0);
      const below = priceMax - step;
      const perDayBelow = pricePerDayMax - step / 10;
      expect(normalizeFilters({ priceMax: below, pricePerDayMax: perDayBelow })).toMatchObject({
        priceMax: below,
        pricePerDayMax: perDayBelow,
      });
    },
  );

  it.each([
    ['JPY', 200_000, 30_000, 2000],
    ['KRW', 200_000, 30_000, 2000],
    ['INR', 200_000, 30_000, 2000],
    ['TRY', 200_000, 20_000, 2000],
  ])('%s: total %d, per day %d, step %d', (currency, priceMax, pricePerDayMax, step) => {
    expect(sliderLimitsFor(currency)).toEqual({ priceMax, pricePerDayMax, step });
  });

  it('cap limits derived from a live rate too', () => {
    expect(sliderLimitsFor('JPY', 160)).toEqual({
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      step: 2000,
    });
  });

  it('return limits already within the caps as they are', () => {
    expect(withinFilterCaps(SPEC_SLIDER_LIMITS.RUB)).toBe(SPEC_SLIDER_LIMITS.RUB);
    expect(withinFilterCaps({ priceMax: 100_000, pricePerDayMax: 50_000, step: 1000 })).toEqual({
      priceMax: 100_000,
      pricePerDayMax: 30_000,
      step: 1000,
    });
  });
});
