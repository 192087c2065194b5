// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { localeCookie } from './locale-cookie';
import { localizePath, matchLocale, parseAcceptLanguage, resolveLocale } from './resolve';

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, keeping header order for ties', () => {
    expect(parseAcceptLanguage('de-CH, fr;q=0.7, en;q=0.9, ru ;q=0.9, *;q=0.5')).toEqual([
      'de-CH',
      'en',
      'ru',
      'fr',
    ]);
  });

  it('drops q=0, wildcards and empty parts', () => {
    expect(parseAcceptLanguage('en;q=0, ,*')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('counts an invalid q as q=0: the tag is dropped, never ranked first', () => {
    for (const q of [
      '-1',
      'abc',
      'NaN',
      'Infinity',
      '-Infinity',
      '1.5',
      '2',
      '1.0001',
      '0.1234',
      '.5',
      '',
      '0x1',
      '1e0',
      '0.5.5',
    ]) {
      expect(parseAcceptLanguage(`de-DE;q=${q},fr-FR`), `q=${q}`).toEqual(['fr-FR']);
    }
    expect(parseAcceptLanguage('de-DE;q,fr-FR')).toEqual(['fr-FR']);
    expect(parseAcceptLanguage('de-DE;q=0,fr-FR')).toEqual(['fr-FR']);
    expect(parseAcceptLanguage('de-DE;q=0.000,fr-FR')).toEqual(['fr-FR']);
  });

  it('takes every RFC 9110 qvalue: 0 to 1 with up to three decimals', () => {
    expect(
      parseAcceptLanguage('a;q=0.001, b;q=1.000, c;q=0.5, d;Q=0.75, e ; q = 1., f;q=1'),
    ).toEqual(['b', 'e', 'f', 'd', 'c', 'a']);
  });

  it('never throws, whatever the header', () => {
    for (const header of [
      ';',
      ';;q=1',
      ',,,',
      'de;q=0.5;q=abc',
      '=;q==',
      'q=1',
      '\u0000;q=\u0000',
      'de;q=1=1',
    ]) {
      expect(() => parseAcceptLanguage(header), header).not.toThrow();
    }
    expect(parseAcceptLanguage('de;q=1=1, fr;q=0.5')).toEqual(['fr']);
  });
});

describe('matchLocale', () => {
  it('matches regional and bare tags to an available locale', () => {
    expect(matchLocale(['en-GB'])).toBe('en-US');
    expect(matchLocale(['en'])).toBe('en-US');
    expect(matchLocale(['fr'])).toBeUndefined();
    expect(matchLocale(['not a tag!'])).toBeUndefined();
    expect(matchLocale(['zh'], ['en-US', 'zh-CN'])).toBe('zh-CN');
    expect(matchLocale(['zh-TW'], ['en-US', 'zh-CN'])).toBeUndefined();
  });
});

describe('localizePath', () => {
  it('prefixes non-default locales and strips prefixes for the default', () => {
    expect(localizePath('/altai', 'de')).toBe('/de/altai');
    expect(localizePath('/', 'de')).toBe('/de');
    expect(localizePath('/de/altai', 'en-US')).toBe('/altai');
    expect(localizePath('/de', 'en-US')).toBe('/');
    expect(localizePath('/ru/altai', 'zh-CN')).toBe('/zh/altai');
  });
});

describe('resolveLocale with English only', () => {
  it('resolves en-US from every source without a redirect', () => {
    expect(resolveLocale({ pathname: '/altai', acceptLanguage: 'ru-RU,ru;q=0.9' })).toEqual({
      locale: 'en-US',
      source: 'default',
      redirectTo: null,
    });
    expect(resolveLocale({ pathname: '/altai', acceptLanguage: 'en-GB' })).toEqual({
      locale: 'en-US',
      source: 'browser',
      redirectTo: null,
    });
    expect(resolveLocale({ pathname: '/', cookie: 'i18n_locale=en-US' }).source).toBe('cookie');
  });

  it('redirects a path with the prefix of an unavailable locale', () => {
    expect(resolveLocale({ pathname: '/ru/altai', cookie: 'i18n_locale=ru' })).toEqual({
      locale: 'en-US',
      source: 'default',
      redirectTo: '/altai',
    });
  });
});

describe('resolveLocale with more locales (structure for later)', () => {
  const available = ['en-US', 'de'] as const;

  it('takes the route first', () => {
    expect(
      resolveLocale({
        pathname: '/de/altai',
        cookie: 'i18n_locale=en-US',
        acceptLanguage: 'en',
        available,
      }),
    ).toEqual({ locale: 'de', source: 'route', redirectTo: null });
  });

  it('then the cookie, over the browser', () => {
    expect(
      resolveLocale({
        pathname: '/altai',
        cookie: 'a=1; i18n_locale=de',
        acceptLanguage: 'en',
        available,
      }),
    ).toEqual({ locale: 'de', source: 'cookie', redirectTo: '/de/altai' });
  });

  it('then the browser, restricted to the available locales', () => {
    expect(
      resolveLocale({ pathname: '/altai', acceptLanguage: 'fr, de-AT;q=0.8', available }),
    ).toEqual({
      locale: 'de',
      source: 'browser',
      redirectTo: '/de/altai',
    });
    expect(
      resolveLocale({
        pathname: '/altai',
        cookie: 'i18n_locale=ru',
        acceptLanguage: 'ru',
        available,
      }),
    ).toEqual({
      locale: 'en-US',
      source: 'default',
      redirectTo: null,
    });
  });
});

describe('localeCookie', () => {
  it('stores a chosen locale for a year and is read back by resolveLocale', () => {
    const cookie = localeCookie('de');
    expect(cookie).toBe('i18n_locale=de; Max-Age=31536000; Path=/; SameSite=Lax');
    const [pair] = cookie.split(';');
    expect(resolveLocale({ pathname: '/', cookie: pair, available: ['en-US', 'de'] })).toEqual({
      locale: 'de',
      source: 'cookie',
      redirectTo: '/de',
    });
  });
});
