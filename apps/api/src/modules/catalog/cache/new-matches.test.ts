/**
 * Cached search answers follow changes of tours they do not show (issue 45, decision 150): a tour
 * published again, a date added, a price moved into a search's range, seats freed, all show in a
 * cached search long before its entry expires, while a cached search the tour does not count in stays
 * cached; facet counts follow a matching tour off the page; and a second API instance sharing
 * Redis follows too. On a scratch database (PGlite, or its own PostgreSQL database with
 * REDIS_URL), so no other test file's writes drop the answers these tests expect kept.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, ne, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@gallop/api-client';
import { buildApp } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { tourDates, tours } from '#src/db/schema/index.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { testEnv, TEST_START_TIMEOUT_MS } from '#src/testing/env.ts';
import { createByteLru } from './byte-lru.ts';
import { createResponseCache, type AnswerSource } from './response-cache.ts';
import { createRedisStore } from './shared-store.ts';

type TourList = components['schemas']['TourList'];
type FastifyApp = ScratchApp['app'];

/**
 * Issue 45's target is two seconds; how fast is measured by `pnpm bench:writes`, never here (a
 * timed test fails on a busy machine). The poll only has to end well before an entry's TTL (60 s),
 * which is when a new match showed before decision 150: a test that waited that long would pass
 * without it.
 */
const SHOWS_BEFORE_TTL_MS = 15_000;
const poll = { timeout: SHOWS_BEFORE_TTL_MS, interval: 50 };

async function search(app: FastifyApp, url: string) {
  const response = await app.inject({ url, headers: { 'x-currency': 'USD' } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as TourList;
  return {
    cache: response.headers['x-catalog-cache'],
    ids: body.items.map((item) => item.id),
    body,
  };
}

/** Asks `url` until it is answered from the cache (the second ask at most). */
async function cached(app: FastifyApp, url: string) {
  await search(app, url);
  expect((await search(app, url)).cache).toMatch(/^hit/);
}

/** A listed tour of the plain segment with a bookable date, and another organizer's id. */
async function aListedTour(db: Database) {
  const today = new Date().toISOString().slice(0, 10);
  const [row] = await db
    .select({ tour: tours, date: tourDates })
    .from(tours)
    .innerJoin(tourDates, eq(tourDates.tourId, tours.id))
    .where(
      and(
        eq(tours.isPublished, true),
        eq(tours.type, 1),
        eq(tours.isCruise, false),
        sql`tours.from_price_usd is not null`,
        gte(tourDates.startDate, today),
        eq(tourDates.isBusy, false),
        gt(tourDates.numberOfFreeSeats, 0),
        gt(tourDates.priceUsd, 200),
      ),
    )
    .orderBy(tours.id, tourDates.id)
    .limit(1);
  const [other] = await db
    .select({ organizerId: tours.organizerId })
    .from(tours)
    .where(and(ne(tours.organizerId, row!.tour.organizerId), eq(tours.isPublished, true)))
    .limit(1);
  return { tour: row!.tour, date: row!.date, otherOrganizer: other!.organizerId };
}

describe('cached searches and tours they do not show (decision 150)', () => {
  let testApp: ScratchApp;
  let db: Database;
  let listed: Awaited<ReturnType<typeof aListedTour>>;
  /** A cached search the changed tour never counts in (another organizer's, no facets). */
  let unrelated: string;

  beforeAll(async () => {
    testApp = await buildScratchApp('new_matches');
    db = testApp.scratch.handle.db;
    listed = await aListedTour(db);
    unrelated = `/spa/tours?organizer=${listed.otherOrganizer}&sort=price`;
  }, 120_000);
  afterAll(() => testApp.close());

  const app = () => testApp.app;
  /** The search of the tour's date's day alone. */
  const onItsDay = () =>
    `/spa/tours?dateFrom=${listed.date.startDate}&dateTo=${listed.date.startDate}`;
  const shows = (url: string) => async () =>
    (await search(app(), url)).ids.includes(listed.tour.id);

  /** The tour gone from `url` after `hide`, back after `show`, the unrelated search kept. */
  async function expectReturns(
    url: string,
    hide: () => Promise<unknown>,
    show: () => Promise<unknown>,
  ) {
    await hide();
    // Let the index apply the hiding: polled until the tour is gone.
    await expect.poll(shows(url), { timeout: 10_000, interval: 100 }).toBe(false);
    await cached(app(), url);
    await cached(app(), unrelated);
    expect((await search(app(), unrelated)).ids).not.toContain(listed.tour.id);
    await show();
    await expect.poll(shows(url), poll).toBe(true);
    expect((await search(app(), unrelated)).cache).toBe('hit-memory');
  }

  it('shows a tour published again', async () => {
    const publish = (isPublished: boolean) =>
      db.update(tours).set({ isPublished }).where(eq(tours.id, listed.tour.id));
    try {
      await expectReturns(
        onItsDay(),
        () => publish(false),
        () => publish(true),
      );
    } finally {
      await publish(true);
    }
  });

  it('shows a tour whose seats were freed', async () => {
    const seats = (numberOfFreeSeats: number) =>
      db.update(tourDates).set({ numberOfFreeSeats }).where(eq(tourDates.id, listed.date.id));
    try {
      await expectReturns(
        onItsDay(),
        () => seats(0),
        () => seats(listed.date.numberOfFreeSeats),
      );
    } finally {
      await seats(listed.date.numberOfFreeSeats);
    }
  });

  it('shows a tour given a date in a search’s window', async () => {
    const day = new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 505 * 86_400_000).toISOString().slice(0, 10);
    const url = `/spa/tours?dateFrom=${day}&dateTo=${day}`;
    const { id: _id, ...copied } = listed.date;
    let added: number | undefined;
    try {
      await expectReturns(
        url,
        async () => {},
        async () => {
          const [row] = await db
            .insert(tourDates)
            .values({ ...copied, startDate: day, endDate: later })
            .returning({ id: tourDates.id });
          added = row!.id;
        },
      );
    } finally {
      if (added !== undefined) await db.delete(tourDates).where(eq(tourDates.id, added));
    }
  });

  it('shows a tour whose price moved into a search’s range', async () => {
    const { priceUsd, pricePerDayUsd } = listed.date;
    const url = `${onItsDay()}&priceMax=${Math.floor(priceUsd / 100) - 1}`;
    const price = (usd: number, perDay: number) =>
      db
        .update(tourDates)
        .set({ priceUsd: usd, pricePerDayUsd: perDay })
        .where(eq(tourDates.id, listed.date.id));
    try {
      await expectReturns(
        url,
        async () => {},
        () => price(100, 100),
      );
    } finally {
      await price(priceUsd, pricePerDayUsd);
    }
  });

  it('counts a matching tour off the page in the facets', async () => {
    const url = '/spa/tours?expand=filters';
    const first = await search(app(), url);
    const { page_count: pages } = first.body.pagination;
    expect(pages).toBeGreaterThan(1);
    const last = await search(app(), `${url}&page=${pages}`);
    const offPage = last.ids.at(-1)!;
    expect(first.ids).not.toContain(offPage);
    const [tour] = await db.select().from(tours).where(eq(tours.id, offPage));
    const from = tour!.difficulty;
    const to = from === 1 ? 2 : 1;
    const countOf = (body: TourList, value: number) =>
      body.filters?.difficulty?.find((option) => Number(option.value) === value)?.count ?? 0;
    await cached(app(), url);
    const before = (await search(app(), url)).body;
    try {
      await db.update(tours).set({ difficulty: to }).where(eq(tours.id, offPage));
      await expect
        .poll(async () => countOf((await search(app(), url)).body, to), poll)
        .toBe(countOf(before, to) + 1);
      const after = (await search(app(), url)).body;
      expect(countOf(after, from)).toBe(countOf(before, from) - 1);
      expect(after.pagination.total).toBe(before.pagination.total);
      expect(after.items.map((item) => item.id)).toEqual(first.ids);
    } finally {
      await db.update(tours).set({ difficulty: from }).where(eq(tours.id, offPage));
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('two API instances sharing Redis (decision 150)', () => {
  const prefix = `gallop:test:${randomUUID()}:`;
  let first: ScratchApp;
  let second: FastifyApp;
  const cacheWithRedis = async () => {
    const shared = createRedisStore({
      url: redisUrl!,
      keyPrefix: prefix,
      log: { warn: () => {}, info: () => {} },
    });
    await shared.ready();
    return createResponseCache({ memory: createByteLru<AnswerSource>(10_000_000), shared });
  };

  beforeAll(async () => {
    first = await buildScratchApp(
      'new_matches_shared',
      {},
      { responseCache: await cacheWithRedis() },
    );
    // The second instance: another process's app over the same database and Redis.
    second = buildApp(testEnv(), {
      startTimeoutMs: TEST_START_TIMEOUT_MS,
      database: first.scratch.handle,
      responseCache: await cacheWithRedis(),
    });
    await second.ready();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
    const admin = new Redis(redisUrl!);
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });

  it("changes the other instance's cached answer too", async () => {
    const db = first.scratch.handle.db;
    const { tour, date } = await aListedTour(db);
    const url = `/spa/tours?dateFrom=${date.startDate}&dateTo=${date.startDate}&priceMax=${Math.floor(date.priceUsd / 100) - 1}`;
    const answer = await search(first.app, url);
    expect(answer.ids).not.toContain(tour.id);
    await cached(first.app, url);
    // The second instance answers the same search (from Redis, or its own search).
    expect((await search(second, url)).body).toEqual(answer.body);
    expect((await search(second, url)).cache).toMatch(/^hit/);
    const price = (usd: number, perDay: number) =>
      db
        .update(tourDates)
        .set({ priceUsd: usd, pricePerDayUsd: perDay })
        .where(eq(tourDates.id, date.id));
    try {
      await price(100, 100);
      const shows = (app: FastifyApp) => async () => (await search(app, url)).ids.includes(tour.id);
      await Promise.all([
        expect.poll(shows(second), poll).toBe(true),
        expect.poll(shows(first.app), poll).toBe(true),
      ]);
    } finally {
      await price(date.priceUsd, date.pricePerDayUsd);
    }
  });
});
