// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../src/entry-server';
import { createFakeApi } from '../src/lib/testing/fake-api';
import type { SiteConfig } from '../src/lib/site';
import { createWebApp } from './app';
import { HSTS, NON_PAGE_CSP, PERMISSIONS_POLICY } from './security-headers';

const manifest = {
  routes: { __root__: { scripts: [{ attrs: { type: 'module', src: '/assets/entry.js' } }] } },
};

let clientDir: string;
beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'gallop-web-headers-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
});
afterAll(() => rm(clientDir, { recursive: true, force: true }));

function app(site: Partial<SiteConfig> = {}, pageCacheTtlMs = 0) {
  const api = createFakeApi();
  return createWebApp({
    pageCacheTtlMs,
    // Nothing listens there: the pages read the fake API, and no test here goes through the proxy.
    apiUrl: 'http://127.0.0.1:9',
    site: { organizerUrl: 'https://partners.example.test', ...site },
    loadRenderer: async () => ({
      render: (options) => render({ ...options, apiFetch: api.fetch }),
    }),
    getManifest: () => manifest,
    clientDir,
  });
}

const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers);
}

async function renderedPage(url = 'http://gallop.test/', site: Partial<SiteConfig> = {}) {
  return pageOf(await app(site).request(url));
}

async function pageOf(response: Response) {
  const csp = response.headers.get('content-security-policy') ?? '';
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
  return { response, csp, nonce, html: await response.text() };
}

/** The nonces of a page's scripts, JSON-LD (data, not script) left out. */
function scriptNonces(html: string): (string | undefined)[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((script) => !script.includes('application/ld+json'))
    .map((script) => /\bnonce="([^"]*)"/.exec(script)?.[1]);
}

describe('security headers of the web server', () => {
  it('give a page a nonce CSP, the nonce on every script it renders', async () => {
    const { response, csp, nonce, html } = await renderedPage();
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(BASE_HEADERS);
    expect(nonce).toBeDefined();
    expect(nonce!.length).toBeGreaterThanOrEqual(22);
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    // The dehydrated state, the router's inline scripts and the entry module.
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      // JSON-LD is data, not script: the CSP does not apply to it.
      if (script.includes('application/ld+json')) continue;
      expect(script).toContain(`nonce="${nonce}"`);
    }
    // The browser's router reads the nonce back from here while hydrating.
    expect(html).toContain(`<meta property="csp-nonce" content="${nonce}"`);
  });

  it('tells the page its runtime API base and socket URL, and lets the CSP connect to them', async () => {
    const same = await renderedPage();
    expect(same.csp).toContain("connect-src 'self' https://*.google-analytics.com");
    expect(same.html).not.toContain('gallop-runtime-config');

    const { csp, html } = await renderedPage('http://gallop.test/', {
      runtime: {
        apiBaseUrl: 'https://edge.gallop.example/app/',
        socketUrl: 'https://rt.gallop.example',
      },
    });
    expect(csp).toContain(
      "connect-src 'self' https://edge.gallop.example https://rt.gallop.example wss://rt.gallop.example ",
    );
    expect(html).toContain(
      '<meta name="gallop-runtime-config" content="{&quot;apiBaseUrl&quot;:&quot;https://edge.gallop.example/app&quot;,&quot;socketUrl&quot;:&quot;https://rt.gallop.example&quot;}"',
    );
  });

  it('makes a new nonce for every page', async () => {
    const first = await renderedPage();
    const second = await renderedPage();
    expect(first.nonce).toBeDefined();
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
  });

  it('gives a page served from the page cache a fresh nonce, the same in the CSP and the HTML', async () => {
    const cached = app({}, 5000);
    // What a browser sends: the render comes brotli-compressed, and each hit after it gzipped
    // (joined around its fresh nonce, server/gzip-with-nonce.ts).
    const visit = async () => {
      const response = await cached.request('http://gallop.test/', {
        headers: { 'Accept-Language': 'it-IT', 'Accept-Encoding': 'gzip, deflate, br' },
      });
      const hit = response.headers.get('x-page-cache') === 'hit';
      expect(response.headers.get('content-encoding')).toBe(hit ? 'gzip' : 'br');
      const bytes = Buffer.from(await response.arrayBuffer());
      const html = (hit ? gunzipSync(bytes) : brotliDecompressSync(bytes)).toString();
      // The page cache keeps the body once it has been read to the end.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { ...(await pageOf(new Response(html, response))), response };
    };
    const first = await visit();
    const second = await visit();
    const third = await visit();
    expect(first.response.headers.get('x-page-cache')).toBeNull();
    expect(second.response.headers.get('x-page-cache')).toBe('hit');
    expect(third.response.headers.get('x-page-cache')).toBe('hit');
    expect(new Set([first.nonce, second.nonce, third.nonce]).size).toBe(3);
    for (const { nonce, html } of [first, second, third]) {
      expect(nonce).toBeDefined();
      const nonces = scriptNonces(html);
      expect(nonces.length).toBeGreaterThan(1);
      expect(new Set(nonces)).toEqual(new Set([nonce]));
      expect(html).toContain(`<meta property="csp-nonce" content="${nonce}"`);
    }
    expect(second.html).not.toContain(first.nonce);
    expect(third.html).not.toContain(second.nonce);
  });

  it('tells shared caches a page varies with the language, the cookies and the encoding', async () => {
    for (const ttl of [0, 5000]) {
      const pages = app({}, ttl);
      for (let visit = 0; visit < 2; visit += 1) {
        const response = await pages.request('http://gallop.test/', {
          headers: { 'Accept-Language': 'it-IT', 'Accept-Encoding': 'br' },
        });
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const vary = (response.headers.get('vary') ?? '').split(/\s*,\s*/);
        expect(vary, `ttl ${ttl}, visit ${visit}`).toEqual([
          'Accept-Language',
          'Cookie',
          'Accept-Encoding',
        ]);
        expect(response.headers.get('cache-control')).toBe('no-cache');
      }
    }
  });

  it('sends HSTS over https only, never for a header the visitor wrote', async () => {
    const https = await app().request('https://gallop.test/robots.txt');
    expect(https.headers.get('strict-transport-security')).toBe(HSTS);

    const plain = await app().request('http://gallop.test/robots.txt');
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    // No trusted proxy in front: the visitor's own X-Forwarded-Proto counts for nothing.
    const claimed = await app().request('http://gallop.test/robots.txt', {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives static files, robots.txt and the health check the headers and a CSP allowing nothing', async () => {
    for (const url of ['/assets/entry-abc123.js', '/robots.txt', '/healthz']) {
      const response = await app().request(`http://gallop.test${url}`);
      expect(response.status, url).toBe(200);
      expect(headersOf(response)).toMatchObject({
        ...BASE_HEADERS,
        'content-security-policy': NON_PAGE_CSP,
      });
    }
  });
});
