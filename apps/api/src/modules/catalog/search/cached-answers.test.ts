/**
 * The cached-answer fast path (decision 030): a repeated search is answered from the response
 * cache before validation and the handler, with the handler's own bytes and headers; everything
 * else falls through to the handler.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { WEB_ORIGIN } from '#src/testing/env.ts';
import { createByteLru } from '../cache/byte-lru.ts';
import type { components } from '@gallop/api-client';
import {
  createResponseCache,
  type AnswerSource,
  type ResponseCache,
} from '../cache/response-cache.ts';
import { whileTourChanged } from '../cache/testing.ts';
import type { TourChanges } from '../cache/tour-changes.ts';

type TourList = components['schemas']['TourList'];

const SEARCH = '/spa/tours?sort=price&expand=filters&page=2';

/** Everything but the clock's `date`: the request id is fixed by the request. */
function headersOf(response: LightMyRequestResponse) {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

/** A response cache under controllable changes and clock, counting the fast path's answers. */
function controlledCache() {
  const state = { changed: [] as TourChanges, now: 0, fastAnswers: 0 };
  const changes = {
    drain: () => {
      const drained = state.changed;
      state.changed = [];
      return drained;
    },
  };
  const cache = createResponseCache({
    memory: createByteLru<AnswerSource>(10_000_000, () => state.now, 1_000),
    changes,
    ttlMs: 1_000,
    now: () => state.now,
  });
  // The fast path answers exactly when `peek` hands it a body.
  const counted: ResponseCache = {
    ...cache,
    peek(key) {
      const body = cache.peek(key);
      if (body) state.fastAnswers += 1;
      return body;
    },
  };
  return { state, cache: counted };
}

describe('the cached-answer fast path', () => {
  let testApp: TestApp;
  let state: ReturnType<typeof controlledCache>['state'];
  let slug: string;
  beforeAll(async () => {
    const controlled = controlledCache();
    state = controlled.state;
    testApp = await buildTestApp({}, { responseCache: controlled.cache });
    const { rows } = (await testApp.database.db.execute(
      'select slug from seo_pages order by id limit 1',
    )) as unknown as { rows: { slug: string }[] };
    slug = rows[0]!.slug;
  });
  afterAll(() => testApp.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ url, headers });

  it.each([
    ['/spa/tours', SEARCH],
    ['/spa/tours-page', '/spa/tours-page?slug={slug}&expand=filters'],
  ])('answers a repeated %s byte for byte as the handler does', async (_route, template) => {
    const url = template.replace('{slug}', slug);
    const headers = { 'x-request-id': 'fast-path-test', origin: WEB_ORIGIN };
    const first = await get(url, { ...headers, 'x-currency': 'EUR' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-catalog-cache']).toBe('miss');
    // Another spelling of the currency is another request to the fast path, the same cache
    // entry to the handler: this is the handler answering from memory.
    const before = state.fastAnswers;
    const byHandler = await get(url, { ...headers, 'x-currency': 'eur' });
    expect(byHandler.headers['x-catalog-cache']).toBe('hit-memory');
    expect(state.fastAnswers).toBe(before);
    const fast = await get(url, { ...headers, 'x-currency': 'eur' });
    expect(state.fastAnswers).toBe(before + 1);
    expect(fast.statusCode).toBe(200);
    expect(fast.rawPayload.equals(byHandler.rawPayload)).toBe(true);
    expect(fast.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(headersOf(fast)).toEqual(headersOf(byHandler));
    expect(Object.keys(fast.headers)).toEqual(Object.keys(byHandler.headers));
    expect(fast.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(fast.headers['x-request-id']).toBe('fast-path-test');
    expect(fast.headers['content-length']).toBe(String(fast.rawPayload.byteLength));
  });

  it('sends the request that computed an answer plain, and compresses from the next (decision 081)', async () => {
    const url = '/spa/tours?sort=-price&expand=filters&page=3';
    const accepts = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(url, accepts);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBeUndefined();
    // The next request may be answered compressed: a shared cache must key on the encoding.
    expect(first.headers.vary).toBe('Origin, Accept-Encoding');
    const second = await get(url, accepts);
    expect(second.headers['x-catalog-cache']).toBe('hit-memory');
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.rawPayload).equals(first.rawPayload)).toBe(true);
  });

  it('compresses kept answers for clients that accept it, once per body (decision 066)', async () => {
    const url = '/spa/tours?sort=price&expand=filters&page=4';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
    const json = plain.json();
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const brotliAgain = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotliAgain.headers['x-catalog-cache']).toBe('hit-memory');
    for (const response of [brotli, brotliAgain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toBe('Origin, Accept-Encoding');
      expect(response.headers['content-length']).toBe(String(response.rawPayload.byteLength));
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(json);
    }
    // Compressed once: both answers are the same bytes, a fraction of the JSON.
    expect(brotliAgain.rawPayload.equals(brotli.rawPayload)).toBe(true);
    expect(brotli.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
    const refused = await get(url, { 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('misses once a tour the answer shows changes, then answers the new entry', async () => {
    const url = '/spa/tours?sort=-price&page=3';
    const first = await get(url);
    const fast = await get(url);
    expect(fast.headers['x-catalog-cache']).toBe('hit-memory');
    const before = state.fastAnswers;
    state.changed = [(JSON.parse(first.body) as TourList).items[0]!.id];
    const after = await get(url);
    expect(after.headers['x-catalog-cache']).toBe('miss');
    expect(state.fastAnswers).toBe(before);
    // Its search started in the millisecond the change was learnt: not trusted, searched again.
    state.now += 1;
    expect((await get(url)).headers['x-catalog-cache']).toBe('miss');
    await get(url);
    expect(state.fastAnswers).toBe(before + 1);
  });

  it('keeps currencies apart', async () => {
    const url = '/spa/tours?sort=price&page=4';
    await get(url, { 'x-currency': 'EUR' });
    const euros = await get(url, { 'x-currency': 'EUR' });
    expect(euros.headers['x-catalog-cache']).toBe('hit-memory');
    const before = state.fastAnswers;
    const dollars = await get(url, { 'x-currency': 'USD' });
    expect(dollars.headers['x-catalog-cache']).toBe('miss');
    expect(state.fastAnswers).toBe(before);
    expect(JSON.parse(dollars.body).items[0].currency).toBe('USD');
    const noHeader = await get(url);
    expect(noHeader.body).toBe(dollars.body);
    const eurosAgain = await get(url, { 'x-currency': 'EUR' });
    expect(state.fastAnswers).toBe(before + 1);
    expect(JSON.parse(eurosAgain.body).items[0].currency).toBe('EUR');
    expect(eurosAgain.body).toBe(euros.body);
  });

  it('leaves a stale entry to the handler, which answers it and refreshes it', async () => {
    const url = '/spa/tours?sort=price&page=5';
    await get(url);
    const before = state.fastAnswers;
    state.now += 1_500;
    const stale = await get(url);
    expect(stale.headers['x-catalog-cache']).toBe('hit-stale');
    expect(state.fastAnswers).toBe(before);
    await expect.poll(async () => (await get(url)).headers['x-catalog-cache']).toBe('hit-memory');
    expect(state.fastAnswers).toBeGreaterThan(before);
  });

  it('falls through for requests it has not seen answered, and bad ones stay 4xx JSON', async () => {
    const before = state.fastAnswers;
    const first = await get('/spa/tours?sort=-price&page=2');
    expect(first.headers['x-catalog-cache']).toBe('miss');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const invalid = await get('/spa/tours?page=abc');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(invalid.body).errors.page).toBeDefined();
      const currency = await get('/spa/tours?sort=-price&page=2', { 'x-currency': 'XXX' });
      expect(currency.statusCode).toBe(422);
      expect(JSON.parse(currency.body).message).toMatch(/XXX/);
      const missing = await get(`/spa/tours?slug=no-such-page-${attempt}`);
      expect(missing.statusCode).toBe(404);
    }
    const head = await testApp.app.inject({ method: 'HEAD', url: '/spa/tours?sort=-price&page=2' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(state.fastAnswers).toBe(before);
  });
});

describe('the fast path with the configured cache', () => {
  // A database of its own: bookings and edits other files make on the shared one would drop
  // the answers this test expects to stay cached.
  let testApp: ScratchApp;
  beforeAll(async () => {
    testApp = await buildScratchApp('cached_answers');
  }, 120_000);
  afterAll(() => testApp.close());

  it("sees a write to a tour it shows through the database's change log", async () => {
    const url = '/spa/tours?sort=-price&page=2&expand=filters';
    const first = await testApp.app.inject({ url });
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expect((await testApp.app.inject({ url })).headers['x-catalog-cache']).toBe('hit-memory');
    const tourId = (JSON.parse(first.body) as TourList).items[0]!.id;
    await whileTourChanged(testApp.scratch.handle.db, tourId, async () => {
      // Instances read the log about twice a second (decision 110).
      await expect
        .poll(async () => (await testApp.app.inject({ url })).headers['x-catalog-cache'], {
          timeout: 5_000,
          interval: 200,
        })
        .toBe('miss');
    });
  });
});
