// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebApp } from './app';
import { trustProxies, type ProxyTrust } from './proxy';

/** A stand-in API: `good` unfollows, `gone` is a tour that no longer exists, others are unsigned. */
let api: Server;
let apiUrl: string;
const calls: Array<{ method?: string; url?: string; type?: string; body: string }> = [];
/** The X-Forwarded-For of each call the stand-in API got. */
const forwardedFor: Array<string | undefined> = [];

beforeAll(async () => {
  api = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    calls.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
    forwardedFor.push(req.headers['x-forwarded-for']?.toString());
    const { token } = JSON.parse(body) as { token: string };
    const [status, answer] =
      token === 'good'
        ? [200, { result: true, tour: { id: 7, name: 'Altai' } }]
        : token === 'gone'
          ? [404, { message: 'Tour not found' }]
          : token === 'broken'
            ? [503, { message: 'Busy' }]
            : [422, { message: 'This link is not valid' }];
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

function web(url = apiUrl, isTrustedProxy?: ProxyTrust) {
  return createWebApp({
    apiUrl: url,
    isTrustedProxy,
    site: { organizerUrl: 'https://partners.example.test' },
    loadRenderer: async () => ({ render: async () => new Response('page') }),
    getManifest: () => ({ routes: {} }),
  });
}

const ONE_CLICK = {
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'List-Unsubscribe=One-Click',
};

describe('one-click unfollow (RFC 8058) at POST /unfollow', () => {
  it('unfollows through the API with the token of the address, without cookies', async () => {
    calls.length = 0;
    const response = await web().request('/unfollow?token=good', ONE_CLICK);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('You will get no more e-mails about this tour.');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/spa/unsubscribe-tour-program',
        type: 'application/json',
        body: '{"token":"good"}',
      },
    ]);
  });

  // API_URL may carry a path prefix (the API behind a proxy at `/api`): proxied calls keep it.
  it('calls the API under the path prefix API_URL carries', async () => {
    calls.length = 0;
    for (const prefix of ['/api', '/api/']) {
      const response = await web(`${apiUrl}${prefix}`).request('/unfollow?token=good', ONE_CLICK);
      expect(response.status, prefix).toBe(200);
    }
    expect(calls.map((call) => call.url)).toEqual([
      '/api/spa/unsubscribe-tour-program',
      '/api/spa/unsubscribe-tour-program',
    ]);
  });

  it('takes the form as multipart too', async () => {
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await web().request('/unfollow?token=good', { method: 'POST', body: form });
    expect(response.status).toBe(200);
  });

  it('asks for the one-click body and calls nothing without it', async () => {
    calls.length = 0;
    for (const body of ['', 'List-Unsubscribe=Maybe', 'token=good']) {
      const response = await web().request('/unfollow?token=good', { ...ONE_CLICK, body });
      expect(response.status, body).toBe(400);
    }
    const json = await web().request('/unfollow?token=good', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"List-Unsubscribe":"One-Click"}',
    });
    expect(json.status).toBe(400);
    expect(calls).toEqual([]);
  });

  it('answers 404 for a link the API did not sign, a gone tour or no token', async () => {
    for (const path of ['/unfollow?token=forged', '/unfollow?token=gone', '/unfollow']) {
      const response = await web().request(path, ONE_CLICK);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('This unfollow link is not valid.');
    }
    const long = await web().request(`/unfollow?token=${'a'.repeat(1025)}`, ONE_CLICK);
    expect(long.status).toBe(404);
  });

  it('answers 502 when the API fails or cannot be reached', async () => {
    expect((await web().request('/unfollow?token=broken', ONE_CLICK)).status).toBe(502);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await web(url).request('/unfollow?token=good', ONE_CLICK);
    expect(response.status).toBe(502);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  // Security probe 2026-12-07: without the visitor's address the API counted every mail client's
  // unfollow as this server's, so after 10 in 15 minutes, site-wide, the rest failed (502).
  it("tells the API the visitor's address, listening as in production", async () => {
    const sentFor = async (isTrustedProxy?: ProxyTrust) => {
      const server = createServer(
        getRequestListener(web(apiUrl, isTrustedProxy).fetch, { overrideGlobalObjects: false }),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        forwardedFor.length = 0;
        const response = await fetch(`http://127.0.0.1:${port}/unfollow?token=good`, {
          ...ONE_CLICK,
          headers: { ...ONE_CLICK.headers, 'X-Forwarded-For': '198.18.0.7' },
        });
        expect(response.status).toBe(200);
        return forwardedFor;
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    };
    // The socket's peer (this test), not an address the mail client claimed...
    expect(await sentFor()).toEqual(['127.0.0.1']);
    // ... unless a trusted proxy in front says who the visitor is.
    expect(await sentFor(trustProxies(['127.0.0.1']))).toEqual(['198.18.0.7']);
  });

  it('leaves other methods of other pages alone', async () => {
    expect((await web().request('/contacts', ONE_CLICK)).status).toBe(405);
  });
});
