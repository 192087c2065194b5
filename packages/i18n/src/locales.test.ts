import { describe, expect, it } from 'vitest';
import { dateLocaleFor, weekStartsOn } from './dates';
import { formatNumber } from './format-number';
import { AVAILABLE_LOCALES, DEFAULT_LOCALE, isLocale } from './locales';
import { NON_METRIC_COUNTRY_IDS, isMetricCountry, measurementSystem } from './metric';

describe('locales', () => {
  it('offer English only, with en-US as the default', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(AVAILABLE_LOCALES).toEqual(['en-US']);
    expect(isLocale('de')).toBe(true);
    expect(isLocale('fr')).toBe(false);
    expect(isLocale('toString')).toBe(false);
  });

  it('start the week on Monday in ru, zh-CN and de, on Sunday in en-US', () => {
    expect(weekStartsOn('ru')).toBe(1);
    expect(weekStartsOn('zh-CN')).toBe(1);
    expect(weekStartsOn('de')).toBe(1);
    expect(weekStartsOn('en-US')).toBe(0);
    expect(weekStartsOn('xx')).toBe(0);
  });

  it('take date locales from date-fns', () => {
    expect(dateLocaleFor('de').code).toBe('de');
    expect(dateLocaleFor('zh-CN').code).toBe('zh-CN');
    expect(dateLocaleFor('ru').code).toBe('ru');
    expect(dateLocaleFor('unknown').code).toBe('en-US');
  });

  it('format numbers per locale', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'de')).toBe('1.234.567,5');
  });
});

describe('country metric system', () => {
  it('is non-metric for 31, 114 and 228 only', () => {
    expect(NON_METRIC_COUNTRY_IDS).toEqual([31, 114, 228]);
    for (const id of [31, 114, 228, '228']) expect(isMetricCountry(id)).toBe(false);
    for (const id of [0, 1, 30, 32, 113, 115, 227, 229, null, undefined])
      expect(isMetricCountry(id)).toBe(true);
    expect(measurementSystem(114)).toBe('imperial');
    expect(measurementSystem(7)).toBe('metric');
  });
});
