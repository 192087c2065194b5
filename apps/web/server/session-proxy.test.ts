// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebApp } from './app';
import { trustProxies, type ProxyTrust } from './proxy';
import { createSessionRefresher, withoutSessionCookies } from './session-proxy';

/**
 * A stand-in API with the accounts calls of the contract: `access-2` is a valid access token,
 * `access-1` an expired one; `refresh-1` refreshes to `access-2` / `refresh-2`, other refresh
 * tokens are refused.
 */
let api: Server;
let apiUrl: string;
let valid: Set<string>;
let refreshes: string[];
const received: Array<{
  method?: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}> = [];

const ANN = { id: 7, first_name: 'Ann' };

beforeAll(async () => {
  api = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const path = new URL(req.url ?? '/', 'http://api').pathname;
    received.push({ method: req.method, path, headers: req.headers, body: text });
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const token = req.headers['x-authorization']?.toString().replace(/^Bearer /, '');
    const signed = token !== undefined && valid.has(token);
    switch (path) {
      case '/crm/api/user/auth': {
        const { password } = JSON.parse(text) as { password: string };
        if (password !== 'right') return json(401, { message: 'Invalid login or password' });
        return json(200, { token: 'access-2', refresh_token: 'refresh-2', user: ANN });
      }
      case '/crm/api/user/refresh-token': {
        const { refresh_token: refreshToken } = JSON.parse(text) as { refresh_token: string };
        refreshes.push(refreshToken);
        // Slow enough for parallel calls to meet here.
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (refreshToken === 'refresh-down') return json(503, { message: 'Try again later' });
        if (refreshToken !== 'refresh-1') return json(401, { message: 'Unauthorized' });
        return json(200, { token: 'access-2', refresh_token: 'refresh-2' });
      }
      case '/crm/api/user/confirm-email':
        // A registration's link opened signed out: the confirmation signs the person in.
        return json(200, { ...ANN, token: 'access-2', refresh_token: 'refresh-2' });
      case '/crm/api/user/logout':
        return signed ? json(200, { result: true }) : json(401, { message: 'Unauthorized' });
      default:
        if (!signed) return json(401, { message: 'Unauthorized' });
        return json(200, { token, body: text });
    }
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

beforeEach(() => {
  valid = new Set(['access-2']);
  refreshes = [];
  received.length = 0;
});

/** What the server render was told about the session: Secure cookies or not. */
let rendered: Array<{ secure: boolean | undefined; refreshes: boolean }>;
beforeEach(() => {
  rendered = [];
});

function app(options: { isTrustedProxy?: ProxyTrust; publicUrl?: string } = {}) {
  return createWebApp({
    apiUrl,
    ...options,
    site: { organizerUrl: 'https://partners.example.test' },
    loadRenderer: async () => ({
      render: async ({ secure, refreshSession }) => {
        rendered.push({ secure, refreshes: typeof refreshSession === 'function' });
        return new Response('<p>page</p>');
      },
    }),
    getManifest: () => ({ routes: {} }),
  });
}

const signIn = { 'Content-Type': 'application/json' };
const signInBody = JSON.stringify({ login: 'ann@example.com', password: 'right' });
const oldSession = 'auth_token=access-1; auth_refresh_token=refresh-1; gallop_signed_in=1';

/** The Set-Cookie values of an answer by cookie name. */
function setCookies(response: Response): Record<string, string> {
  return Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => [cookie.slice(0, cookie.indexOf('=')), cookie]),
  );
}

describe('sign-in answers through the web server', () => {
  it('become HttpOnly, SameSite=Lax cookies and leave the JSON the browser gets', async () => {
    const response = await app().request('http://gallop.test/crm/api/user/auth', {
      method: 'POST',
      headers: signIn,
      body: signInBody,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: ANN });
    const cookies = setCookies(response);
    expect(cookies.auth_token).toBe(
      'auth_token=access-2; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(cookies.auth_refresh_token).toBe(
      'auth_refresh_token=refresh-2; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
    );
    // The marker page scripts read: no secret, not HttpOnly.
    expect(cookies.gallop_signed_in).toBe(
      'gallop_signed_in=1; Max-Age=2592000; Path=/; SameSite=Lax',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('are Secure when the visitor came over https', async () => {
    const response = await app().request('https://gallop.test/crm/api/user/auth', {
      method: 'POST',
      headers: signIn,
      body: signInBody,
    });
    const cookies = Object.values(setCookies(response));
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies) expect(cookie).toContain('; Secure');
  });

  it('believe X-Forwarded-Proto: https from a trusted proxy only', async () => {
    const secureFlags = async (isTrustedProxy?: ProxyTrust) => {
      const web = createServer(
        getRequestListener(app({ isTrustedProxy }).fetch, { overrideGlobalObjects: false }),
      );
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = web.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}/crm/api/user/auth`, {
          method: 'POST',
          headers: { ...signIn, 'X-Forwarded-Proto': 'https' },
          body: signInBody,
        });
        // The server render decides the same way for the cookies it writes.
        await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
        return Object.values(setCookies(response)).map((cookie) => cookie.includes('; Secure'));
      } finally {
        web.closeAllConnections();
        await new Promise((resolve) => web.close(resolve));
      }
    };
    expect(await secureFlags(trustProxies(['127.0.0.1']))).toEqual([true, true, true]);
    expect(await secureFlags()).toEqual([false, false, false]);
    expect(rendered).toEqual([
      { secure: true, refreshes: true },
      { secure: false, refreshes: true },
    ]);
  });

  it('include the email confirmation that signs a person in: the profile stays, the tokens go', async () => {
    const response = await app().request('http://gallop.test/crm/api/user/confirm-email', {
      method: 'POST',
      headers: signIn,
      body: JSON.stringify({ token: 'link' }),
    });
    expect(await response.json()).toEqual(ANN);
    expect(setCookies(response).auth_token).toContain('auth_token=access-2;');
  });

  it('pass a refused sign-in on untouched, and never refresh for it', async () => {
    const response = await app().request('http://gallop.test/crm/api/user/auth', {
      method: 'POST',
      headers: { ...signIn, Cookie: oldSession },
      body: JSON.stringify({ login: 'ann@example.com', password: 'wrong' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid login or password' });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(refreshes).toEqual([]);
  });
});

describe('forwarded calls', () => {
  it('carry X-Authorization from the cookie, never the one the browser wrote, and no token cookies', async () => {
    const response = await app().request('http://gallop.test/crm/api/user/profile', {
      headers: {
        Cookie:
          'i18n_currency=EUR; auth_token=access-2; auth_refresh_token=refresh-2; gallop_signed_in=1',
        'X-Authorization': 'Bearer forged',
      },
    });
    expect(response.status).toBe(200);
    const seen = received.at(-1)!;
    expect(seen.headers['x-authorization']).toBe('Bearer access-2');
    expect(seen.headers.cookie).toBe('i18n_currency=EUR');

    await app().request('http://gallop.test/crm/api/user/profile', {
      headers: { 'X-Authorization': 'Bearer access-2' },
    });
    expect(received.at(-1)!.headers['x-authorization']).toBeUndefined();
  });

  it('after a 401 with a refresh cookie: refresh, one retry with the body, new cookies', async () => {
    const response = await app().request('http://gallop.test/crm/api/chat/send-message', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: oldSession },
      body: JSON.stringify({ chat_id: 3, message: 'Hello' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      token: 'access-2',
      body: '{"chat_id":3,"message":"Hello"}',
    });
    expect(refreshes).toEqual(['refresh-1']);
    expect(received.map((call) => `${call.path} ${call.headers['x-authorization'] ?? ''}`)).toEqual(
      [
        '/crm/api/chat/send-message Bearer access-1',
        '/crm/api/user/refresh-token ',
        '/crm/api/chat/send-message Bearer access-2',
      ],
    );
    const cookies = setCookies(response);
    expect(cookies.auth_token).toContain('auth_token=access-2;');
    expect(cookies.auth_token).toContain('HttpOnly');
    expect(cookies.auth_refresh_token).toContain('auth_refresh_token=refresh-2;');
    expect(cookies.gallop_signed_in).toContain('gallop_signed_in=1;');
  });

  it('share one refresh between parallel 401s, and reuse it for a late call with the old cookie', async () => {
    const web = app();
    const call = () =>
      web.request('http://gallop.test/crm/api/user/profile', { headers: { Cookie: oldSession } });
    const answers = await Promise.all([call(), call(), call()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(setCookies(answer).auth_token).toContain('access-2');
    expect(refreshes).toEqual(['refresh-1']);

    // Left before the new cookies arrived: the remembered outcome, no replay of refresh-1.
    const late = await call();
    expect(late.status).toBe(200);
    expect(setCookies(late).auth_refresh_token).toContain('refresh-2');
    expect(refreshes).toEqual(['refresh-1']);
  });

  it('clear the cookies and pass the 401 on when the refresh is refused', async () => {
    const response = await app().request('http://gallop.test/crm/api/user/profile', {
      headers: { Cookie: 'auth_token=access-1; auth_refresh_token=refresh-spent' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
    const cookies = setCookies(response);
    expect(cookies.auth_token).toBe('auth_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect(cookies.auth_refresh_token).toContain('Max-Age=0');
    expect(cookies.gallop_signed_in).toContain('Max-Age=0');
  });

  it('clear the cookies and pass the 401 on when there is no refresh cookie to refresh with', async () => {
    for (const cookie of ['auth_token=access-1; gallop_signed_in=1', 'gallop_signed_in=1']) {
      const response = await app().request('http://gallop.test/crm/api/user/profile', {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthorized' });
      const cookies = setCookies(response);
      expect(cookies.auth_token).toBe('auth_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
      expect(cookies.auth_refresh_token).toContain('Max-Age=0');
      expect(cookies.gallop_signed_in).toContain('Max-Age=0');
    }
    expect(refreshes).toEqual([]);

    // A wrong password with such a cookie is no end of the session; a visitor without one gets no cookies.
    const wrong = await app().request('http://gallop.test/crm/api/user/auth', {
      method: 'POST',
      headers: { ...signIn, Cookie: 'auth_token=access-1; gallop_signed_in=1' },
      body: JSON.stringify({ login: 'ann@example.com', password: 'wrong' }),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const anonymous = await app().request('http://gallop.test/crm/api/user/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it('keep the cookies when the API cannot refresh (5xx, unreachable), and try again next time', async () => {
    const cookie = 'auth_token=access-1; auth_refresh_token=refresh-down';
    const web = app();
    for (let i = 0; i < 2; i += 1) {
      const response = await web.request('http://gallop.test/crm/api/user/profile', {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(refreshes).toEqual(['refresh-down', 'refresh-down']);

    const refresher = createSessionRefresher();
    const outcome = await refresher.refresh('refresh-1', () => Promise.reject(new Error('down')));
    expect(outcome).toEqual({ kind: 'failed' });
    // Not remembered: the next call tries again.
    await expect(
      refresher.refresh('refresh-1', async () => ({ kind: 'refused' })),
    ).resolves.toEqual({ kind: 'refused' });
  });

  it('do not retry bodies above 1 MB (uploads): the 401 goes on', async () => {
    const response = await app().request('http://gallop.test/crm/api/file/upload', {
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(1024 * 1024 + 1),
        Cookie: oldSession,
      },
      body: new Uint8Array(1024 * 1024 + 1),
    });
    expect(response.status).toBe(401);
    expect(refreshes).toEqual([]);

    // Without Content-Length: read up to the limit, then passed on whole, still not retried.
    const unsized = await app().request('http://gallop.test/crm/api/file/upload', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', Cookie: oldSession },
      body: new Uint8Array(1024 * 1024 + 1),
    });
    expect(unsized.status).toBe(401);
    expect(received.at(-1)!.body).toHaveLength(1024 * 1024 + 1);
    expect(refreshes).toEqual([]);
  });
});

describe('sign-out', () => {
  it('clears the cookies whatever the API answers', async () => {
    for (const cookie of ['auth_token=access-2; auth_refresh_token=refresh-2', 'auth_token=gone']) {
      const response = await app().request('http://gallop.test/crm/api/user/logout', {
        method: 'POST',
        headers: { Cookie: cookie },
      });
      const cookies = setCookies(response);
      expect(Object.keys(cookies).sort()).toEqual([
        'auth_refresh_token',
        'auth_token',
        'gallop_signed_in',
      ]);
      for (const set of Object.values(cookies)) expect(set).toContain('Max-Age=0');
    }
  });
});

describe('cross-site state-changing calls', () => {
  const post = (headers: Record<string, string>, url = 'http://gallop.test/crm/api/user/logout') =>
    app({ publicUrl: 'https://gallop.example' }).request(url, { method: 'POST', headers });

  it('are refused with 403 by fetch metadata or Origin', async () => {
    const refused: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://gallop.test' },
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
    ];
    for (const headers of refused) {
      const response = await post({ ...headers, Cookie: 'auth_token=access-2' });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(received).toEqual([]);
  });

  it('pass from this origin, from the public URL, and without either header', async () => {
    const passing: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin', Origin: 'http://gallop.test' },
      { Origin: 'http://gallop.test' },
      { Origin: 'https://gallop.example' },
      {},
    ];
    for (const headers of passing) {
      const response = await post({ ...headers, Cookie: 'auth_token=access-2' });
      expect(response.status, JSON.stringify(headers)).toBe(200);
    }
    // Reading is not changing: a cross-site GET goes on (SameSite=Lax keeps cookies off it).
    const read = await app().request('http://gallop.test/spa/tours', {
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(read.status).not.toBe(403);
  });
});

describe('createSessionRefresher', () => {
  it('remembers an outcome for 10 s, then refreshes again', async () => {
    let clock = 0;
    const refresher = createSessionRefresher({ now: () => clock });
    let runs = 0;
    const run = async () => {
      runs += 1;
      return { kind: 'renewed' as const, tokens: { token: `a${runs}`, refreshToken: `r${runs}` } };
    };
    await refresher.refresh('r0', run);
    clock = 10_000;
    await expect(refresher.refresh('r0', run)).resolves.toMatchObject({ tokens: { token: 'a1' } });
    clock = 10_001;
    await expect(refresher.refresh('r0', run)).resolves.toMatchObject({ tokens: { token: 'a2' } });
    expect(runs).toBe(2);
  });
});

describe('withoutSessionCookies', () => {
  it('keeps every other cookie as it was', () => {
    expect(withoutSessionCookies('a=1; auth_token=x;b=2 ; gallop_signed_in=1')).toBe('a=1; b=2');
    expect(withoutSessionCookies('auth_token=x; auth_refresh_token=y')).toBeUndefined();
    expect(withoutSessionCookies(null)).toBeUndefined();
  });
});
