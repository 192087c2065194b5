// @vitest-environment node
/**
 * A session that ends while a traveller is on the site (expired, signed out in another browser):
 * the booking pages that need it send them to sign in and back, never to a '401 Internal Error'.
 */
import { describe, expect, it } from 'vitest';
import { ALEX, serverPage, SIGNED_IN_COOKIE } from './entry-server.testing';
import { createFakeApi, fakeAnswers } from './lib/testing/fake-api';

const refused = { message: 'Unauthorized' };

/** The page for a session the API stops accepting after the profile was read. */
async function pageAfterSessionEnded(path: string) {
  const api = createFakeApi({ ...fakeAnswers, '/crm/api/user/profile': ALEX });
  const fetch = async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/crm/api/request/') || pathname.endsWith('/refresh-token')) {
      return Response.json(refused, { status: 401 });
    }
    return api.fetch(request);
  };
  return serverPage(path, fetch, { headers: { cookie: SIGNED_IN_COOKIE } });
}

describe('a session that ended (server)', () => {
  it.each(['/booking/7', '/booking/pay/7'])(
    '%s sends to sign in and back, not to a 401 page',
    async (path) => {
      const { response, html } = await pageAfterSessionEnded(path);
      expect(html).not.toContain('Internal Error');
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get('location')!, 'http://127.0.0.1');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('redirect')).toBe(path);
    },
  );
});
