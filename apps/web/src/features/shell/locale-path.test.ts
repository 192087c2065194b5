import { describe, expect, it } from 'vitest';
import { localeRedirect } from './locale-path';

const at = (pathname: string, searchStr = '', hash = '') => ({ pathname, searchStr, hash });

describe('localeRedirect', () => {
  it('leaves English addresses alone', () => {
    expect(localeRedirect(at('/argentina'), 'en-US')).toBeUndefined();
    expect(localeRedirect(at('/'), 'en-US')).toBeUndefined();
    expect(localeRedirect(at('/blog/riding-in-the-andes-12'), 'en-US')).toBeUndefined();
  });

  it('moves a prefix of a locale the site does not offer to the English address', () => {
    expect(localeRedirect(at('/ru/argentina'), 'en-US')).toBe('/argentina');
    expect(localeRedirect(at('/de'), 'en-US')).toBe('/');
    expect(localeRedirect(at('/zh/tour-provider/7'), 'en-US')).toBe('/tour-provider/7');
  });

  it('keeps the query and the hash', () => {
    expect(localeRedirect(at('/de/argentina', '?sort=price', 'reviews'), 'en-US')).toBe(
      '/argentina?sort=price#reviews',
    );
  });

  it('would add the prefix of another chosen locale', () => {
    expect(localeRedirect(at('/argentina'), 'de')).toBe('/de/argentina');
  });
});
