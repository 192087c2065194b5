/**
 * Routes marked "sign-in required" (docs/product.md, Roles: /settings, /email-confirm, /chat/{id?},
 * {base}/{id}) send a visitor without a session to `/login?redirect=<where they were going>`,
 * on the server (a real redirect status) and in the browser alike. `beforeLoad`'s check is here,
 * in the first load with the route definitions; the loaders' profile check is in
 * ./signed-in-user.ts, which travels with the pages' chunks.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { hasSession } from '../../lib/session-tokens';
import type { RouterContext } from '../../router';

/** The redirect to `/login`, coming back to `location` after signing in. */
export function toLogin(location: Pick<ParsedLocation, 'href'>) {
  return redirect({ to: '/login', search: { redirect: location.href } });
}

/** For `beforeLoad`: no stored session, no page. */
export function requireSession({
  context,
  location,
}: {
  context: Pick<RouterContext, 'api'>;
  location: Pick<ParsedLocation, 'href'>;
}): void {
  if (!hasSession(context.api)) throw toLogin(location);
}
