import { SUPPORTED_CURRENCIES } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import { filterCapsFor } from './caps';
import { normalizeFilters } from './fields';
import {
  SLIDER_LIMITS,
  SPEC_SLIDER_LIMITS,
  UNCAPPED_SLIDER_LIMITS,
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

  it("give KZT its table row (1000000 / 100000 / 5000), within KZT's own caps", () => {
    const row = { priceMax: 1_000_000, pricePerDayMax: 100_000, step: 5000 };
    expect(SPEC_SLIDER_LIMITS.KZT).toEqual(row);
    expect(sliderLimitsFor('KZT')).toEqual(row);
    expect(sliderLimitsFor('kzt')).toEqual(row);
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

describe('slider limits within the filter caps', () => {
  // A slider end the filter cannot take shows a range the search drops; and a cap below the
  // slider's end makes the filter useless: JPY, KRW, INR and KZT were squeezed to 200000 (about
  // US$1290, US$138, US$2260 and US$400) until decision 176 gave each currency its own caps.
  it.each(['USD', 'EUR', 'RUB', 'CNY', 'BYN', 'KZT', ...SUPPORTED_CURRENCIES])(
    '%s: every slider value up to its maximum is a bound the filter keeps in that currency',
    (currency) => {
      const { priceMax, pricePerDayMax, step } = sliderLimitsFor(currency);
      const caps = filterCapsFor(currency);
      expect(priceMax).toBeLessThanOrEqual(caps.priceMax);
      expect(pricePerDayMax).toBeLessThanOrEqual(caps.pricePerDayMax);
      expect(priceMax % step).toBe(0);
      expect(pricePerDayMax % step).toBe(0);
      const below = priceMax - step;
      const perDayBelow = pricePerDayMax - step / 10;
      expect(
        normalizeFilters({ priceMax: below, pricePerDayMax: perDayBelow }, currency),
      ).toMatchObject({ priceMax: below, pricePerDayMax: perDayBelow });
      // The slider's own end is a bound too wherever the cap lies beyond it.
      const atEnd = normalizeFilters({ priceMax, pricePerDayMax }, currency);
      expect(atEnd.priceMax).toBe(priceMax < caps.priceMax ? priceMax : undefined);
      expect(atEnd.pricePerDayMax).toBe(
        pricePerDayMax < caps.pricePerDayMax ? pricePerDayMax : undefined,
      );
    },
  );

  it.each([
    ['JPY', 1_000_000, 100_000, 10_000],
    ['KRW', 10_000_000, 1_000_000, 100_000],
    ['INR', 500_000, 50_000, 5000],
    ['KZT', 1_000_000, 100_000, 5000],
    ['TRY', 200_000, 20_000, 2000],
  ])(
    '%s: total %d, per day %d, step %d (its full derivation)',
    (currency, priceMax, pricePerDayMax, step) => {
      const limits = { priceMax, pricePerDayMax, step };
      expect(sliderLimitsFor(currency)).toEqual(limits);
      expect(SLIDER_LIMITS[currency as keyof typeof SLIDER_LIMITS]).toEqual(limits);
      expect(UNCAPPED_SLIDER_LIMITS[currency as keyof typeof UNCAPPED_SLIDER_LIMITS]).toEqual(
        limits,
      );
    },
  );

  it('never bring the table or the approximate rates down: caps are at least the slider', () => {
    for (const [currency, limits] of Object.entries(UNCAPPED_SLIDER_LIMITS)) {
      expect(withinFilterCaps(limits, currency)).toBe(limits);
      expect(SLIDER_LIMITS[currency as keyof typeof SLIDER_LIMITS]).toBe(limits);
    }
  });

  it("cap limits derived from a live rate at the currency's caps", () => {
    // A yen at 160 derives the approximate rate's limits.
    expect(sliderLimitsFor('JPY', 160)).toEqual({
      priceMax: 1_000_000,
      pricePerDayMax: 100_000,
      step: 10_000,
    });
    // A yen at 400 would derive 20000 / 2000000 / 200000: past JPY's caps, brought down to them.
    expect(sliderLimitsFor('JPY', 400)).toEqual({
      priceMax: 1_000_000,
      pricePerDayMax: 100_000,
      step: 10_000,
    });
    // A pound at 100 would derive 5000 / 500000 / 50000: past GBP's (the spec's) caps.
    expect(sliderLimitsFor('GBP', 100)).toEqual({
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      step: 2000,
    });
  });

  it("bring limits down to the spec's caps without a currency, as before", () => {
    expect(withinFilterCaps(SPEC_SLIDER_LIMITS.RUB)).toBe(SPEC_SLIDER_LIMITS.RUB);
    expect(withinFilterCaps({ priceMax: 100_000, pricePerDayMax: 50_000, step: 1000 })).toEqual({
      priceMax: 100_000,
      pricePerDayMax: 30_000,
      step: 1000,
    });
    expect(withinFilterCaps(SPEC_SLIDER_LIMITS.KZT)).toEqual({
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      step: 2000,
    });
    expect(withinFilterCaps(SPEC_SLIDER_LIMITS.KZT, 'KZT')).toBe(SPEC_SLIDER_LIMITS.KZT);
    expect(withinFilterCaps(SPEC_SLIDER_LIMITS.KZT, 'XYZ')).toEqual(
      withinFilterCaps(SPEC_SLIDER_LIMITS.KZT),
    );
  });
});
