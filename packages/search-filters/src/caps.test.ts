import { CURRENCY_CODES, SUPPORTED_CURRENCIES } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import { FILTER_LIMITS } from './constants';
import { normalizeFilters, readFilterFields } from './fields';
import { filtersToQuery, queryToFilters } from './query';
import { LARGEST_FILTER_CAPS, filterCapsFor } from './caps';
import {
  APPROXIMATE_USD_RATES,
  FILTER_CAPS,
  SLIDER_LIMITS,
  UNCAPPED_SLIDER_LIMITS,
  deriveSliderLimits,
  sliderLimitsFor,
} from './slider';

/** Units of each currency per US dollar (late 2025): the approximate rates, the spec's currencies'. */
const USD_RATES: Record<string, number> = {
  ...APPROXIMATE_USD_RATES,
  USD: 1,
  EUR: 0.86,
  RUB: 80,
  CNY: 7.1,
  BYN: 3,
  KZT: 520,
};

describe('filter caps per currency (decision 176)', () => {
  it.each([
    ['USD', 200_000, 30_000],
    ['EUR', 200_000, 30_000],
    ['RUB', 500_000, 50_000],
    ['CNY', 200_000, 30_000],
    ['BYN', 200_000, 30_000],
    ['GBP', 200_000, 30_000],
    ['TRY', 200_000, 30_000],
    ['KZT', 2_000_000, 200_000],
    ['JPY', 1_000_000, 100_000],
    ['INR', 500_000, 50_000],
    ['KRW', 10_000_000, 1_000_000],
  ])('%s: total %d, per day %d', (currency, priceMax, pricePerDayMax) => {
    expect(filterCapsFor(currency)).toEqual({ priceMax, pricePerDayMax });
    expect(filterCapsFor(currency.toLowerCase())).toEqual({ priceMax, pricePerDayMax });
  });

  it('are, for every currency, the largest of the spec’s, its slider’s and the USD slider’s dollars', () => {
    // The rule of decision 176, derived again: `filterCapsFor` keeps its outcome as a table.
    for (const currency of CURRENCY_CODES) {
      const slider = UNCAPPED_SLIDER_LIMITS[currency];
      const derived = deriveSliderLimits(USD_RATES[currency]!);
      expect(filterCapsFor(currency), currency).toEqual({
        priceMax: Math.max(FILTER_LIMITS.priceMax, slider.priceMax, derived.priceMax),
        pricePerDayMax: Math.max(
          FILTER_LIMITS.pricePerDayMax,
          slider.pricePerDayMax,
          derived.pricePerDayMax,
        ),
      });
    }
  });

  it('read no property of a plain object as a currency', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', ' krw ']) {
      const caps = filterCapsFor(name);
      expect(caps, name).toEqual(
        name === ' krw ' ? LARGEST_FILTER_CAPS : { priceMax: 200_000, pricePerDayMax: 30_000 },
      );
    }
  });

  it('exist for every currency Gallop knows', () => {
    expect(Object.keys(FILTER_CAPS).sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it("are never below the spec's caps, and reach at least each currency's slider", () => {
    for (const currency of CURRENCY_CODES) {
      const caps = filterCapsFor(currency);
      const slider = SLIDER_LIMITS[currency];
      expect(caps.priceMax).toBeGreaterThanOrEqual(FILTER_LIMITS.priceMax);
      expect(caps.pricePerDayMax).toBeGreaterThanOrEqual(FILTER_LIMITS.pricePerDayMax);
      expect(caps.priceMax).toBeGreaterThanOrEqual(slider.priceMax);
      expect(caps.pricePerDayMax).toBeGreaterThanOrEqual(slider.pricePerDayMax);
    }
  });

  it("cover at least the USD slider's dollars (5000 total, 500 a day) in every currency", () => {
    for (const currency of CURRENCY_CODES) {
      const rate = USD_RATES[currency];
      expect(rate, currency).toBeDefined();
      const caps = filterCapsFor(currency);
      // Within the rounding of the 1-2-5 derivation (a step rounds down by at most √2.5).
      expect(caps.priceMax / rate!, currency).toBeGreaterThanOrEqual(5000 / Math.sqrt(2.5));
      expect(caps.pricePerDayMax / rate!, currency).toBeGreaterThanOrEqual(500 / Math.sqrt(2.5));
    }
    // The ones the spec's caps squeezed: each now reaches thousands of dollars.
    expect(filterCapsFor('KRW').priceMax / USD_RATES.KRW!).toBeGreaterThan(6000);
    expect(filterCapsFor('JPY').priceMax / USD_RATES.JPY!).toBeGreaterThan(6000);
    expect(filterCapsFor('KZT').priceMax / USD_RATES.KZT!).toBeGreaterThan(3800);
    expect(filterCapsFor('RUB').priceMax / USD_RATES.RUB!).toBeGreaterThan(6000);
    expect(filterCapsFor('INR').priceMax / USD_RATES.INR!).toBeGreaterThan(5000);
  });

  it("give the default currency's (the spec's) caps without a currency or for an unknown one", () => {
    const spec = { priceMax: FILTER_LIMITS.priceMax, pricePerDayMax: FILTER_LIMITS.pricePerDayMax };
    expect(filterCapsFor()).toEqual(spec);
    expect(filterCapsFor('XYZ')).toEqual(spec);
    expect(filterCapsFor('')).toEqual(spec);
    expect(filterCapsFor('shf')).toEqual(filterCapsFor('CHF'));
  });

  it('take caps given as they are', () => {
    const caps = { priceMax: 7, pricePerDayMax: 3 };
    expect(filterCapsFor(caps)).toBe(caps);
  });

  it("are largest for KRW: the contract's maximum", () => {
    expect(LARGEST_FILTER_CAPS).toEqual({ priceMax: 10_000_000, pricePerDayMax: 1_000_000 });
    for (const caps of Object.values(FILTER_CAPS)) {
      expect(caps.priceMax).toBeLessThanOrEqual(LARGEST_FILTER_CAPS.priceMax);
      expect(caps.pricePerDayMax).toBeLessThanOrEqual(LARGEST_FILTER_CAPS.pricePerDayMax);
    }
  });
});

describe('normalizeFilters in a currency', () => {
  it('keeps a KRW search of ₩3,000,000, which the spec’s caps drop', () => {
    expect(normalizeFilters({ priceMax: 3_000_000 }, 'KRW').priceMax).toBe(3_000_000);
    expect(normalizeFilters({ priceMax: 3_000_000 }).priceMax).toBeUndefined();
    expect(normalizeFilters({ priceMax: 3_000_000 }, 'USD').priceMax).toBeUndefined();
  });

  it.each(CURRENCY_CODES)(
    '%s: clamps to its caps, and a maximum at or above its cap restricts nothing',
    (currency) => {
      const { priceMax: cap, pricePerDayMax: dayCap } = filterCapsFor(currency);
      const read = (input: Record<string, unknown>) => normalizeFilters(input, currency);
      expect(read({ priceMax: cap - 1, pricePerDayMax: dayCap - 1 })).toMatchObject({
        priceMax: cap - 1,
        pricePerDayMax: dayCap - 1,
      });
      for (const over of [cap, cap + 1, cap * 10]) {
        expect(read({ priceMax: over }).priceMax).toBeUndefined();
        expect(read({ priceMin: over }).priceMin).toBe(cap);
      }
      for (const over of [dayCap, dayCap + 1, dayCap * 10]) {
        expect(read({ pricePerDayMax: over }).pricePerDayMax).toBeUndefined();
        expect(read({ pricePerDayMin: over }).pricePerDayMin).toBe(dayCap);
      }
      // A minimum of 0 restricts nothing in any currency; negatives clamp to 0.
      expect(read({ priceMin: 0, pricePerDayMin: -4 })).not.toHaveProperty('priceMin');
      expect(read({ priceMax: -4 }).priceMax).toBe(0);
      // A reversed range is read the right way round, within the currency's caps.
      expect(read({ priceMin: cap * 2, priceMax: cap - 10 })).toMatchObject({
        priceMin: cap - 10,
      });
      expect(read({ priceMin: cap * 2, priceMax: cap - 10 })).not.toHaveProperty('priceMax');
    },
  );

  it('reads the same as without a currency for every currency with the spec’s caps', () => {
    const input = { priceMin: '150000', priceMax: 250_000, pricePerDayMax: 29_999, days: 3 };
    for (const currency of ['USD', 'EUR', 'CNY', 'GBP', undefined]) {
      expect(normalizeFilters(input, currency)).toEqual(normalizeFilters(input));
    }
  });

  it('takes caps instead of a currency: LARGEST_FILTER_CAPS keeps any bound some currency takes', () => {
    expect(normalizeFilters({ priceMax: 9_999_999 }, LARGEST_FILTER_CAPS).priceMax).toBe(9_999_999);
    expect(
      normalizeFilters({ priceMax: 10_000_000 }, LARGEST_FILTER_CAPS).priceMax,
    ).toBeUndefined();
  });

  it('leaves every other field alone', () => {
    const input = { cities: '2,1', daysMax: 25, minAge: 18, page: 0, priceMax: 5_000_000 };
    const { priceMax, ...krw } = normalizeFilters(input, 'KRW');
    expect(priceMax).toBe(5_000_000);
    expect(krw).toEqual(normalizeFilters(input));
  });

  it('applies to the field readers, the query and its reading back', () => {
    expect(readFilterFields({ priceMin: 4_000_000, priceMax: 3_000_000 }, 'KRW')).toMatchObject({
      priceMin: 4_000_000,
      priceMax: 3_000_000,
    });
    expect(readFilterFields({ priceMin: 4_000_000, priceMax: 3_000_000 })).toMatchObject({
      priceMin: 200_000,
    });
    const query = filtersToQuery({ priceMax: 3_000_000, pricePerDayMax: 400_000 }, 'KRW');
    expect(query).toEqual({ priceMax: '3000000', pricePerDayMax: '400000' });
    expect(filtersToQuery({ priceMax: 3_000_000, pricePerDayMax: 400_000 })).toEqual({});
    expect(queryToFilters('?priceMax=3000000&pricePerDayMax=400000', 'KRW')).toMatchObject({
      priceMax: 3_000_000,
      pricePerDayMax: 400_000,
    });
    expect(queryToFilters({ priceMax: '3000000' }, 'KRW').priceMax).toBe(3_000_000);
    expect(queryToFilters('?priceMax=3000000').priceMax).toBeUndefined();
  });

  it.each(SUPPORTED_CURRENCIES)(
    '%s: the slider’s every step is a bound the filter keeps',
    (currency) => {
      const { priceMax, pricePerDayMax, step } = sliderLimitsFor(currency);
      const dayStep = Math.max(1, step / 10);
      for (let value = step; value < priceMax; value += step) {
        expect(normalizeFilters({ priceMax: value }, currency).priceMax).toBe(value);
      }
      for (let value = dayStep; value < pricePerDayMax; value += dayStep) {
        expect(normalizeFilters({ pricePerDayMax: value }, currency).pricePerDayMax).toBe(value);
      }
    },
  );
});
