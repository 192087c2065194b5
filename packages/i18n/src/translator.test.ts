import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  const messages = {
    'validation.min': 'Minimum {length} characters',
    'truncate.show_button': 'Show more',
  };

  it('returns the message for a known key', () => {
    const t = createTranslator(messages);
    expect(t('truncate.show_button')).toBe('Show more');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    const t = createTranslator({ ...messages, mixed: '{a} and {b}' });
    expect(t('validation.min', { length: 8 })).toBe('Minimum 8 characters');
    expect(t('mixed', { a: 1 })).toBe('1 and {b}');
  });

  it('shows the key itself and warns once when a key is missing', () => {
    const onMissingKey = vi.fn();
    const t = createTranslator(messages, { onMissingKey });
    expect(t('pagination.load_more_btn')).toBe('pagination.load_more_btn');
    t('pagination.load_more_btn');
    expect(onMissingKey).toHaveBeenCalledTimes(1);
    expect(onMissingKey).toHaveBeenCalledWith('pagination.load_more_btn');
  });
});
