import { describe, expect, it } from 'vitest';
import { SLIDER_LIMITS, formatPrice, isContractCurrency, sliderLimitsFor } from './index';

describe('slider limits', () => {
  it('follow the spec for every contract currency', () => {
    expect(SLIDER_LIMITS.RUB).toEqual({ priceMax: 200_000, pricePerDayMax: 20_000, step: 1000 });
    expect(SLIDER_LIMITS.KZT.step).toBe(5000);
  });

  it('fall back to USD for an unknown currency', () => {
    expect(sliderLimitsFor('XYZ')).toBe(SLIDER_LIMITS.USD);
  });
});

describe('formatPrice', () => {
  it('shows no decimals', () => {
    expect(formatPrice(1234.56, 'EUR')).toBe('€1,235');
  });

  it('uses the Russian format for RUB', () => {
    // ru-RU groups with a narrow no-break space and puts the sign after the number.
    expect(formatPrice(150000, 'RUB').replace(/\s/g, ' ')).toBe('150 000 ₽');
  });
});

describe('isContractCurrency', () => {
  it('accepts only the contract list', () => {
    expect(isContractCurrency('USD')).toBe(true);
    expect(isContractCurrency('GBP')).toBe(false);
  });
});
