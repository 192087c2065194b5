/**
 * "Fits me first" (`sort=fit`, decision 109) through the API: the passport travels in the
 * `X-Rider-Passport` header, orders the answer as `matchRider` of `@gallop/rider-fit` says
 * (computed here from the raw rows, never with the module's own SQL or index), keys the cached
 * answer of a `fit` search only, is ignored when it does not read, and is never logged. Run with
 * the in-process index (the default) and on SQL alone (`SEARCH_INDEX=off`).
 */
import type { components } from '@gallop/api-client';
import {
  FIT_VERDICTS,
  matchRider,
  passportProfile,
  passportToCookie,
  RIDER_LEVELS,
  type RiderPassport,
  type Tack,
} from '@gallop/rider-fit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizers, tourDates, tours } from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { WEB_ORIGIN } from '#src/testing/env.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { captureLogs } from '#src/testing/logs.ts';

type TourList = components['schemas']['TourList'];
type Tour = typeof tours.$inferSelect;
type TourDate = typeof tourDates.$inferSelect;

const today = todayIso();
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A heavy novice in english tack, used to three hours a day. */
const NOVICE: RiderPassport = { level: 'novice', tack: 'english', hoursPerDay: 3, weightKg: 104 };
/** A heavier beginner in western tack, used to two hours a day. */
const BEGINNER: RiderPassport = {
  level: 'beginner',
  tack: 'western',
  hoursPerDay: 2,
  weightKg: 115,
};
const header = (passport: RiderPassport) => ({ 'x-rider-passport': passportToCookie(passport) });

interface Rows {
  listed: Tour[];
  bookable: Map<number, TourDate[]>;
}

async function readRows(testApp: TestApp): Promise<Rows> {
  const { db } = testApp.database;
  const hidden = new Set(
    (await db.select().from(organizers))
      .filter((row) => !row.isPublishedOnSite)
      .map((row) => row.id),
  );
  const bookable = new Map<number, TourDate[]>();
  for (const date of await db.select().from(tourDates)) {
    if (date.startDate < today || date.isBusy || date.numberOfFreeSeats <= 0) continue;
    bookable.set(date.tourId, [...(bookable.get(date.tourId) ?? []), date]);
  }
  const listed = (await db.select().from(tours)).filter(
    (tour) =>
      tour.isPublished &&
      !hidden.has(tour.organizerId) &&
      tour.type === 1 &&
      !tour.isCruise &&
      bookable.has(tour.id),
  );
  return { listed, bookable };
}

/**
 * The reference: the listed tours with a bookable date in `window`, by `matchRider`'s verdict
 * over the tour's row (heavier-horse places counted on those dates, as the card counts them),
 * then popularity desc and id asc (the default order).
 */
function expectedOrder(
  { listed, bookable }: Rows,
  passport: RiderPassport,
  window: (date: TourDate) => boolean = () => true,
): number[] {
  const verdictOf = (tour: Tour, dates: TourDate[]) => {
    const fit = matchRider(
      passportProfile(passport),
      {
        level: RIDER_LEVELS[tour.riderLevel]!,
        hoursLongestDay: tour.hoursLongestDay,
        tack: tour.tack as Tack,
        otherTackOnRequest: tour.otherTackOnRequest,
        maxRiderWeightKg: tour.maxRiderWeightKg,
        heavyRiderWeightKg: tour.heavyRiderWeightKg,
        minRidingAge: tour.minRidingAge,
        maxRidingAge: tour.maxRidingAge,
      },
      { free: Math.max(0, ...dates.map((date) => date.heavyPlacesFree)), scope: 'any-date' },
    );
    return FIT_VERDICTS.indexOf(fit.verdict);
  };
  return listed
    .map((tour) => ({ tour, dates: bookable.get(tour.id)!.filter(window) }))
    .filter(({ dates }) => dates.length > 0)
    .map(({ tour, dates }) => ({ tour, rank: verdictOf(tour, dates) }))
    .sort(
      (a, b) => a.rank - b.rank || b.tour.popularity - a.tour.popularity || a.tour.id - b.tour.id,
    )
    .map(({ tour }) => tour.id);
}

function searchApi(testApp: () => TestApp) {
  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp().app.inject({ method: 'GET', url, headers });
  const list = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(url, headers);
    const body = expectContractResponse(response, 'listTours') as TourList;
    expect(response.statusCode, response.body).toBe(200);
    return { body, ids: body.items.map((item) => item.id), response };
  };
  /** Every page of a search, in order. */
  const walk = async (url: string, headers: Record<string, string> = {}) => {
    const first = await list(url, headers);
    const ids = [...first.ids];
    for (let page = 2; page <= first.body.pagination.page_count; page += 1) {
      ids.push(...(await list(`${url}&page=${page}`, headers)).ids);
    }
    return ids;
  };
  return { get, list, walk };
}

describe.each<{ served: string; env: Record<string, string> }>([
  { served: 'the in-process index', env: {} },
  { served: 'SQL alone', env: { SEARCH_INDEX: 'off' } },
])('sort=fit answered by $served', ({ env }) => {
  let testApp: TestApp;
  let rows: Rows;
  beforeAll(async () => {
    testApp = await buildTestApp(env);
    rows = await readRows(testApp);
  }, 120_000);
  afterAll(() => testApp.close());
  const { list, walk } = searchApi(() => testApp);

  it('orders by each passport: the tours it fits, then the stretches, then the rest, by default order within', async () => {
    const novice = expectedOrder(rows, NOVICE);
    const beginner = expectedOrder(rows, BEGINNER);
    // The catalogue must make the passports disagree, or the test proves nothing.
    expect(novice.slice(0, 20)).not.toEqual(beginner.slice(0, 20));
    expect(await walk('/spa/tours?sort=fit', header(NOVICE))).toEqual(novice);
    expect((await list('/spa/tours?sort=fit', header(BEGINNER))).ids).toEqual(
      beginner.slice(0, 20),
    );
    // Within the date filters: heavier-horse places counted on the dates searched.
    const [from, to] = [addDays(today, 20), addDays(today, 120)];
    const window = (date: TourDate) => date.startDate >= from && date.startDate <= to;
    expect(await walk(`/spa/tours?sort=fit&dateFrom=${from}&dateTo=${to}`, header(NOVICE))).toEqual(
      expectedOrder(rows, NOVICE, window),
    );
  });

  it('is the default order without a passport, or with one that does not read (no 400)', async () => {
    const byDefault = (await list('/spa/tours?sort=default&page=2')).ids;
    expect((await list('/spa/tours?sort=fit&page=2')).ids).toEqual(byDefault);
    for (const bad of ['level=wizard&weight=80', 'garbage', '', 'level=', 'weight=90']) {
      const answer = await list('/spa/tours?sort=fit&page=2', { 'x-rider-passport': bad });
      expect(answer.ids, bad).toEqual(byDefault);
    }
    // A passport with some fields out of range keeps the rest: the level still orders.
    const partly = 'level=novice&hours=99&weight=9000&tack=bareback';
    expect((await list('/spa/tours?sort=fit', { 'x-rider-passport': partly })).ids).toEqual(
      expectedOrder(rows, { level: 'novice', tack: null, hoursPerDay: null, weightKg: null }).slice(
        0,
        20,
      ),
    );
  });

  it('ignores the passport for every other sort', async () => {
    for (const sort of ['default', 'price', '-price']) {
      const without = await list(`/spa/tours?sort=${sort}&expand=filters`);
      const withPassport = await list(`/spa/tours?sort=${sort}&expand=filters`, header(NOVICE));
      expect(withPassport.response.body, sort).toBe(without.response.body);
    }
  });
});

describe('sort=fit and the caches', () => {
  let testApp: TestApp;
  let rows: Rows;
  beforeAll(async () => {
    testApp = await buildTestApp();
    rows = await readRows(testApp);
  }, 120_000);
  afterAll(() => testApp.close());
  const { list } = searchApi(() => testApp);

  it('never answers one passport with another’s cached answer, on either route', async () => {
    const novice = expectedOrder(rows, NOVICE).slice(0, 20);
    const beginner = expectedOrder(rows, BEGINNER).slice(0, 20);
    // The catalogue page with the most tours: enough for the passports to regroup its first page.
    const { rows: pages } = (await testApp.database.db.execute(
      'select slug from seo_pages order by id',
    )) as unknown as { rows: { slug: string }[] };
    let widest = { slug: '', total: 0 };
    for (const { slug } of pages) {
      const response = await testApp.app.inject({ url: `/spa/tours-page?slug=${slug}` });
      const { total } = (JSON.parse(response.body) as TourList).pagination;
      if (total > widest.total) widest = { slug, total };
    }
    expect(widest.total).toBeGreaterThan(40);
    for (const url of [
      '/spa/tours?sort=fit&expand=filters',
      `/spa/tours-page?slug=${widest.slug}&sort=fit`,
    ]) {
      const isPage = url.includes('tours-page');
      const idsOf = async (headers: Record<string, string>) => {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, response.body).toBe(200);
        expectContractResponse(response, isPage ? 'getToursPage' : 'listTours');
        const body = JSON.parse(response.body) as TourList;
        return {
          ids: body.items.map((item) => item.id),
          cache: response.headers['x-catalog-cache'],
        };
      };
      // (On PostgreSQL with Redis an earlier run may have cached these answers: no 'miss' here.)
      const first = await idsOf(header(NOVICE));
      // The same address with another passport: not the first one's answer.
      const other = await idsOf(header(BEGINNER));
      expect(other.ids).not.toEqual(first.ids);
      // Each passport again, byte for byte from the caches (the fast path, then the handler).
      for (let round = 0; round < 2; round += 1) {
        const again = await idsOf(header(NOVICE));
        expect(again.cache).toMatch(/^hit-/);
        expect(again.ids).toEqual(first.ids);
        const otherAgain = await idsOf(header(BEGINNER));
        expect(otherAgain.cache).toMatch(/^hit-/);
        expect(otherAgain.ids).toEqual(other.ids);
      }
      // Equal passports written otherwise share the answer (the key is the normalised passport,
      // its weight to a tenth of a kilogram).
      const respelled = await idsOf({
        'x-rider-passport': 'weight=104.04&hours=3&tack=english&level=novice',
      });
      expect(respelled.ids).toEqual(first.ids);
      expect(respelled.cache).toMatch(/^hit-/);
      // Without a passport: the default order, not a passport's cached answer.
      const none = await idsOf({});
      const byDefault = await testApp.app.inject({ url: url.replace('sort=fit', 'sort=default') });
      expect(none.ids).toEqual(
        (JSON.parse(byDefault.body) as TourList).items.map((item) => item.id),
      );
      expect(none.ids).not.toEqual(first.ids);
      expect(none.ids).not.toEqual(other.ids);
      if (!isPage) {
        expect(first.ids).toEqual(novice);
        expect(other.ids).toEqual(beginner);
      }
    }
  });

  it('shares the answers of other sorts whatever the passport', async () => {
    const url = '/spa/tours?sort=price&page=3';
    const first = await list(url, header(NOVICE));
    const other = await list(url, header(BEGINNER));
    expect(other.response.headers['x-catalog-cache']).toMatch(/^hit-/);
    expect(other.response.body).toBe(first.response.body);
  });

  it('lets the web origin send the header across origins (a preflight allows it)', async () => {
    const response = await testApp.app.inject({
      method: 'OPTIONS',
      url: '/spa/tours?sort=fit',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-rider-passport',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-headers']).toContain('x-rider-passport');
  });

  it('refuses only a header longer than the contract bounds, like any over-long input', async () => {
    const long = `${passportToCookie(NOVICE)}&${'x'.repeat(600)}`;
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/spa/tours?sort=fit',
      headers: { 'x-rider-passport': long },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the rider passport in the logs', () => {
  it('is never written: not the header, not the weight', async () => {
    const logs = captureLogs();
    const testApp = await buildTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
    try {
      const secret = passportToCookie({ ...NOVICE, weightKg: 137 });
      for (const url of [
        '/spa/tours?sort=fit',
        '/spa/tours?sort=fit&priceMin=500&priceMax=100',
        '/spa/tours-page?slug=no-such-page&sort=fit',
      ]) {
        await testApp.app.inject({ method: 'GET', url, headers: { 'x-rider-passport': secret } });
      }
      const written = logs.entries.map((entry) => JSON.stringify(entry)).join('\n');
      // The requests were logged, with their URLs: the test sees what the log holds.
      expect(written).toContain('/spa/tours?sort=fit');
      expect(written).toContain('client error');
      expect(written).not.toContain('weight=137');
      expect(written).not.toContain('level=novice');
      expect(written.toLowerCase()).not.toContain('rider-passport');
    } finally {
      await testApp.close();
    }
  });
});
