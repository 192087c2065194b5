import { LOCALES } from '@gallop/i18n';
import { describe, expect, it } from 'vitest';
import { REACT_ARIA_LOCALES } from './react-aria-locales';

describe('REACT_ARIA_LOCALES', () => {
  it('are the site’s locales, so no interface language loses its screen-reader strings', () => {
    expect([...REACT_ARIA_LOCALES].sort()).toEqual(Object.keys(LOCALES).sort());
  });
});
