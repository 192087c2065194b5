/**
 * `/spa/tours-map` through the API, answered by the in-process index and by SQL alone: the same
 * results as `/spa/tours` for the same query (its cards' order, prices and errors), placed where
 * each tour starts, at most 500; every answer checked against the contract.
 */
import type { components } from '@gallop/api-client';
import type { FastifyInstance } from 'fastify';
import { passportToCookie, type RiderPassport } from '@gallop/rider-fit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import type { Database } from '#src/db/client.ts';
import { seoPages, tourDates, tours } from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { TEST_START_TIMEOUT_MS, testEnv } from '#src/testing/env.ts';
import { distanceMetres } from '#src/testing/great-circle.ts';
import { openScratchDatabase, type ScratchDatabase } from '#src/testing/scratch-database.ts';
import { MAP_POINTS_LIMIT } from './map-points.ts';

type TourList = components['schemas']['TourList'];
type TourMapPoints = components['schemas']['TourMapPoints'];
type TourSummary = components['schemas']['TourSummary'];
type Headers = Record<string, string>;

function searchApi(app: () => FastifyInstance) {
  async function map(query: string, headers: Headers = {}) {
    const response = await app().inject({ url: `/spa/tours-map?${query}`, headers });
    const body = expectContractResponse(response, 'listTourMapPoints');
    return { status: response.statusCode, body, headers: response.headers };
  }
  async function points(query: string, headers: Headers = {}): Promise<TourMapPoints> {
    const answer = await map(query, headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as TourMapPoints;
  }
  /** Every card of a search, page by page, and its total. */
  async function cards(query: string, headers: Headers = {}, pages = Infinity) {
    const items: TourSummary[] = [];
    let total = 0;
    for (let page = 1; page <= pages; page += 1) {
      const response = await app().inject({ url: `/spa/tours?${query}&page=${page}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const list = expectContractResponse(response, 'listTours') as TourList;
      items.push(...list.items);
      total = list.pagination.total;
      if (page >= list.pagination.page_count) break;
    }
    return { items, total };
  }
  return { map, points, cards };
}

/** The point a card makes: its fields, placed where its tour starts. */
function pointOf(card: TourSummary, start: Map<number, { lat: number; lng: number }>) {
  return {
    id: card.id,
    slug: card.slug,
    name: card.name,
    ...start.get(card.id)!,
    price: card.price,
    currency: card.currency,
    duration: card.duration,
    rating: card.rating ?? null,
  };
}

async function startsOf(db: Database) {
  const rows = await db.select({ id: tours.id, lat: tours.lat, lng: tours.lng }).from(tours);
  return new Map(rows.map((row) => [row.id, { lat: row.lat, lng: row.lng }]));
}

describe.each<{ served: string; env: Record<string, string>; source: string }>([
  { served: 'the in-process index', env: {}, source: 'index' },
  { served: 'SQL alone', env: { SEARCH_INDEX: 'off' }, source: 'sql' },
])('/spa/tours-map answered by $served', ({ env, source }) => {
  let testApp: TestApp;
  let starts: Map<number, { lat: number; lng: number }>;
  beforeAll(async () => {
    testApp = await buildTestApp(env);
    starts = await startsOf(testApp.database.db);
  }, 120_000);
  afterAll(() => testApp.close());
  const { map, points, cards } = searchApi(() => testApp.app);

  it('answers every result of /spa/tours as points, in its order, placed where each starts', async () => {
    const answer = await map('');
    expect(answer.headers['x-search-source']).toBe(source);
    const all = await cards('');
    // The demo catalogue has fewer listed tours than the cap: every one is a point.
    expect(all.total).toBeLessThan(MAP_POINTS_LIMIT);
    expect(all.total).toBeGreaterThan(100);
    expect(answer.body).toEqual({
      total: all.total,
      points: all.items.map((card) => pointOf(card, starts)),
    });
  });

  it('narrows with a filter, in each sort, as /spa/tours does', async () => {
    const everything = await points('');
    const [country] = (await testApp.database.db.select().from(tours).limit(1)).map(
      (tour) => tour.countryIds[0],
    );
    for (const query of [
      `countries=${country}`,
      `countries=${country}&sort=price`,
      'difficulty=1&difficulty=2&sort=-price',
      'maxHours=4&riderLevel=novice',
    ]) {
      const narrowed = await points(query);
      const expected = await cards(query);
      expect(narrowed.total, query).toBeLessThan(everything.total);
      expect(narrowed.total, query).toBeGreaterThan(0);
      expect(narrowed.points, query).toEqual(expected.items.map((card) => pointOf(card, starts)));
    }
  });

  it('orders "fits me first" by the passport, as the cards are', async () => {
    const passport = { 'x-rider-passport': passportToCookie(NOVICE) };
    const fit = await points('sort=fit', passport);
    const expected = await cards('sort=fit', passport);
    expect(fit.points.map((point) => point.id)).toEqual(expected.items.map((card) => card.id));
    // The passport makes a difference here, or the test proves nothing.
    expect(fit.points.map((point) => point.id)).not.toEqual(
      (await points('')).points.map((point) => point.id),
    );
  });

  it('prices the points in the X-Currency currency, as the cards are', async () => {
    const euro = { 'x-currency': 'EUR' };
    const dateFrom = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const query = `dateFrom=${dateFrom}&priceMax=3000`;
    const inEuro = await points(query, euro);
    const inDollars = await points(query);
    expect(inEuro.points.length).toBeGreaterThan(0);
    expect(new Set(inEuro.points.map((point) => point.currency))).toEqual(new Set(['EUR']));
    expect(inEuro.points).toEqual(
      (await cards(query, euro)).items.map((card) => pointOf(card, starts)),
    );
    expect(inEuro.points.map((point) => point.price)).not.toEqual(
      inDollars.points.map((point) => point.price),
    );
  });

  it('finds only the tours starting within the radius', async () => {
    // Around where some listed tour starts, so the radius holds tours and leaves some out.
    const city = (await points('sort=-price')).points[0]!;
    const query = `lat=${city!.lat}&lng=${city!.lng}&radius=300`;
    const around = await points(query);
    expect(around.points.length).toBeGreaterThan(0);
    expect(around.total).toBeLessThan((await points('')).total);
    for (const point of around.points) {
      expect(distanceMetres(city!.lat, city!.lng, point.lat, point.lng)).toBeLessThanOrEqual(
        300_000,
      );
    }
    expect(around.points).toEqual((await cards(query)).items.map((card) => pointOf(card, starts)));
  });

  it('reads a catalogue page by slug, and 404s for an unknown one', async () => {
    const [page] = await testApp.database.db.select().from(seoPages).limit(1);
    const bySlug = await points(`slug=${page!.slug}`);
    expect(bySlug).toEqual({
      total: (await cards(`slug=${page!.slug}`)).total,
      points: (await cards(`slug=${page!.slug}`)).items.map((card) => pointOf(card, starts)),
    });
    const missing = await map('slug=no-such-landing-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toHaveProperty('message');
  });

  it.each([
    { query: 'priceMin=900&priceMax=100', readAs: 'priceMin=100&priceMax=900', field: 'priceMin' },
    { query: 'daysMin=9&daysMax=3', readAs: 'daysMin=3&daysMax=9', field: 'daysMin' },
    { query: 'lat=10', readAs: '', field: 'lng' },
  ])('answers 400 with the field for $query, even after the search it reads as', async (bad) => {
    // The range turned round (or the coordinate dropped) is cached first: still a 400.
    await points(bad.readAs);
    const answer = await map(bad.query);
    expect(answer.status).toBe(400);
    expect((answer.body as { errors?: object }).errors).toHaveProperty(bad.field);
  });

  it('answers 400 for what the contract rejects, and 422 for an unknown currency', async () => {
    for (const query of ['radius=5000&lat=64.1&lng=-21.9', 'sort=cheap', 'riderWeight=300']) {
      expect((await map(query)).status, query).toBe(400);
    }
    const unknownCurrency = await map('', { 'x-currency': 'XYZ' });
    expect(unknownCurrency.status).toBe(422);
  });

  it('answers a repeated search from the cache, apart from /spa/tours', async () => {
    const query = 'difficulty=2&sort=price';
    const first = await testApp.app.inject({ url: `/spa/tours-map?${query}` });
    const again = await testApp.app.inject({ url: `/spa/tours-map?${query}` });
    expect(first.headers['x-catalog-cache']).toBe('miss');
    expect(again.headers['x-catalog-cache']).toBe('hit-memory');
    expect(again.body).toBe(first.body);
    const list = await testApp.app.inject({ url: `/spa/tours?${query}` });
    expect(list.headers['x-catalog-cache']).toBe('miss');
  });
});

/** A heavy novice in english tack, used to three hours a day. */
const NOVICE: RiderPassport = { level: 'novice', tack: 'english', hoursPerDay: 3, weightKg: 104 };

/**
 * More listed tours than the cap: a scratch catalogue copied over and over (each copy a tour of
 * its own, with its dates), so the answer holds the first 500 of the search and the total of all.
 */
describe('a search with more results than the cap', () => {
  let scratch: ScratchDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    scratch = await openScratchDatabase('map_points');
    await copyCatalogueUntil(scratch.handle.db, MAP_POINTS_LIMIT + 150);
    app = buildApp(testEnv(), {
      database: scratch.handle,
      startTimeoutMs: TEST_START_TIMEOUT_MS,
    });
    await app.ready();
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await scratch?.drop();
  });
  const { points, cards } = searchApi(() => app);

  it('holds the first 500 results in the search order, and counts them all', async () => {
    const starts = await startsOf(scratch.handle.db);
    for (const query of ['sort=default', 'sort=price']) {
      const answer = await points(query);
      const expected = await cards(query, {}, MAP_POINTS_LIMIT / 20);
      expect(answer.total, query).toBeGreaterThan(MAP_POINTS_LIMIT);
      expect(answer.total, query).toBe(expected.total);
      expect(answer.points, query).toHaveLength(MAP_POINTS_LIMIT);
      expect(answer.points, query).toEqual(
        expected.items.slice(0, MAP_POINTS_LIMIT).map((card) => pointOf(card, starts)),
      );
    }
  });
});

/** Copies every tour and its dates (new ids and slugs) until the catalogue holds `wanted` tours. */
async function copyCatalogueUntil(db: Database, wanted: number): Promise<void> {
  const original = await db.select().from(tours);
  const dates = await db.select().from(tourDates);
  const maxTour = Math.max(...original.map((tour) => tour.id));
  const maxDate = Math.max(...dates.map((date) => date.id));
  // Not every tour is listed (drafts, hidden organizers, dates sold out): twice as many is plenty.
  for (let copy = 1; original.length * copy < wanted * 2; copy += 1) {
    await db.insert(tours).values(
      original.map((tour) => ({
        ...tour,
        id: tour.id + copy * maxTour,
        slug: `${tour.slug}-copy-${copy}`,
      })),
    );
    for (let start = 0; start < dates.length; start += 500) {
      await db.insert(tourDates).values(
        dates.slice(start, start + 500).map((date) => ({
          ...date,
          id: date.id + copy * maxDate,
          tourId: date.tourId + copy * maxTour,
          uuid: crypto.randomUUID(),
        })),
      );
    }
  }
}
