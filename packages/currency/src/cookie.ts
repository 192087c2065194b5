import { parse, serialize } from 'cookie';
import { type CurrencyContext, defaultCurrencyFor } from './choice';
import { type CurrencyCode, parseCurrency } from './currencies';

/** The cookie that keeps the visitor's currency (docs/product.md, Entities). */
export const CURRENCY_COOKIE = 'i18n_currency';
/** The choice is kept for one year (docs/product.md, Constants: 365 days). */
export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The stored choice in a `Cookie` request header (SSR), or `undefined` when none is stored. */
export function currencyFromCookieHeader(
  header: string | null | undefined,
): CurrencyCode | undefined {
  if (!header) return undefined;
  return parseCurrency(parse(header)[CURRENCY_COOKIE]);
}

/**
 * The cookie string that stores a choice: usable as a `Set-Cookie` response header on the server
 * and as `document.cookie = ...` in the browser. Choosing the default currency (the locale's, or
 * USD) empties the cookie, so the locale's default applies again.
 */
export function currencyCookie(
  currency: string,
  context: CurrencyContext & { secure?: boolean } = {},
): string {
  const code = parseCurrency(currency);
  const isDefault = code === undefined || code === defaultCurrencyFor(context);
  return serialize(CURRENCY_COOKIE, isDefault ? '' : code, {
    path: '/',
    maxAge: isDefault ? 0 : CURRENCY_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: context.secure,
  });
}

/** The browser globals the core touches, typed here so the core compiles without the DOM lib. */
export const browser = globalThis as {
  document?: { cookie: string };
  location?: { protocol: string; reload(): void };
};

/** The stored choice in the browser; `undefined` on the server or when none is stored. */
export function readCurrencyCookie(): CurrencyCode | undefined {
  return currencyFromCookieHeader(browser.document?.cookie);
}

/** Stores a choice in the browser (see {@link currencyCookie}); does nothing on the server. */
export function writeCurrencyCookie(currency: string, context: CurrencyContext = {}): void {
  if (!browser.document) return;
  browser.document.cookie = currencyCookie(currency, {
    ...context,
    secure: browser.location?.protocol === 'https:',
  });
}
