import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  countries,
  currencyRates,
  languages,
  organizers,
  seoPages,
  shortLinks,
  siteSettings,
  socialLinks,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { createRatesCache } from '#src/shared/money/rates.ts';
import { publicTour } from '#src/modules/catalog/index.ts';
import { LANDING_VIDEOS } from '#src/modules/media/index.ts';
import { expectContractResponse, type CheckedResponse } from '#src/testing/contract.ts';
import type { OperationId } from '#src/contract.ts';
import { expectContractError, useTestApp } from './testing.ts';
import { contentHandlers, type ContentDeps } from './handlers.ts';
import type { SupportSchedule } from './site-settings.ts';
import { isWorkingAt } from './work-time.ts';

const shared = useTestApp();
let db: Database;
beforeAll(() => {
  db = shared.db;
});

async function call(operationId: OperationId, url: string, headers: Record<string, string> = {}) {
  const response = await shared.get(url, headers);
  return { response, status: response.statusCode };
}

async function ok<T>(operationId: OperationId, url: string, headers: Record<string, string> = {}) {
  const { response, status } = await call(operationId, url, headers);
  expect(status, url).toBe(200);
  return expectContractResponse(response, operationId) as T;
}

/**
 * The content handlers with pinned deps (a fixed clock, a configured edge header), called
 * directly; the answer is checked against the contract like an HTTP one.
 */
function handlersWith(deps: Partial<ContentDeps>) {
  return contentHandlers({ db, rates: createRatesCache(db), ...deps });
}
function asResponse(body: unknown): CheckedResponse {
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}
const noReply = {} as never;

describe('GET /spa/redirect (getRedirect)', () => {
  it('answers where each short link leads', async () => {
    const links = await db.select().from(shortLinks).orderBy(asc(shortLinks.id));
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) {
      const body = await ok<{ source_url: string }>('getRedirect', `/spa/redirect?id=${link.id}`);
      expect(body).toEqual({ source_url: link.targetUrl });
    }
  });

  it('points at tours, blog posts and help articles that exist', async () => {
    const targets = (await db.select().from(shortLinks)).map((link) => link.targetUrl);
    expect(targets.some((url) => url.startsWith('/blog/'))).toBe(true);
    expect(targets.some((url) => url.startsWith('/help-center/'))).toBe(true);
    const tourSlugs = new Set(
      (await db.select({ slug: tours.slug }).from(tours)).map((t) => t.slug),
    );
    expect(targets.some((url) => tourSlugs.has(url.slice(1).split('?')[0]!))).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const links = await db.select({ id: shortLinks.id }).from(shortLinks);
    const unknown = Math.max(...links.map((link) => link.id)) + 1000;
    const missing = await call('getRedirect', `/spa/redirect?id=${unknown}`);
    expect(missing.status).toBe(404);
    expectContractError(missing.response, 'getRedirect');
    // Ids are PostgreSQL integers: the contract refuses larger ones.
    const huge = await call('getRedirect', '/spa/redirect?id=2147483648');
    expect(huge.status).toBe(400);
    for (const id of ['abc', 'Infinity', '-Infinity']) {
      const malformed = await call('getRedirect', `/spa/redirect?id=${id}`);
      expect(malformed.status, id).toBe(400);
      expectContractError(malformed.response, 'getRedirect');
    }
  });
});

describe('dropdowns', () => {
  it('lists every country by name (listCountryOptions)', async () => {
    const rows = await db.select({ id: countries.id, name: countries.name }).from(countries);
    const body = await ok<{ items: { id: number; name: string }[] }>(
      'listCountryOptions',
      '/crm/api/dropdown/country',
    );
    expect(body.items).toHaveLength(rows.length);
    expect(body.items.map((item) => item.name)).toEqual(
      [...rows.map((row) => row.name)].sort((a, b) => a.localeCompare(b, 'en')),
    );
    // Every country a visitor or an account may be in, not only the tours' destinations.
    const names = body.items.map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['Germany', 'Japan', "Côte d'Ivoire"]));
    expect(names.indexOf("Côte d'Ivoire")).toBe(names.indexOf('Costa Rica') + 1);
  });

  it('lists languages, and only those of tours with a page on request (listLanguageOptions)', async () => {
    const all = await db.select().from(languages);
    const body = await ok<{ items: { code: string }[] }>(
      'listLanguageOptions',
      '/crm/api/dropdown/language',
    );
    expect(body.items.map((item) => item.code).sort()).toEqual(all.map((row) => row.code).sort());

    const spoken = new Set(
      (
        await db
          .select({ codes: tours.languageCodes })
          .from(tours)
          // Tours a traveller can open (decision 194).
          .where(publicTour())
      ).flatMap((row) => row.codes),
    );
    const filtered = await ok<{ items: { code: string }[] }>(
      'listLanguageOptions',
      '/crm/api/dropdown/language?only_with_published_tours=1',
    );
    expect(filtered.items.map((item) => item.code).sort()).toEqual(
      all
        .map((row) => row.code)
        .filter((code) => spoken.has(code))
        .sort(),
    );
  });
});

describe('GET /node-api/convert-price (convertPrice)', () => {
  async function rate(code: string) {
    const [row] = await db.select().from(currencyRates).where(eq(currencyRates.code, code));
    if (!row) throw new Error(`no rate for ${code}`);
    return row.perUsd;
  }

  it('converts through USD with the rates table, to the cent', async () => {
    const [eur, rub] = [await rate('EUR'), await rate('RUB')];
    const body = await ok<{ result: number }>(
      'convertPrice',
      '/node-api/convert-price?from_currency=EUR&to_currency=RUB&amount=250',
    );
    expect(body.result).toBe(Math.round((250 / eur) * rub * 100) / 100);
    const back = await ok<{ result: number }>(
      'convertPrice',
      '/node-api/convert-price?from_currency=USD&to_currency=EUR&amount=100',
    );
    expect(back.result).toBe(Math.round(100 * eur * 100) / 100);
  });

  it('answers no finer than the target currency: whole yen and won, cents of a franc', async () => {
    const [chf, jpy] = [await rate('CHF'), await rate('JPY')];
    const convert = async (from: string, to: string, amount: number) =>
      (
        await ok<{ result: number }>(
          'convertPrice',
          `/node-api/convert-price?from_currency=${from}&to_currency=${to}&amount=${amount}`,
        )
      ).result;
    const yen = await convert('CHF', 'JPY', 1);
    expect(yen).toBe(Math.round(jpy / chf));
    expect(Number.isInteger(yen)).toBe(true);
    expect(Number.isInteger(await convert('EUR', 'KRW', 3.7))).toBe(true);
    // Converted back, cents stay: a franc has them.
    expect(await convert('JPY', 'CHF', 1000)).toBe(Math.round((1000 / jpy) * chf * 100) / 100);
  });

  it('keeps the amount for the same currency and converts 0 to 0', async () => {
    expect(
      await ok(
        'convertPrice',
        '/node-api/convert-price?from_currency=KZT&to_currency=KZT&amount=12345.67',
      ),
    ).toEqual({ result: 12345.67 });
    expect(
      await ok(
        'convertPrice',
        '/node-api/convert-price?from_currency=EUR&to_currency=USD&amount=0',
      ),
    ).toEqual({ result: 0 });
  });

  it('answers 422 naming the unsupported currency', async () => {
    const { response, status } = await call(
      'convertPrice',
      '/node-api/convert-price?from_currency=XYZ&to_currency=USD&amount=10',
    );
    expect(status).toBe(422);
    expect(expectContractError(response, 'convertPrice').errors).toEqual({
      from_currency: ['XYZ is not supported'],
    });
  });

  it('answers 400 for a malformed code, a negative or a missing amount', async () => {
    for (const query of [
      'from_currency=usd&to_currency=EUR&amount=1',
      'from_currency=USD&to_currency=EUR&amount=-1',
      'from_currency=USD&to_currency=EUR',
      'from_currency=USD&to_currency=EUR&amount=Infinity',
    ]) {
      const { response, status } = await call('convertPrice', `/node-api/convert-price?${query}`);
      expect(status, query).toBe(400);
      expectContractError(response, 'convertPrice');
    }
  });
});

describe('work time', () => {
  async function seededSchedule(): Promise<SupportSchedule> {
    const [row] = await db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'support_schedule'));
    return row!.value as SupportSchedule;
  }

  it('answers the seeded schedule with its time zone (getWorkTime)', async () => {
    const schedule = await seededSchedule();
    const body = await ok<{ timezone: string; schedule: unknown; is_working_now: boolean }>(
      'getWorkTime',
      '/spa/work-time',
    );
    expect(body.timezone).toBe(schedule.timezone);
    expect(body.schedule).toEqual(schedule.days);
  });

  it('computes is_working_now at a pinned clock in the schedule time zone', async () => {
    const schedule = await seededSchedule();
    expect(
      schedule.days.some((day) => !day.from),
      'the seeded schedule has a day off',
    ).toBe(true);
    // Every hour of one week, from Monday 2026-03-09 00:00 UTC.
    const instants = Array.from(
      { length: 7 * 24 },
      (_, hour) => new Date(Date.UTC(2026, 2, 9, hour)),
    );
    let sawOpen = false;
    let sawClosed = false;
    for (const instant of instants) {
      const handlers = handlersWith({ clock: () => instant });
      const body = await handlers.getWorkTime({ query: {} } as never, noReply);
      expectContractResponse(asResponse(body), 'getWorkTime');
      const expected = isWorkingAt(schedule, instant);
      expect((body as { is_working_now: boolean }).is_working_now, instant.toISOString()).toBe(
        expected,
      );
      if (expected) sawOpen = true;
      else sawClosed = true;
    }
    expect(sawOpen && sawClosed).toBe(true);
  });

  it('is open at 12:00 on a weekday and closed on the day off in the desk time zone', async () => {
    const schedule = await seededSchedule();
    expect(schedule.timezone).toBe('America/New_York');
    // Wednesday 2026-03-11 12:00 EDT = 16:00 UTC; Sunday 2026-03-15 12:00 EDT = 16:00 UTC.
    const at = (iso: string) =>
      handlersWith({ clock: () => new Date(iso) }).getWorkTime({ query: {} } as never, noReply);
    expect(await at('2026-03-11T16:00:00Z')).toMatchObject({ is_working_now: true });
    expect(await at('2026-03-15T16:00:00Z')).toMatchObject({ is_working_now: false });
    // 03:00 UTC on Thursday is still Wednesday 23:00 in New York: closed.
    expect(await at('2026-03-12T03:00:00Z')).toMatchObject({ is_working_now: false });
  });
});

describe('site settings calls', () => {
  it('answers messengers with facebook first (getMessengers)', async () => {
    const body = await ok<Record<string, string>>('getMessengers', '/spa/groups-in-social-network');
    const keys = Object.keys(body);
    expect(keys[0]).toBe('facebook');
    expect(keys).toContain('telegram');
    for (const url of Object.values(body)) expect(url).toMatch(/^(https:\/\/|viber:)/);
  });

  it('answers social links with titles derived from the source (listSocialLinks)', async () => {
    const rows = await db.select().from(socialLinks).orderBy(asc(socialLinks.position));
    const body = await ok<{ items: { source: string; title: string; url: string }[] }>(
      'listSocialLinks',
      '/spa/social-links',
    );
    expect(body.items.map((item) => [item.source, item.url])).toEqual(
      rows.map((row) => [row.source, row.url]),
    );
    const titles = Object.fromEntries(body.items.map((item) => [item.source, item.title]));
    expect(titles).toMatchObject({ instagram: 'Instagram', facebook: 'Facebook', x: 'X' });
  });

  it('answers site tokens with empty captcha keys and no maps provider (getSiteTokens)', async () => {
    const body = await ok<Record<string, unknown>>('getSiteTokens', '/spa/site-tokens');
    expect(body).toMatchObject({
      captcha_key: '',
      hard_captcha_key: '',
      invisible_captcha_key: '',
      invisible_captcha_provider: null,
      maps_provider: null,
      send_tour_program_in_pdf_via_whatsapp: true,
      main_auth_method: 'email',
    });
  });

  it('answers the SEO pages of the sitemap, grouped (getSeoPagesSitemap)', async () => {
    const rows = await db.select().from(seoPages).where(eq(seoPages.inSitemap, true));
    const body = await ok<{ items: { url: string; title: string; group?: string }[] }>(
      'getSeoPagesSitemap',
      '/spa/seo-pages-sitemap',
    );
    expect(body.items).toHaveLength(rows.length);
    expect(new Set(body.items.map((item) => item.group))).toEqual(
      new Set(rows.map((row) => row.groupName)),
    );
    // A destination: countries where no tour goes have no landing page.
    const [destination] = await db
      .select({ id: tours.countryIds })
      .from(tours)
      .where(eq(tours.isPublished, true))
      .limit(1);
    const country = (
      await db.select().from(countries).where(eq(countries.id, destination!.id[0]!))
    )[0]!;
    const page = rows.find(
      (row) => JSON.stringify(row.filters) === JSON.stringify({ countries: [country.id] }),
    );
    expect(page, `a landing page for ${country.name}`).toBeDefined();
    expect(body.items).toContainEqual({
      url: `/${page!.slug}`,
      title: page!.title,
      group: page!.groupName,
    });
  });
});

describe('countries', () => {
  async function country(iso: string) {
    const [row] = await db.select().from(countries).where(eq(countries.isoCode, iso));
    if (!row) throw new Error(`the seed has no ${iso}`);
    return row;
  }

  it('answers the default country US without a configured edge header (getCountryByIp)', async () => {
    const us = await country('US');
    const body = await ok<{ result: unknown }>('getCountryByIp', '/spa/country-by-ip', {
      'cf-ipcountry': 'IS',
    });
    expect(body.result).toEqual({
      id: us.id,
      iso_code: 'US',
      currency: us.currency,
      name: us.name,
      is_metric: us.isMetric,
    });
  });

  it('trusts the configured edge header, and falls back to the default for unknown codes', async () => {
    const [iceland, us] = [await country('IS'), await country('US')];
    const handlers = handlersWith({ content: { countryIpHeader: 'CF-IPCountry' } });
    const byHeader = async (value: string | undefined) => {
      const body = await handlers.getCountryByIp(
        { headers: value === undefined ? {} : { 'cf-ipcountry': value } } as never,
        noReply,
      );
      expectContractResponse(asResponse(body), 'getCountryByIp');
      return (body as { result: { id: number } }).result.id;
    };
    expect(await byHeader('is')).toBe(iceland.id);
    expect(await byHeader('XX')).toBe(us.id);
    expect(await byHeader('ZZ')).toBe(us.id);
    expect(await byHeader(undefined)).toBe(us.id);
  });

  it('recognises a visitor from a country no tour visits, with its currency and units', async () => {
    const handlers = handlersWith({ content: { countryIpHeader: 'CF-IPCountry' } });
    const headers = (iso: string) => ({ headers: { 'cf-ipcountry': iso } }) as never;
    const expected = {
      DE: { iso_code: 'DE', currency: 'EUR', name: 'Germany', is_metric: true },
      JP: { iso_code: 'JP', currency: 'JPY', name: 'Japan', is_metric: true },
      CH: { iso_code: 'CH', currency: 'CHF', name: 'Switzerland', is_metric: true },
    };
    for (const [iso, answer] of Object.entries(expected)) {
      const row = await country(iso);
      const byIp = await handlers.getCountryByIp(headers(iso), noReply);
      expectContractResponse(asResponse(byIp), 'getCountryByIp');
      expect(byIp, iso).toEqual({ result: { id: row.id, ...answer } });
      const info = await handlers.getSiteInfo(headers(iso), noReply);
      expectContractResponse(asResponse(info), 'getSiteInfo');
      expect((info as { country: unknown }).country, iso).toEqual({ id: row.id, ...answer });
    }
    // No tour goes there: no destination list shows it.
    const germany = await country('DE');
    const destinations = await ok<{ items: { id: number }[] }>(
      'listDestinations',
      '/spa/destinations',
    );
    expect(destinations.items.map((item) => item.id)).not.toContain(germany.id);
  });

  it('answers a country with its schedule and local contacts (getCountrySchedule)', async () => {
    const gb = await country('GB');
    const body = await ok<{
      country: { id: number };
      work_time: { timezone: string };
      contacts: { phones: { entity?: { id: number; kind: string } | null }[] };
    }>('getCountrySchedule', `/spa/country-schedule?country_id=${gb.id}`);
    expect(body.country.id).toBe(gb.id);
    expect(body.work_time.timezone).toBe('America/New_York');
    expect(body.contacts.phones[0]?.entity).toEqual({ id: gb.id, kind: 'country' });
  });

  it('answers 404 for an unknown country', async () => {
    const rows = await db.select({ id: countries.id }).from(countries);
    const unknown = Math.max(...rows.map((row) => row.id)) + 1;
    for (const [id, expected] of [
      [unknown, 404],
      [2_147_483_648, 400],
    ]) {
      const { response, status } = await call(
        'getCountrySchedule',
        `/spa/country-schedule?country_id=${id}`,
      );
      expect(status, String(id)).toBe(expected);
      expectContractError(response, 'getCountrySchedule');
    }
  });

  it('answers a country by its ISO code in either case (getCountrySchedule, decision 153)', async () => {
    const germany = await country('DE');
    for (const code of ['DE', 'de', 'De']) {
      const body = await ok<{ country: unknown; contacts: { phones: unknown[] } }>(
        'getCountrySchedule',
        `/spa/country-schedule?iso_code=${code}`,
      );
      expect(body.country, code).toEqual({
        id: germany.id,
        iso_code: 'DE',
        currency: 'EUR',
        name: 'Germany',
        is_metric: true,
      });
    }
    const byId = await ok('getCountrySchedule', `/spa/country-schedule?country_id=${germany.id}`);
    const byCode = await ok('getCountrySchedule', '/spa/country-schedule?iso_code=de');
    expect(byCode).toEqual(byId);
  });

  it('answers 400 unless exactly one of country_id and iso_code names the country', async () => {
    const germany = await country('DE');
    for (const query of [
      '',
      `?country_id=${germany.id}&iso_code=DE`,
      '?iso_code=DE&country_id=1',
    ]) {
      const { response, status } = await call(
        'getCountrySchedule',
        `/spa/country-schedule${query}`,
      );
      expect(status, query).toBe(400);
      expectContractError(response, 'getCountrySchedule');
      expect(response.json().message, query).toBe('Give exactly one of country_id and iso_code');
    }
  });

  it('answers 404 for an unknown ISO code and 400 for one that is not two letters', async () => {
    for (const [code, expected] of [
      ['XX', 404],
      ['zz', 404],
      ['DEU', 400],
      ['D', 400],
      ['', 400],
      ['D1', 400],
      ['%C3%9F%C3%9F', 400],
      ['de-DE', 400],
    ] as const) {
      const { response, status } = await call(
        'getCountrySchedule',
        `/spa/country-schedule?iso_code=${code}`,
      );
      expect(status, code).toBe(expected);
      expectContractError(response, 'getCountrySchedule');
      const body = response.json<{ message: string; errors?: Record<string, unknown> }>();
      if (expected === 404) expect(body.message, code).toBe('Country not found');
      else {
        expect(body.message, code).toBe('Invalid query parameters');
        expect(Object.keys(body.errors ?? {}), code).toEqual(['iso_code']);
      }
    }
  });

  it('answers the site configuration for the visitor (getSiteInfo)', async () => {
    const us = await country('US');
    const body = await ok<{
      currencies: string[];
      default_currency: string;
      languages: { code: string }[];
      country: { id: number };
      contacts: { email: string | null };
      messengers: Record<string, string>;
    }>('getSiteInfo', '/spa/info');
    const rates = new Set((await db.select().from(currencyRates)).map((row) => row.code));
    expect(body.currencies[0]).toBe('USD');
    expect(body.currencies.every((code) => rates.has(code))).toBe(true);
    expect(body.default_currency).toBe('USD');
    expect(body.languages.map((language) => language.code)).toEqual(['en']);
    expect(body.country.id).toBe(us.id);
    expect(body.contacts.email).toMatch(/@/);
    expect(Object.keys(body.messengers)[0]).toBe('facebook');
  });

  it('lists the landing videos the site settings name, not files this server cannot serve', async () => {
    const body = await ok<{ landing_videos: { name: string; small_url: string }[] }>(
      'getSiteInfo',
      '/spa/info',
    );
    const [stored] = await db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'landing_videos'));
    // The demo seed lists the videos its renderer films; a site without the setting lists none.
    expect(body.landing_videos).toEqual(stored?.value ?? []);
    expect(body.landing_videos.map((video) => video.name)).toEqual(
      LANDING_VIDEOS.map((video) => video.name),
    );
  });
});

describe('GET /spa/stats (getStats)', () => {
  it('counts listed tours (public, bookable date ahead), by kind, and verified organizers', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const hiddenOrganizers = new Set(
      (await db.select().from(organizers))
        .filter((row) => !row.isPublishedOnSite)
        .map((row) => row.id),
    );
    const bookable = new Set(
      (await db.select().from(tourDates))
        .filter((date) => date.startDate >= today && !date.isBusy && date.numberOfFreeSeats > 0)
        .map((date) => date.tourId),
    );
    const live = (await db.select().from(tours)).filter(
      (tour) =>
        tour.isPublished && !hiddenOrganizers.has(tour.organizerId) && bookable.has(tour.id),
    );
    const verified = (await db.select().from(organizers)).filter(
      (row) =>
        row.isPublishedOnSite &&
        row.emailCheck === 1 &&
        row.phoneCheck === 1 &&
        row.passportCheck === 1,
    );
    const body = await ok('getStats', '/spa/stats');
    expect(body).toEqual({
      totalCount: live.length,
      toursCount: live.filter((tour) => tour.type === 1 && !tour.isCruise).length,
      cruisesCount: live.filter((tour) => tour.type === 1 && tour.isCruise).length,
      authorToursCount: live.filter((tour) => tour.operatorType === 'author').length,
      verifiedOrganizersCount: verified.length,
      regionsCount: new Set(live.flatMap((tour) => tour.regionIds)).size,
      restKindsCount: new Set(live.flatMap((tour) => tour.restKindIds)).size,
    });
    const counts = body as Record<string, number>;
    expect(counts['totalCount']).toBeGreaterThan(counts['toursCount']!);
    expect(counts['cruisesCount']).toBeGreaterThan(0);
    expect(counts['verifiedOrganizersCount']).toBeGreaterThan(0);
  });

  it('says as many multi-day tours and cruises as the search finds', async () => {
    const stats = await ok<Record<string, number>>('getStats', '/spa/stats');
    const tours = await ok<{ pagination: { total: number } }>('listTours', '/spa/tours');
    const cruises = await ok<{ pagination: { total: number } }>(
      'listTours',
      '/spa/tours?isCruisesSearch=1',
    );
    expect(stats['toursCount']).toBe(tours.pagination.total);
    expect(stats['cruisesCount']).toBe(cruises.pagination.total);
  });
});
