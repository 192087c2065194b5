// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  currencyCookie,
  currencyFromCookieHeader,
  readCurrencyCookie,
  writeCurrencyCookie,
} from './cookie';

describe('currency cookie on the server', () => {
  it('is i18n_currency, kept for 365 days', () => {
    expect(CURRENCY_COOKIE).toBe('i18n_currency');
    expect(CURRENCY_COOKIE_MAX_AGE).toBe(31_536_000);
  });

  it('reads the choice from a Cookie request header', () => {
    expect(currencyFromCookieHeader('a=1; i18n_currency=EUR; b=2')).toBe('EUR');
    expect(currencyFromCookieHeader('i18n_currency=SHF')).toBe('CHF');
    expect(currencyFromCookieHeader('i18n_currency=')).toBeUndefined();
    expect(currencyFromCookieHeader('i18n_currency=XYZ')).toBeUndefined();
    expect(currencyFromCookieHeader('other=EUR')).toBeUndefined();
    expect(currencyFromCookieHeader(undefined)).toBeUndefined();
    expect(currencyFromCookieHeader('')).toBeUndefined();
  });

  it('writes a one-year Set-Cookie for a chosen currency', () => {
    expect(currencyCookie('EUR')).toBe('i18n_currency=EUR; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(currencyCookie('gbp', { secure: true })).toBe(
      'i18n_currency=GBP; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
    );
  });

  it('empties the cookie when the default is chosen', () => {
    expect(currencyCookie('USD')).toBe('i18n_currency=; Max-Age=0; Path=/; SameSite=Lax');
    // The locale's currency is the default for that visitor; USD then becomes a real choice.
    expect(currencyCookie('EUR', { localeCurrency: 'EUR' })).toBe(
      'i18n_currency=; Max-Age=0; Path=/; SameSite=Lax',
    );
    expect(currencyCookie('USD', { localeCurrency: 'EUR' })).toBe(
      'i18n_currency=USD; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('round-trips through the header reader', () => {
    const setCookie = currencyCookie('JPY');
    const [pair] = setCookie.split(';');
    expect(currencyFromCookieHeader(pair)).toBe('JPY');
  });

  it('has no document to read or write on the server', () => {
    expect(readCurrencyCookie()).toBeUndefined();
    expect(() => writeCurrencyCookie('EUR')).not.toThrow();
  });
});
