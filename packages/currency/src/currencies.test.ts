import { describe, expect, it } from 'vitest';
import {
  CONTRACT_CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  FALLBACK_CURRENCIES,
  SUPPORTED_CURRENCIES,
  isContractCurrency,
  isCurrencyCode,
  isSupportedCurrency,
  parseCurrency,
} from './currencies';

describe('currency lists', () => {
  it('match the spec: contract list, site list with CHF for SHF, default and fallback', () => {
    expect(CONTRACT_CURRENCIES).toEqual(['EUR', 'USD', 'RUB', 'BYN', 'KZT', 'CNY']);
    expect(SUPPORTED_CURRENCIES).toEqual([
      'USD',
      'EUR',
      'AED',
      'CAD',
      'AUD',
      'SGD',
      'NZD',
      'GBP',
      'CHF',
      'TRY',
      'CNY',
      'JPY',
      'KRW',
      'INR',
    ]);
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(FALLBACK_CURRENCIES).toEqual(['RUB', 'EUR', 'USD']);
  });

  it('know every currency of both lists once', () => {
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect([...CURRENCY_CODES].sort()).toEqual(
      [...new Set([...CONTRACT_CURRENCIES, ...SUPPORTED_CURRENCIES])].sort(),
    );
  });
});

describe('guards', () => {
  it('tell the lists apart', () => {
    expect(isContractCurrency('RUB')).toBe(true);
    expect(isContractCurrency('GBP')).toBe(false);
    expect(isSupportedCurrency('GBP')).toBe(true);
    expect(isSupportedCurrency('RUB')).toBe(false);
    expect(isCurrencyCode('KZT')).toBe(true);
    expect(isCurrencyCode('SHF')).toBe(false);
    expect(isCurrencyCode(840)).toBe(false);
  });
});

describe('parseCurrency', () => {
  it.each([
    ['EUR', 'EUR'],
    [' eur ', 'EUR'],
    ['SHF', 'CHF'],
    ['shf', 'CHF'],
    ['XYZ', undefined],
    ['', undefined],
    [undefined, undefined],
    [42, undefined],
  ])('%j gives %j', (input, expected) => {
    expect(parseCurrency(input)).toBe(expected);
  });
});
