// @vitest-environment node
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebApp, type RenderModule } from './app';

/** A stand-in API that records what reached it and answers per path. */
let api: Server;
let apiUrl: string;
const received: Array<{
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}> = [];

beforeAll(async () => {
  api = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    if (req.url?.startsWith('/crm/api/login')) {
      res.writeHead(201, [
        ['Content-Type', 'application/json'],
        ['Set-Cookie', 'a=1; Path=/'],
        ['Set-Cookie', 'b=2; Path=/'],
        ['X-Api', 'yes'],
      ]);
      res.end(JSON.stringify({ ok: true }));
    } else if (req.url === '/sitemap.xml') {
      res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<urlset></urlset>');
    } else if (req.url === '/spa/old-page') {
      res.writeHead(302, { Location: '/new' }).end();
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"message":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const renderer: RenderModule = {
  render: async ({ request }) =>
    new Response(`<!DOCTYPE html><p>${new URL(request.url).pathname}</p>${'x'.repeat(2000)}`, {
      status: new URL(request.url).pathname === '/' ? 200 : 404,
      headers: { 'Content-Type': 'text/html; charset=UTF-8' },
    }),
};

function app(
  options: {
    apiUrl?: string;
    clientDir?: string;
    publicUrl?: string;
    mapTileOrigins?: string[];
  } = {},
) {
  return createWebApp({
    apiUrl: options.apiUrl ?? apiUrl,
    publicUrl: options.publicUrl,
    mapTileOrigins: options.mapTileOrigins,
    site: { organizerUrl: 'https://partners.example.test' },
    loadRenderer: async () => renderer,
    getManifest: () => ({ routes: {} }),
    clientDir: options.clientDir,
  });
}

describe('web server app', () => {
  it("lets a page's maps reach the tile provider's origins, and no others", async () => {
    const connectSrc = async (page: Response) =>
      /connect-src ([^;]+)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    const plain = await connectSrc(await app().request('http://gallop.test/'));
    expect(plain).toMatch(/^'self'/);
    expect(plain).not.toContain('tiles.example.com');
    const withTiles = await connectSrc(
      await app({ mapTileOrigins: ['https://tiles.example.com'] }).request('http://gallop.test/'),
    );
    expect(withTiles).toContain("'self' https://tiles.example.com");
  });

  it('serves robots.txt naming the sitemap on the public origin, or the request one', async () => {
    const own = await app().request('http://gallop.test/robots.txt');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toContain('text/plain');
    const text = await own.text();
    expect(text).toContain('Disallow: /settings\n');
    expect(text).toContain('Sitemap: http://gallop.test/sitemap.xml');

    const configured = await app({ publicUrl: 'https://gallop.example' }).request(
      'http://127.0.0.1/robots.txt',
    );
    expect(await configured.text()).toContain('Sitemap: https://gallop.example/sitemap.xml');
  });

  it('passes /sitemap.xml on to the API', async () => {
    const response = await app().request('http://gallop.test/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('xml');
    expect(await response.text()).toBe('<urlset></urlset>');
  });

  it('answers its own health check', async () => {
    const response = await app().request('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('forwards API paths with method, query, headers and body, and returns the answer as is', async () => {
    const response = await app().request('http://gallop.test/crm/api/login?next=%2Fchat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Language': 'en', Connection: 'keep-alive' },
      body: JSON.stringify({ email: 'rider@example.com' }),
    });

    expect(response.status).toBe(201);
    expect(response.headers.get('x-api')).toBe('yes');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({ ok: true });

    const seen = received.at(-1);
    expect(seen).toMatchObject({ method: 'POST', url: '/crm/api/login?next=%2Fchat' });
    expect(seen?.body).toBe('{"email":"rider@example.com"}');
    expect(seen?.headers['x-language']).toBe('en');
    expect(seen?.headers['x-forwarded-host']).toBe('gallop.test');
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
  });

  it("tells the API the visitor's address, listening as in production", async () => {
    const web = createServer(getRequestListener(app().fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = web.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/crm/api/login`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': '198.51.100.1' },
      });
      expect(response.status).toBe(201);
      // The socket's peer (this test), not the address the visitor claimed.
      expect(received.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
    } finally {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    }
  });

  it("hands renders the edge's country header, and keeps pages of two countries apart", async () => {
    const seen: (string | null | undefined)[] = [];
    const web = createWebApp({
      apiUrl,
      site: { organizerUrl: 'https://partners.example.test' },
      countryIpHeader: 'cf-ipcountry',
      pageCacheTtlMs: 5000,
      loadRenderer: async () => ({
        render: async ({ request, countryIpHeader }) => {
          seen.push(countryIpHeader);
          return new Response(`<!DOCTYPE html><p>${request.headers.get('cf-ipcountry')}</p>`);
        },
      }),
      getManifest: () => ({ routes: {} }),
    });
    const page = (country: string) =>
      web.request('http://gallop.test/iceland', { headers: { 'CF-IPCountry': country } });
    expect(await (await page('DE')).text()).toContain('<p>DE</p>');
    expect(await (await page('US')).text()).toContain('<p>US</p>');
    expect(seen).toEqual(['cf-ipcountry', 'cf-ipcountry']);
  });

  it("renders pages telling the API the visitor's address (the limits count visitors)", async () => {
    const seen: (string | undefined)[] = [];
    const capturing = createWebApp({
      apiUrl,
      site: { organizerUrl: 'https://partners.example.test' },
      loadRenderer: async () => ({
        render: async ({ visitorAddress }) => {
          seen.push(visitorAddress);
          return new Response('<!DOCTYPE html><p>page</p>', { status: 200 });
        },
      }),
      getManifest: () => ({ routes: {} }),
    });
    const web = createServer(getRequestListener(capturing.fetch, { overrideGlobalObjects: false }));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = web.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/iceland`, {
        headers: { 'X-Forwarded-For': '198.51.100.1' },
      });
      // The socket's peer (this test), not the address the visitor claimed.
      expect(seen).toEqual(['127.0.0.1']);
    } finally {
      web.closeAllConnections();
      await new Promise((resolve) => web.close(resolve));
    }
  });

  it('passes the API status and redirects through instead of following them', async () => {
    const missing = await app().request('/spa/tour?slug=nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });

    const redirect = await app().request('/spa/old-page');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/new');

    for (const prefix of ['/node-api/x', '/media/1.jpg', '/socket.io/?EIO=4', '/crm']) {
      await app().request(prefix);
      expect(received.at(-1)?.url).toBe(prefix);
    }
  });

  it('answers 502 with a message when the API is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await app({ apiUrl: `http://127.0.0.1:${port}` }).request('/spa/tour');
    expect(response.status).toBe(502);
    expect(await response.json()).toHaveProperty('message');
  });

  it('renders pages through the SSR module, keeping its status, compressed when asked', async () => {
    const missing = await app().request('/nowhere');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');

    const gz = await app().request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('<p>/</p>');

    expect((await app().request('/', { method: 'POST' })).status).toBe(405);
  });

  describe('with a client build', () => {
    let clientDir: string;
    beforeAll(async () => {
      clientDir = await mkdtemp(path.join(tmpdir(), 'gallop-web-'));
      await mkdir(path.join(clientDir, 'assets'));
      await mkdir(path.join(clientDir, '.vite'));
      await writeFile(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
      await writeFile(path.join(clientDir, 'favicon.svg'), '<svg/>');
      await writeFile(path.join(clientDir, '.vite', 'manifest.json'), '{}');
    });
    afterAll(() => rm(clientDir, { recursive: true, force: true }));

    it('serves hashed assets with an immutable, year-long cache', async () => {
      const response = await app({ clientDir }).request('/assets/entry-abc123.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe('console.log(1)');
      expect((await app({ clientDir }).request('/assets/missing.js')).status).toBe(404);
    });

    it('serves other public files with a short cache and never the build manifests', async () => {
      const favicon = await app({ clientDir }).request('/favicon.svg');
      expect(favicon.headers.get('cache-control')).toBe('public, max-age=3600');

      const manifest = await app({ clientDir }).request('/.vite/manifest.json');
      expect(manifest.status).toBe(404);
      expect(await manifest.text()).toContain('<p>/.vite/manifest.json</p>');
    });
  });
});
