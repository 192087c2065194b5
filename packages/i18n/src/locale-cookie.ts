// Apart from `./resolve.ts`: pages read the locale on every navigation, but store a choice only
// on the settings page, so a bundler can leave this out of a web app's first load.
import { serialize } from 'cookie';
import type { Locale } from './locales';
import { LOCALE_COOKIE } from './resolve';

/**
 * The cookie string that stores a chosen locale for a year: a `Set-Cookie` header on the server,
 * `document.cookie = ...` in the browser.
 */
export function localeCookie(locale: Locale, options: { secure?: boolean } = {}): string {
  return serialize(LOCALE_COOKIE, locale, {
    path: '/',
    maxAge: 365 * 24 * 60 * 60,
    sameSite: 'lax',
    secure: options.secure,
  });
}
