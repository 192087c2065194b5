import { describe, expect, it } from 'vitest';
import { defaultCurrencyFor, resolveCurrency } from './choice';

describe('defaultCurrencyFor', () => {
  it('is the locale currency when the site offers it', () => {
    expect(defaultCurrencyFor({ localeCurrency: 'EUR' })).toBe('EUR');
    expect(defaultCurrencyFor({ localeCurrency: 'shf' })).toBe('CHF');
  });

  it('is USD when the locale has none or one the site does not offer', () => {
    expect(defaultCurrencyFor()).toBe('USD');
    expect(defaultCurrencyFor({ localeCurrency: null })).toBe('USD');
    expect(defaultCurrencyFor({ localeCurrency: 'RUB' })).toBe('USD');
    expect(defaultCurrencyFor({ localeCurrency: 'XYZ' })).toBe('USD');
  });

  it('uses the fallback list when the configuration lists no currencies', () => {
    expect(defaultCurrencyFor({ available: [], localeCurrency: 'RUB' })).toBe('RUB');
    expect(defaultCurrencyFor({ available: [], localeCurrency: 'GBP' })).toBe('USD');
  });

  it('takes the first offered currency when a custom list has no USD', () => {
    expect(defaultCurrencyFor({ available: ['EUR', 'GBP'] })).toBe('EUR');
  });
});

describe('resolveCurrency', () => {
  it('lets the stored choice override the locale default', () => {
    expect(resolveCurrency('GBP', { localeCurrency: 'EUR' })).toBe('GBP');
  });

  it('falls back to the default for an empty, unknown or unoffered choice', () => {
    expect(resolveCurrency('', { localeCurrency: 'EUR' })).toBe('EUR');
    expect(resolveCurrency(undefined, { localeCurrency: 'EUR' })).toBe('EUR');
    expect(resolveCurrency('XYZ')).toBe('USD');
    expect(resolveCurrency('KZT')).toBe('USD');
    expect(resolveCurrency('KZT', { available: ['KZT', 'USD'] })).toBe('KZT');
  });
});
