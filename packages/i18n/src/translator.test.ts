import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  const messages = {
    'validation.min': 'Minimum {length} characters',
    'truncate.show_button': 'Show more',
    'photo_preview.more_photos': { one: '{count} more photo', other: '{count} more photos' },
    'cart.items': { zero: 'No items', one: 'One item', other: '{count} items' },
  };

  it('returns the message for a known key', () => {
    const t = createTranslator(messages);
    expect(t('truncate.show_button')).toBe('Show more');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const t = createTranslator({ ...messages, mixed: '{a} and {b}' });
    expect(t('validation.min', { length: 8 })).toBe('Minimum 8 characters');
    expect(t('mixed', { a: 1 })).toBe('1 and {b}');
    expect(t('mixed', { a: '{b}', b: 2 })).toBe('{b} and 2');
  });

  it('picks the plural form with Intl.PluralRules', () => {
    const t = createTranslator(messages);
    expect(t('photo_preview.more_photos', { count: 1 })).toBe('1 more photo');
    expect(t('photo_preview.more_photos', { count: 2 })).toBe('2 more photos');
    expect(t('photo_preview.more_photos', { count: 0 })).toBe('0 more photos');
    expect(t('photo_preview.more_photos')).toBe('{count} more photos');
  });

  it('uses an explicit zero form for 0 only', () => {
    const t = createTranslator(messages);
    expect(t('cart.items', { count: 0 })).toBe('No items');
    expect(t('cart.items', { count: 1 })).toBe('One item');
    expect(t('cart.items', { count: 5 })).toBe('5 items');
  });

  it('follows the locale’s plural rules', () => {
    const ru = createTranslator(
      {
        apples: {
          one: '{count} яблоко',
          few: '{count} яблока',
          many: '{count} яблок',
          other: '{count} яблока',
        },
      },
      { locale: 'ru' },
    );
    expect(ru('apples', { count: 1 })).toBe('1 яблоко');
    expect(ru('apples', { count: 3 })).toBe('3 яблока');
    expect(ru('apples', { count: 11 })).toBe('11 яблок');
    expect(ru('apples', { count: 21 })).toBe('21 яблоко');
  });

  it('shows the key itself and warns once when a key is missing', () => {
    const onMissingKey = vi.fn();
    const t = createTranslator(messages, { onMissingKey });
    expect(t('pagination.load_more_btn')).toBe('pagination.load_more_btn');
    t('pagination.load_more_btn');
    expect(onMissingKey).toHaveBeenCalledTimes(1);
    expect(onMissingKey).toHaveBeenCalledWith('pagination.load_more_btn');
  });

  it('warns on the console by default and ignores inherited properties', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = createTranslator(messages);
    expect(t('toString')).toBe('toString');
    expect(warn).toHaveBeenCalledWith('[i18n] missing key: toString');
  });
});
