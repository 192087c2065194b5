/**
 * A catalogue page's stored price bounds are US dollars (`seo_pages.filters`, see
 * `storedPriceBounds` in filters.ts): the page lists the same tours whatever the visitor's
 * currency, its bounds converted into that currency at the current rates, while a visitor's own
 * bound stays in the visitor's currency (`X-Currency`). Answered by the in-process index and by
 * SQL alone, on a scratch database (a page is added; on PostgreSQL a database of its own).
 */
import type { components } from '@gallop/api-client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoPages } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { createRatesCache, type Rates } from '#src/shared/money/rates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { buildScratchApp, type ScratchApp } from '#src/testing/scratch-database.ts';
import { listedTour, TOUR_SEGMENT } from '../listed.ts';
import { bookableDate } from './conditions.ts';
import { createResultCache, uncachedResults, type ResultCache } from './result-cache.ts';
import { runSearch } from './run-search.ts';
import { queryRows } from './sql.ts';

type TourList = components['schemas']['TourList'];
type ToursPage = components['schemas']['ToursPage'];
type Headers = Record<string, string>;

const SLUG = 'horse-tours-on-a-budget';
const today = todayIso();
/** Currencies far from the dollar both ways, and ones with caps of their own (decision 176). */
const CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB', 'JPY', 'KRW'];

describe.each<{ served: string; env: Record<string, string>; source: string }>([
  { served: 'the in-process index', env: {}, source: 'index' },
  { served: 'SQL alone', env: { SEARCH_INDEX: 'off' }, source: 'sql' },
])("a catalogue page's price bounds, answered by $served", ({ env, source }) => {
  let scratch: ScratchApp;
  let rates: Rates;
  /** The page's bounds, whole US dollars: about the catalogue's median price. */
  let priceMax: number;
  let perDayMin: number;

  beforeAll(async () => {
    scratch = await buildScratchApp('seo_price_bounds', env);
    const db = scratch.scratch.handle.db;
    rates = await createRatesCache(db).get();
    const [median] = await queryRows<{ price: number | string; per_day: number | string }>(
      db,
      sql`select percentile_disc(0.5) within group (order by price_usd) as price,
        percentile_disc(0.2) within group (order by price_per_day_usd) as per_day
        from tour_dates join tours on tours.id = tour_dates.tour_id
        where ${listedTour(today)} and ${TOUR_SEGMENT} and ${bookableDate(today)}`,
    );
    priceMax = Math.floor(Number(median!.price) / 100);
    perDayMin = Math.floor(Number(median!.per_day) / 100);
    await db.insert(seoPages).values({
      slug: SLUG,
      title: 'Horse tours on a budget',
      h1: 'Horse tours on a budget',
      filters: { priceMax, pricePerDayMin: perDayMin },
      groupName: 'Prices',
    });
  }, 120_000);
  afterAll(() => scratch?.close());

  /** Every tour id of a search, page by page, and its first page. */
  async function walk(query: string, headers: Headers) {
    const ids: number[] = [];
    let first: TourList | undefined;
    for (let page = 1; ; page += 1) {
      const response = await scratch.app.inject({
        url: `/spa/tours?${query}&page=${page}&expand=filters`,
        headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      // Said by the answers computed here (not by those the response cache keeps).
      const answeredBy = response.headers['x-search-source'];
      if (answeredBy !== undefined) expect(answeredBy).toBe(source);
      const list = expectContractResponse(response, 'listTours') as TourList;
      first ??= list;
      ids.push(...list.items.map((item) => item.id));
      if (page >= list.pagination.page_count) break;
    }
    return { ids, first: first! };
  }

  async function toursPage(query: string, headers: Headers): Promise<ToursPage> {
    const response = await scratch.app.inject({ url: `/spa/tours-page?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return expectContractResponse(response, 'getToursPage') as ToursPage;
  }

  /** The tours with a bookable date within the given bounds, each in US cents. */
  async function expectedIds(bounds: {
    priceMinUsd?: number;
    priceMaxUsd?: number;
    perDayMinUsd?: number;
  }): Promise<number[]> {
    const { priceMinUsd = 0, priceMaxUsd = 2 ** 31 - 1, perDayMinUsd = 0 } = bounds;
    const rows = await queryRows<{ id: number | string }>(
      scratch.scratch.handle.db,
      sql`select distinct tours.id from tours join tour_dates on tour_dates.tour_id = tours.id
        where ${listedTour(today)} and ${TOUR_SEGMENT} and ${bookableDate(today)}
          and tour_dates.price_usd between ${priceMinUsd} and ${priceMaxUsd}
          and tour_dates.price_per_day_usd >= ${perDayMinUsd}
        order by tours.id`,
    );
    return rows.map((row) => Number(row.id));
  }
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it('lists the same tours in every currency: its bounds are US dollars', async () => {
    const expected = await expectedIds({
      priceMaxUsd: priceMax * 100,
      perDayMinUsd: perDayMin * 100,
    });
    const everything = await expectedIds({});
    // The bounds restrict: some tours, not all.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    for (const currency of CURRENCIES) {
      const headers = { 'x-currency': currency };
      const { ids, first } = await walk(`slug=${SLUG}&sort=price`, headers);
      expect(sorted(ids), currency).toEqual(expected);
      const page = await toursPage(`slug=${SLUG}&sort=price`, headers);
      expect(page.pagination.total, currency).toBe(expected.length);
      expect(page.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    }
  });

  it('states its bounds in the visitor’s currency, rounded to whole units', async () => {
    for (const currency of CURRENCIES) {
      const rate = rates.get(currency)!;
      const page = await toursPage(`slug=${SLUG}`, { 'x-currency': currency });
      expect(page.filter, currency).toEqual({
        priceMax: Math.round(priceMax * rate),
        pricePerDayMin: Math.round(perDayMin * rate),
      });
    }
  });

  it('counts the same facets in every currency, and spans the price slider alike', async () => {
    const usd = (await walk(`slug=${SLUG}`, { 'x-currency': 'USD' })).first.filters!;
    for (const currency of CURRENCIES) {
      const rate = rates.get(currency)!;
      const facets = (await walk(`slug=${SLUG}`, { 'x-currency': currency })).first.filters!;
      const { price_min: min, price_max: max, ...counts } = facets;
      const { price_min: usdMin, price_max: usdMax, ...usdCounts } = usd;
      expect(counts, currency).toEqual(usdCounts);
      // The slider spans the page's tours without its price bounds: the same cheapest and
      // dearest dates, converted and rounded outwards (floor and ceiling in each currency).
      expect(min! / rate, currency).toBeLessThan(usdMin! + 1);
      expect((min! + 1) / rate, currency).toBeGreaterThan(usdMin!);
      expect(max! / rate, currency).toBeGreaterThan(usdMax! - 1);
      expect((max! - 1) / rate, currency).toBeLessThan(usdMax!);
    }
  });

  it("reads a visitor's own bound in the visitor's currency, beside the page's", async () => {
    const eur = rates.get('EUR')!;
    // The visitor's lower bound, in euros, with the page's upper one (dollars) and per day.
    const euros = Math.round(priceMax * eur * 0.4);
    const withMin = await walk(`slug=${SLUG}&priceMin=${euros}`, { 'x-currency': 'EUR' });
    expect(sorted(withMin.ids)).toEqual(
      await expectedIds({
        priceMinUsd: Math.ceil((euros / eur) * 100 - 1e-6),
        priceMaxUsd: priceMax * 100,
        perDayMinUsd: perDayMin * 100,
      }),
    );
    // The visitor's upper bound replaces the page's: in euros, not dollars.
    const cap = Math.round(priceMax * 0.5);
    const withMax = await walk(`slug=${SLUG}&priceMax=${cap}`, { 'x-currency': 'EUR' });
    expect(sorted(withMax.ids)).toEqual(
      await expectedIds({
        priceMaxUsd: Math.floor((cap / eur) * 100 + 1e-6),
        perDayMinUsd: perDayMin * 100,
      }),
    );
    const page = await toursPage(`slug=${SLUG}&priceMax=${cap}`, { 'x-currency': 'EUR' });
    expect(page.filter).toEqual({ priceMax: cap, pricePerDayMin: Math.round(perDayMin * eur) });
  });
});

describe('the SQL search keeps totals and facets by the dollars a bound stands for', () => {
  let testApp: TestApp;
  let rates: Rates;
  beforeAll(async () => {
    testApp = await buildTestApp({ SEARCH_INDEX: 'off' });
    rates = await createRatesCache(testApp.database.db).get();
  }, 120_000);
  afterAll(() => testApp?.close());

  /** A result cache that tells the keys it was asked for. */
  function recordingCache(): { cache: ResultCache; keys: string[] } {
    const inner = createResultCache();
    const keys: string[] = [];
    return {
      keys,
      cache: {
        get: (key, load) => (keys.push(key), inner.get(key, load)),
        clear: () => inner.clear(),
      },
    };
  }

  async function total(
    results: ResultCache,
    currency: string,
    rates: Rates,
    request: { query: Record<string, unknown>; stored?: Record<string, unknown> },
  ): Promise<number> {
    const { list } = await runSearch(
      testApp.database.db,
      { results, index: undefined, cards: undefined },
      { currency, rates, today, passport: undefined },
      { query: request.query, stored: request.stored },
    );
    return list.pagination.total;
  }

  it("keeps one entry for a page's dollar bounds in every currency", async () => {
    const { cache, keys } = recordingCache();
    const stored = { priceMax: 1500, pricePerDayMin: 90 };
    const totals = [];
    for (const currency of CURRENCIES) {
      totals.push(await total(cache, currency, rates, { query: {}, stored }));
    }
    expect(new Set(totals).size).toBe(1);
    expect(new Set(keys).size).toBe(1);
  });

  it("asks again for a visitor's bound in euros once a rate change moves its dollars", async () => {
    const { cache } = recordingCache();
    const query = { priceMax: 1200 };
    const dearerEuro = new Map([...rates, ['EUR', rates.get('EUR')! / 2]]);
    const before = await total(cache, 'EUR', rates, { query });
    const after = await total(cache, 'EUR', dearerEuro, { query });
    // Each as counted afresh: €1,200 is twice the dollars at the new rate, and more tours.
    expect(before).toBe(await total(uncachedResults, 'EUR', rates, { query }));
    expect(after).toBe(await total(uncachedResults, 'EUR', dearerEuro, { query }));
    expect(after).toBeGreaterThan(before);
  });
});
