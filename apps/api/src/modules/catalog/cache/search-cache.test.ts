/**
 * The response cache in front of `/spa/tours` and `/spa/tours-page`: the same bytes again, a
 * miss once a tour an answer shows changes, nothing cached with CATALOG_CACHE=off, and answers shared
 * between two API instances through Redis (when REDIS_URL is set).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { createByteLru } from './byte-lru.ts';
import type { components } from '@gallop/api-client';
import { createResponseCache, type AnswerSource } from './response-cache.ts';
import { whileTourChanged } from './testing.ts';
import { createTourChangesFeed, type TourChangesSubscription } from './tour-changes.ts';
import { createRedisStore } from './shared-store.ts';

type TourList = components['schemas']['TourList'];

const SEARCH = '/spa/tours?sort=price&expand=filters&page=2';

describe('search answers with the response cache', () => {
  // A database of its own: bookings and edits other files make on the shared one would drop
  // the answers these tests expect to stay cached.
  let testApp: ScratchApp;
  beforeAll(async () => {
    // The change log is read on every lookup (no interval), once the app's database is open.
    const feed: { subscription?: TourChangesSubscription } = {};
    testApp = await buildScratchApp(
      'search_cache',
      {},
      {
        responseCache: createResponseCache({
          memory: createByteLru<AnswerSource>(1_000_000),
          changes: { drain: () => feed.subscription?.drain() ?? [] },
        }),
      },
    );
    feed.subscription = createTourChangesFeed(testApp.scratch.handle.db, {
      intervalMs: 0,
    }).subscribe();
  }, 120_000);
  afterAll(() => testApp.close());

  it('answers the same bytes from memory, in the request currency', async () => {
    const first = await testApp.app.inject({ url: SEARCH, headers: { 'x-currency': 'EUR' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expectContractResponse(first, 'listTours');
    const again = await testApp.app.inject({ url: SEARCH, headers: { 'x-currency': 'EUR' } });
    expect(again.headers['x-catalog-cache']).toBe('hit-memory');
    expect(again.body).toBe(first.body);
    // Another currency is another answer.
    const dollars = await testApp.app.inject({ url: SEARCH, headers: { 'x-currency': 'USD' } });
    expect(dollars.headers['x-catalog-cache']).toBe('miss');
    expect(JSON.parse(dollars.body).items[0].currency).toBe('USD');
    expect(JSON.parse(again.body).items[0].currency).toBe('EUR');
  });

  it('shares an answer between equivalent queries, and keeps SEO pages apart', async () => {
    const plain = await testApp.app.inject({ url: '/spa/tours?countries=1&priceMin=0' });
    const same = await testApp.app.inject({ url: '/spa/tours?countries=1' });
    expect(plain.statusCode).toBe(200);
    expect(same.headers['x-catalog-cache']).toBe('hit-memory');
    expect(same.body).toBe(plain.body);
  });

  it('misses once a tour the answer shows changes', async () => {
    const url = '/spa/tours?sort=-price';
    const first = await testApp.app.inject({ url });
    expect((await testApp.app.inject({ url })).headers['x-catalog-cache']).toBe('hit-memory');
    const tourId = (JSON.parse(first.body) as TourList).items.at(-1)!.id;
    await whileTourChanged(testApp.scratch.handle.db, tourId, async () => {
      await expect
        .poll(async () => (await testApp.app.inject({ url })).headers['x-catalog-cache'])
        .toBe('miss');
    });
  });

  it('never caches an error', async () => {
    const url = '/spa/tours?slug=no-such-page-at-all';
    expect((await testApp.app.inject({ url })).statusCode).toBe(404);
    const again = await testApp.app.inject({ url });
    expect(again.statusCode).toBe(404);
    expect(again.headers['x-catalog-cache']).toBeUndefined();
  });
});

describe('CATALOG_CACHE=off', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ CATALOG_CACHE: 'off' });
  });
  afterAll(() => testApp.close());

  it('answers every search from the database', async () => {
    const first = await testApp.app.inject({ url: SEARCH });
    const again = await testApp.app.inject({ url: SEARCH });
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expect(again.headers['x-catalog-cache']).toBe('miss');
    expect(again.body).toBe(first.body);
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('two API instances sharing Redis', () => {
  const prefix = `gallop:test:${randomUUID()}:`;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 2; index += 1) {
      const shared = createRedisStore({
        url: redisUrl!,
        keyPrefix: prefix,
        log: { warn: () => {}, info: () => {} },
      });
      await shared.ready();
      apps.push(
        await buildTestApp(
          {},
          {
            responseCache: createResponseCache({
              memory: createByteLru<AnswerSource>(1_000_000),
              shared,
            }),
          },
        ),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    const admin = new Redis(redisUrl!);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it("the second instance answers from the first one's search", async () => {
    const url = '/spa/tours-page?slug=' + (await firstSeoSlug(apps[0]!));
    const first = await apps[0]!.app.inject({ url });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expectContractResponse(first, 'getToursPage');
    // The first instance stores in the background: wait for the entry, then ask the second.
    const admin = new Redis(redisUrl!);
    try {
      await expect.poll(async () => (await admin.keys(`${prefix}*`)).length).toBe(1);
    } finally {
      admin.disconnect();
    }
    const shared = await apps[1]!.app.inject({ url });
    expect(shared.headers['x-catalog-cache']).toBe('hit-shared');
    expect(shared.body).toBe(first.body);
  });
});

async function firstSeoSlug(testApp: TestApp): Promise<string> {
  const { rows } = (await testApp.database.db.execute(
    'select slug from seo_pages order by id limit 1',
  )) as unknown as { rows: { slug: string }[] };
  return rows[0]!.slug;
}
