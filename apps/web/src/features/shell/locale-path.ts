/**
 * Locale routing (docs/product.md, Routes): on every navigation the locale is resolved (on the
 * server from the route, the cookie and the browser; see `entry-server.tsx`), and an address that
 * does not match it moves to the one that does. Only English is available, so `/ru/argentina` or
 * `/de` (a prefix of a locale the site does not offer) answers 301 to `/argentina` or `/`.
 */
import { localizePath, type Locale } from '@gallop/i18n';

/** The address to move to, with the query and hash kept, or `undefined` when it matches. */
export function localeRedirect(
  location: { pathname: string; searchStr: string; hash: string },
  locale: Locale,
): string | undefined {
  const target = localizePath(location.pathname, locale);
  if (target === location.pathname) return undefined;
  return `${target}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`;
}
