/**
 * Routes marked "sign-in required" (docs/product.md, Roles: /settings, /email-confirm, /chat/{id?},
 * {base}/{id}) send a visitor without a session to `/login?redirect=<where they were going>`,
 * on the server (a real redirect status) and in the browser alike.
 */
import { isApiError } from '@gallop/api-client';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { hasSession } from '../../lib/session-tokens';
import type { RouterContext } from '../../router';
import type { UserProfile } from './api';
import { profileQueryOptions } from './profile';

function toLogin(location: Pick<ParsedLocation, 'href'>) {
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

/** For `loader`: the signed-in profile; a session the API no longer accepts signs in again. */
export async function ensureSignedInUser({
  context,
  location,
}: {
  context: Pick<RouterContext, 'api' | 'queryClient'>;
  location: Pick<ParsedLocation, 'href'>;
}): Promise<UserProfile> {
  try {
    return await context.queryClient.ensureQueryData(profileQueryOptions(context.api));
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw toLogin(location);
    throw error;
  }
}
