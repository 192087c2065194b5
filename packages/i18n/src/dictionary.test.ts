import { describe, expect, it, vi } from 'vitest';
import { messagesFor, translatorFor } from './dictionaries';
import { en } from './messages/en';

const SECTION_8_KEYS = [
  'pagination.total_text',
  'pagination.load_more_btn',
  'pagination.prev_btn',
  'pagination.next_btn',
  'truncate.show_button',
  'truncate.hide_button',
  'input_phone.search_country_text',
  'input_phone.not_found_code_text',
  'input_phone.not_found_country_text',
  'input_phone.use_code_button',
  'input_phone.country_missmatch_hint',
  'input_phone.confirm_button',
  'calendar.select_dates_title',
  'calendar.close_button',
  'calendar.apply_button',
];

const texts = Object.values(en).flatMap((message) =>
  typeof message === 'string' ? [message] : Object.values(message),
);

describe('the English dictionary', () => {
  it('has every key the error catalogue names (docs/product.md, Errors), with real wording', () => {
    for (const key of SECTION_8_KEYS) {
      const message = en[key as keyof typeof en];
      expect(message, key).toBeTypeOf('string');
      expect(message).not.toBe(key);
      expect(String(message).trim().length).toBeGreaterThan(1);
    }
  });

  it('has the default labels of docs/product.md, Constants', () => {
    for (const label of [
      'Show more',
      'Next',
      'Previous',
      'Read more',
      'Hide',
      'Select dates',
      'Go back',
      'Apply',
    ]) {
      expect(texts).toContain(label);
    }
  });

  it('has the texts of the error catalogue', () => {
    for (const text of [
      'Error',
      'Please try again later',
      'Page not found',
      'Something went wrong',
      'Access is denied',
      'Nothing found',
      'Loading...',
      'No data to show',
      'Nothing found based on your search',
      'Try searching by code',
      'Error while saving data',
      'Success',
      'The data has been successfully saved.',
      'This page is no longer available because the tour dates have passed',
    ]) {
      expect(texts).toContain(text);
    }
    expect(en['error.microphone_denied']).toMatch(/microphone/i);
    expect(en['error.sms_unavailable']).toMatch(/text message/i);
  });

  it('has the validation messages of docs/product.md, Validation', () => {
    const t = translatorFor('en-US');
    expect(t('validation.required')).toBe('Required field');
    expect(t('validation.email')).toBe('Please enter a valid e-mail');
    expect(t('validation.confirmed')).toBe('Do not match');
    expect(t('validation.min', { length: 8 })).toBe('Minimum 8 characters');
    expect(t('validation.max', { length: 64 })).toBe('Maximum 64 characters');
    expect(t('validation.minValue', { min: 1 })).toBe('Minimum 1');
    expect(t('validation.maxValue', { max: 20 })).toBe('Maximum 20');
    expect(t('validation.phone')).toBe('Please enter a valid phone number');
    expect(t('validation.url')).toBe('Incorrect url');
    expect(t('validation.default')).toBe('Incorrect value');
    expect(t('input_phone.validation')).toBe('Incorrect phone number');
    expect(t('input_phone.country_missmatch_hint', { country: 'Germany' })).toBe(
      'This number belongs to Germany',
    );
  });

  it('has the rating labels', () => {
    const t = translatorFor();
    expect([1, 2, 3, 4, 5].map((level) => t(`rating.${level}`))).toEqual([
      'Terrible',
      'Poor',
      'Fair',
      'Good',
      'Excellent',
    ]);
  });

  it('counts photos with plurals', () => {
    const t = translatorFor();
    expect(t('photo_preview.more_photos', { count: 1 })).toBe('1 more photo');
    expect(t('photo_preview.more_photos', { count: 4 })).toBe('4 more photos');
  });

  it('serves English for a locale without a dictionary, and the key for a missing one', () => {
    expect(messagesFor('de')).toBe(en);
    const onMissingKey = vi.fn();
    expect(translatorFor('de', { onMissingKey })('nope.key')).toBe('nope.key');
    expect(onMissingKey).toHaveBeenCalledWith('nope.key');
  });
});
