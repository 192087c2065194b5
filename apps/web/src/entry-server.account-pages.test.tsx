// @vitest-environment node
/**
 * Server renders of signed-in pages that answer about another account: a booking that is not the
 * traveller's (403), an e-mail confirmation link of another account, and a sign-in link.
 */
import { describe, expect, it } from 'vitest';
import { ALEX, serverPage, SIGNED_IN_COOKIE } from './entry-server.testing';
import { createFakeApi, fakeAnswers } from './lib/testing/fake-api';

/** The page at `path` for Alex, signed in; `special` answers some paths with a status of its own. */
async function signedInPage(
  path: string,
  answers: Record<string, unknown> = {},
  special: Record<string, { status: number; body: unknown }> = {},
) {
  const api = createFakeApi({ ...fakeAnswers, '/crm/api/user/profile': ALEX, ...answers });
  const fetch = async (request: Request) => {
    const answer = special[new URL(request.url).pathname];
    return answer ? Response.json(answer.body, { status: answer.status }) : api.fetch(request);
  };
  return serverPage(path, fetch, { headers: { cookie: SIGNED_IN_COOKIE } });
}

describe("another traveller's booking (server)", () => {
  const forbidden = {
    '/crm/api/request/get': {
      status: 403,
      body: { message: 'You do not have permission to access this booking' },
    },
  };

  it.each(['/booking/1', '/booking/pay/1'])('%s answers 403 with the error title', async (path) => {
    const { response, html } = await signedInPage(path, {}, forbidden);
    expect(response.status).toBe(403);
    expect(html).toContain('Sorry, you do not have permission to access this page.');
    expect(html).toContain('<title>Access is denied | Gallop</title>');
    expect(html).not.toContain('Booking #1');
  });

  it.each(['/booking/abc', '/booking/pay/abc'])(
    '%s answers 404 with the error title',
    async (path) => {
      const { response, html } = await signedInPage(path);
      expect(response.status).toBe(404);
      expect(html).toContain('<title>Page not found | Gallop</title>');
    },
  );
});

describe('an e-mail confirmation link (server, signed in)', () => {
  it("of another account confirms it and leaves the signed-in traveller's profile alone", async () => {
    const dan = { ...ALEX, id: 42, first_name: 'Dan', email: 'dan@example.com' };
    const { response, html } = await signedInPage('/email-confirm?token=link-dan', {
      '/crm/api/user/confirm-email': dan,
    });
    expect(response.status).toBe(200);
    expect(html).toContain('E-mail confirmed for another account');
    expect(html).toContain('alex@example.com');
    expect(html).not.toContain('dan@example.com');
    expect(html).toContain('Account settings (Alex)');
    expect(html).not.toContain('Dan');
  });

  it('of the signed-in account shows its confirmed profile', async () => {
    const confirmed = { ...ALEX, first_name: 'Alexandra' };
    const { html } = await signedInPage('/email-confirm?token=link-alex', {
      '/crm/api/user/confirm-email': confirmed,
    });
    expect(html).toContain('Your e-mail is confirmed');
    expect(html).toContain('alex@example.com');
    expect(html).toContain('Account settings (Alexandra)');
  });
});

describe('a sign-in link (server)', () => {
  const LINK = '/crm/api/user/access-token-by-one-time-token';
  const EVE = { ...ALEX, id: 43, first_name: 'Eve', email: 'eve@example.com' };

  /** `/login-via-token` rendered with `cookie`; the link's trades are counted. */
  async function openLink(cookie: string | undefined) {
    const traded: string[] = [];
    const api = createFakeApi({ ...fakeAnswers, '/crm/api/user/profile': ALEX });
    const page = await serverPage(
      '/login-via-token?token=link-eve&redirect=%2Fbookings',
      async (request: Request) => {
        if (new URL(request.url).pathname !== LINK) return api.fetch(request);
        traded.push(((await request.json()) as { token: string }).token);
        return Response.json({ token: 'access-eve', refresh_token: 'refresh-eve', user: EVE });
      },
      { headers: cookie ? { cookie } : {} },
    );
    return { ...page, traded };
  }

  it('signed in, asks before switching accounts and leaves the link unspent', async () => {
    const { response, html, traded } = await openLink(SIGNED_IN_COOKIE);
    expect(response.status).toBe(200);
    expect(html).toContain('Sign in with this link?');
    expect(html).toContain('You are signed in as alex@example.com.');
    expect(html).toContain('Account settings (Alex)');
    expect(traded).toEqual([]);
    expect(response.headers.get('set-cookie') ?? '').not.toContain('access-eve');
  });

  it('signed out, signs in with the link and goes on', async () => {
    const { response, traded } = await openLink(undefined);
    expect(traded).toEqual(['link-eve']);
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('location')).toBe('/bookings');
  });
});
