import { sameSitePath } from '../../lib/same-site-path';

/**
 * Where to go after signing in: the `redirect` search parameter, when it is a path of this site.
 * Anything else (another origin, `//evil.example`, `/..//evil.example`, `javascript:`) goes
 * home, so a sign-in link cannot send a traveller elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  return sameSitePath(value) ?? '/';
}

/** Pages a returning traveller should not land on again (they would just bounce). */
const AUTH_PAGES = ['/login', '/register', '/login-via-token'];

/** The return path, except sign-in pages themselves. */
export function afterSignInPath(value: unknown): string {
  const path = safeReturnPath(value);
  return AUTH_PAGES.some((page) => path === page || path.startsWith(`${page}?`)) ? '/' : path;
}
