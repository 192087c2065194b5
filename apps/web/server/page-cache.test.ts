// @vitest-environment node
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { streamingCompression } from './compression';
import { pageCache, pageCacheKey, pageVaryHeaders } from './page-cache';
import { createNonce, pageCsp } from './security-headers';

/** An app whose page handler counts renders and answers what `answer` says. */
function appWithCache(ttlMs: number, clock: { now: number }, answer = () => new Response(null)) {
  let renders = 0;
  const app = new Hono();
  app.get('*', pageCache({ ttlMs, now: () => clock.now }), () => {
    renders += 1;
    const response = answer();
    return response.body
      ? response
      : new Response(`render ${renders}`, { status: response.status, headers: response.headers });
  });
  return { app, renders: () => renders };
}

/** Lets the background copy of the body into the cache finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

async function get(app: Hono, path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  const body = await response.text();
  await settle();
  return { body, hit: response.headers.get('X-Page-Cache') === 'hit', status: response.status };
}

describe('pageCache', () => {
  it('reuses a render for the same request within the TTL, and renders again after it', async () => {
    const clock = { now: 0 };
    const { app, renders } = appWithCache(5000, clock);
    expect(await get(app, '/tour-1')).toEqual({ body: 'render 1', hit: false, status: 200 });
    clock.now = 4999;
    expect(await get(app, '/tour-1')).toEqual({ body: 'render 1', hit: true, status: 200 });
    clock.now = 5000;
    expect(await get(app, '/tour-1')).toEqual({ body: 'render 2', hit: false, status: 200 });
    expect(renders()).toBe(2);
  });

  it('keeps visitors apart: another cookie, language or query is another page', async () => {
    const clock = { now: 0 };
    const { app, renders } = appWithCache(5000, clock);
    await get(app, '/tours?page=1', { Cookie: 'i18n_currency=EUR' });
    expect((await get(app, '/tours?page=1', { Cookie: 'i18n_currency=USD' })).hit).toBe(false);
    expect((await get(app, '/tours?page=1', { 'Accept-Language': 'de' })).hit).toBe(false);
    expect((await get(app, '/tours?page=2', { Cookie: 'i18n_currency=EUR' })).hit).toBe(false);
    expect((await get(app, '/tours?page=1', { Cookie: 'i18n_currency=EUR' })).hit).toBe(true);
    expect(renders()).toBe(4);
  });

  it("keeps visitors of different countries apart (the edge's country header)", async () => {
    const clock = { now: 0 };
    let renders = 0;
    const app = new Hono();
    const cache = pageCache({ ttlMs: 5000, now: () => clock.now, varyHeaders: ['cf-ipcountry'] });
    app.get('*', cache, () => new Response(`render ${++renders}`));
    await get(app, '/tour-1', { 'CF-IPCountry': 'US' });
    expect((await get(app, '/tour-1', { 'CF-IPCountry': 'DE' })).body).toBe('render 2');
    expect((await get(app, '/tour-1', { 'CF-IPCountry': 'DE' })).hit).toBe(true);
    expect((await get(app, '/tour-1', { 'CF-IPCountry': 'US' })).body).toBe('render 1');
    expect(pageCacheKey(new Request('http://web.test/'), ['cf-ipcountry'])).not.toBe(
      pageCacheKey(new Request('http://web.test/', { headers: { 'CF-IPCountry': 'JP' } }), [
        'cf-ipcountry',
      ]),
    );
  });

  it('never keeps error pages or answers that set cookies', async () => {
    const clock = { now: 0 };
    const notFound = appWithCache(5000, clock, () => new Response('gone', { status: 404 }));
    await get(notFound.app, '/x');
    await get(notFound.app, '/x');
    expect(notFound.renders()).toBe(2);

    const setsCookie = appWithCache(
      5000,
      clock,
      () => new Response(null, { headers: { 'Set-Cookie': 'a=1' } }),
    );
    await get(setsCookie.app, '/y');
    await get(setsCookie.app, '/y');
    expect(setsCookie.renders()).toBe(2);
  });

  it('never keeps personal pages (Cache-Control private or no-store)', async () => {
    const clock = { now: 0 };
    for (const value of ['private, no-cache', 'no-store', 'private']) {
      const personal = appWithCache(
        5000,
        clock,
        () => new Response(null, { headers: { 'Cache-Control': value } }),
      );
      await get(personal.app, '/booking/1');
      expect((await get(personal.app, '/booking/1')).hit, value).toBe(false);
      expect(personal.renders(), value).toBe(2);
    }
    const shared = appWithCache(
      5000,
      clock,
      // What every public page says (server/app.ts): shared caches revalidate, this one keeps it.
      () => new Response(null, { headers: { 'Cache-Control': 'no-cache' } }),
    );
    await get(shared.app, '/tours');
    expect((await get(shared.app, '/tours')).hit).toBe(true);
  });

  it('is off with a TTL of 0', async () => {
    const { app, renders } = appWithCache(0, { now: 0 });
    await get(app, '/');
    expect((await get(app, '/')).hit).toBe(false);
    expect(renders()).toBe(2);
  });

  it('sits inside the compression: one kept page, for each client in an encoding it takes', async () => {
    const clock = { now: 0 };
    let renders = 0;
    const app = new Hono();
    app.get('*', streamingCompression(), pageCache({ ttlMs: 5000, now: () => clock.now }), (c) => {
      renders += 1;
      return c.html(`<p>render ${renders}</p>`);
    });
    const encodingOf = async (acceptEncoding: string | undefined) => {
      const response = await app.request(
        '/tours',
        acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {},
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      await settle();
      const encoding = response.headers.get('Content-Encoding');
      const decode = { br: brotliDecompressSync, gzip: gunzipSync }[encoding ?? ''];
      expect((decode ? decode(bytes) : bytes).toString()).toBe('<p>render 1</p>');
      expect(response.headers.get('Vary')).toContain('Accept-Encoding');
      return encoding;
    };
    // A crawler without compression renders (and is kept) first ...
    expect(await encodingOf(undefined)).toBeNull();
    // ... a kept page goes to any client taking gzip as gzip (joined around its nonce, not
    // compressed again), a brotli-only client gets brotli, from the same render.
    expect(await encodingOf('gzip, deflate, br')).toBe('gzip');
    expect(await encodingOf('gzip, deflate')).toBe('gzip');
    expect(await encodingOf('br')).toBe('br');
    expect(await encodingOf('gzip;q=0, br')).toBe('br');
    expect(await encodingOf(undefined)).toBeNull();
    expect(renders).toBe(1);
  });

  it('never keeps a compressed body: its nonce could not be renewed', async () => {
    const clock = { now: 0 };
    let renders = 0;
    const app = new Hono();
    app.get('*', pageCache({ ttlMs: 5000, now: () => clock.now }), streamingCompression(), (c) => {
      renders += 1;
      return c.html(`<p>render ${renders}</p>`);
    });
    for (let round = 0; round < 2; round += 1) {
      const response = await app.request('/tours', { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('Content-Encoding')).toBe('br');
      expect(response.headers.get('X-Page-Cache')).toBeNull();
      await response.arrayBuffer();
      await settle();
    }
    expect(renders).toBe(2);
  });

  it('lets identical requests wait for the one render under way (one render, every answer)', async () => {
    const clock = { now: 0 };
    let renders = 0;
    let finish!: () => void;
    const app = new Hono();
    app.get('*', pageCache({ ttlMs: 5000, now: () => clock.now }), async (c) => {
      renders += 1;
      const mine = renders;
      if (mine === 1) await new Promise<void>((resolve) => (finish = resolve));
      return c.html(`<p>render ${mine}</p>`);
    });
    const answers = Array.from({ length: 8 }, () => app.request('/tours'));
    await settle();
    finish();
    const texts = await Promise.all(answers.map(async (answer) => (await answer).text()));
    expect(texts).toEqual(Array.from({ length: 8 }, () => '<p>render 1</p>'));
    expect(renders).toBe(1);
    // Other addresses and visitors are not held by it.
    expect(await (await app.request('/other', { headers: { Cookie: 'a=1' } })).text()).toBe(
      '<p>render 2</p>',
    );
  });

  it('holds followers of a slow render only a bounded time, and not for an unkept answer', async () => {
    const clock = { now: 0 };
    let renders = 0;
    const app = new Hono();
    app.get(
      '*',
      pageCache({ ttlMs: 5000, now: () => clock.now, coalesceWaitMs: 20 }),
      async (c) => {
        renders += 1;
        const mine = renders;
        if (c.req.path === '/slow' && mine === 1) await new Promise((r) => setTimeout(r, 200));
        if (c.req.path === '/personal') c.header('Cache-Control', 'private');
        return c.html(`<p>render ${mine}</p>`);
      },
    );
    const slow = app.request('/slow');
    await settle();
    // The follower stops waiting after 20 ms and renders on its own.
    expect(await (await app.request('/slow')).text()).toBe('<p>render 2</p>');
    expect(await (await slow).text()).toBe('<p>render 1</p>');
    // A personal page is not kept: each of two requests at once gets its own render.
    const personal = await Promise.all([app.request('/personal'), app.request('/personal')]);
    const bodies = await Promise.all(personal.map((answer) => answer.text()));
    expect(new Set(bodies).size).toBe(2);
  });

  it('keys on the address, the language, the cookies and the vary headers', () => {
    const request = new Request('http://x/a?b=1', {
      headers: { Cookie: 'c=1', 'Accept-Language': 'it-IT', 'CF-IPCountry': 'IT' },
    });
    const key = pageCacheKey(request, ['cf-ipcountry']);
    expect(key).toContain('/a?b=1');
    expect(key).toContain('c=1');
    expect(key).toContain('it-IT');
    expect(key).toContain('IT');
    expect(pageVaryHeaders(['cf-ipcountry'])).toEqual([
      'Accept-Language',
      'Cookie',
      'cf-ipcountry',
    ]);
  });
});

describe('pageCache and the CSP nonce', () => {
  /** A page like the SSR's: its nonce in the CSP, on every script and in the `csp-nonce` meta. */
  function nonceApp(clock: { now: number }) {
    let renders = 0;
    const app = new Hono();
    app.get('*', pageCache({ ttlMs: 5000, now: () => clock.now }), (c) => {
      renders += 1;
      const nonce = createNonce();
      c.header('Content-Security-Policy', pageCsp(nonce));
      return c.html(
        `<!DOCTYPE html><html><head><meta property="csp-nonce" content="${nonce}">` +
          `<script nonce="${nonce}">window.$r=${renders}</script></head>` +
          `<body><p>render ${renders}</p><script type="module" nonce="${nonce}" src="/assets/entry.js"></script></body></html>`,
      );
    });
    return { app, renders: () => renders };
  }

  async function page(app: Hono, acceptEncoding?: string) {
    const response = await app.request('/', {
      headers: {
        'Accept-Language': 'it-IT',
        ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}),
      },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const gzipped = response.headers.get('Content-Encoding') === 'gzip';
    const html = (gzipped ? gunzipSync(bytes) : bytes).toString();
    await settle();
    const header = /script-src 'nonce-([^']+)'/.exec(
      response.headers.get('Content-Security-Policy') ?? '',
    )?.[1];
    return {
      html,
      header,
      hit: response.headers.get('X-Page-Cache') === 'hit',
      scriptNonces: [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((m) => m[1]),
      metaNonce: /<meta property="csp-nonce" content="([^"]*)"/.exec(html)?.[1],
    };
  }

  it('gives every hit a fresh nonce, the same in the header and all over the HTML', async () => {
    const { app, renders } = nonceApp({ now: 0 });
    const first = await page(app);
    const second = await page(app);
    const third = await page(app);
    expect([first.hit, second.hit, third.hit]).toEqual([false, true, true]);
    expect(renders()).toBe(1);
    const nonces = [first.header, second.header, third.header];
    expect(new Set(nonces).size).toBe(3);
    for (const seen of [first, second, third]) {
      expect(seen.header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(seen.scriptNonces).toEqual([seen.header, seen.header]);
      expect(seen.metaNonce).toBe(seen.header);
      // The rest of the page is the one render.
      expect(seen.html.replaceAll(seen.header!, 'N')).toBe(
        first.html.replaceAll(first.header!, 'N'),
      );
    }
    expect(second.html).not.toContain(first.header);
    expect(third.html).not.toContain(second.header);
  });

  it('gives every gzipped hit a fresh nonce too, decoding to the one render', async () => {
    const { app, renders } = nonceApp({ now: 0 });
    const first = await page(app, 'gzip, br');
    const hits = [await page(app, 'gzip, br'), await page(app, 'gzip')];
    expect([first.hit, ...hits.map((hit) => hit.hit)]).toEqual([false, true, true]);
    expect(renders()).toBe(1);
    expect(new Set([first.header, ...hits.map((hit) => hit.header)]).size).toBe(3);
    for (const seen of hits) {
      expect(seen.scriptNonces).toEqual([seen.header, seen.header]);
      expect(seen.metaNonce).toBe(seen.header);
      expect(seen.html.replaceAll(seen.header!, 'N')).toBe(
        first.html.replaceAll(first.header!, 'N'),
      );
    }
  });

  it('keeps a page without a nonce byte for byte', async () => {
    const clock = { now: 0 };
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0xff, 0x00, 0x41]);
    const app = new Hono();
    app.get('*', pageCache({ ttlMs: 5000, now: () => clock.now }), () => new Response(bytes));
    await (await app.request('/raw')).arrayBuffer();
    await settle();
    const hit = await app.request('/raw');
    expect(hit.headers.get('X-Page-Cache')).toBe('hit');
    expect(new Uint8Array(await hit.arrayBuffer())).toEqual(bytes);
    const gzipped = await app.request('/raw', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(new Uint8Array(gunzipSync(Buffer.from(await gzipped.arrayBuffer())))).toEqual(bytes);
  });
});
