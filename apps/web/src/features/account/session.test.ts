import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBrowserApiClient } from '../../lib/api';
import { hasSession } from '../../lib/session-tokens';
import type { UserProfile } from './api';
import { profileQueryOptions } from './profile';
import { startSession } from './session';

const user: UserProfile = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_email_set: true,
  email: 'ada@example.com',
  is_admin_auth: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = 'gallop_signed_in=; Max-Age=0; Path=/';
});

describe('the browser session', () => {
  it('keeps no token in the page: nothing in storage or readable cookies, even after a sign-in', async () => {
    // A copy of the tokens an earlier version kept goes at load.
    localStorage.setItem('gallop.session', '{"token":"old","refreshToken":"old-r"}');
    const api = createBrowserApiClient();
    expect(localStorage.getItem('gallop.session')).toBeNull();

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const queryClient = new QueryClient();
    // Even an answer that still carried tokens leaves them out of the page.
    startSession(queryClient, api, { token: 'access-1', refresh_token: 'refresh-1', user });
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(document.cookie).not.toContain('auth_');
    expect(await api.tokenStore.get()).toEqual({ token: null, refreshToken: null });
    expect(queryClient.getQueryData(profileQueryOptions(api).queryKey)).toEqual(user);

    // Calls carry no token of their own: the web server adds it from the HttpOnly cookie.
    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(request);
      return Response.json(user);
    });
    await api.GET('/crm/api/user/profile');
    expect(sent[0]?.headers.get('X-Authorization')).toBeNull();
  });

  it('knows from the marker cookie whether someone is signed in', () => {
    const api = createBrowserApiClient();
    expect(hasSession(api)).toBe(false);
    // Set by the web server with the HttpOnly token cookies.
    document.cookie = 'gallop_signed_in=1; Path=/';
    expect(hasSession(api)).toBe(true);
  });
});
