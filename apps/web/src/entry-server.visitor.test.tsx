// @vitest-environment node
/**
 * The visitor's country in the server's render (decisions 145, 153): the edge's country header
 * reaches the API, a browser's language region stands in when nothing else tells the country, and
 * the first HTML is in the visitor's units, currency and phone country.
 */
import type { components } from '@gallop/api-client';
import { describe, expect, it } from 'vitest';
import { serverPage } from './entry-server.testing';
import { tourFixture } from './features/tour/testing/tour-fixture';
import { createFakeApi, fakeAnswers } from './lib/testing/fake-api';

type LocaleCountry = components['schemas']['LocaleCountry'];

const UUID = '3f0c8a5e-9d1b-4c2e-8f7a-1b2c3d4e5f60';

const COUNTRIES: Record<string, LocaleCountry> = {
  US: { id: 228, iso_code: 'US', currency: 'USD', name: 'United States', is_metric: false },
  DE: { id: 83, iso_code: 'DE', currency: 'EUR', name: 'Germany', is_metric: true },
  GB: { id: 226, iso_code: 'GB', currency: 'GBP', name: 'United Kingdom', is_metric: true },
  // The stand-in site offers USD, EUR and GBP only.
  JP: { id: 115, iso_code: 'JP', currency: 'JPY', name: 'Japan', is_metric: true },
};

/**
 * The API as configured with `COUNTRY_IP_HEADER=CF-IPCountry`: the header names the country.
 * `siteInfoDown`: `/spa/info` fails (the rest answers).
 */
function edgeAwareApi({ siteInfoDown = false } = {}) {
  const fake = createFakeApi({ ...fakeAnswers, '/spa/individual-tour': tourFixture() });
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const country = COUNTRIES[request.headers.get('cf-ipcountry') ?? ''] ?? COUNTRIES.US!;
    if (path === '/spa/info' && siteInfoDown) {
      return Response.json({ message: 'Unavailable' }, { status: 503 });
    }
    if (path === '/spa/info') {
      fake.seen.push(request);
      return Response.json({ ...(fakeAnswers['/spa/info'] as object), country });
    }
    if (path === '/spa/country-schedule') {
      fake.seen.push(request);
      const query = new URL(request.url).searchParams;
      const iso = query.get('iso_code')?.toUpperCase();
      const id = Number(query.get('country_id'));
      const chosen = Object.values(COUNTRIES).find((candidate) =>
        iso === undefined ? candidate.id === id : candidate.iso_code === iso,
      );
      return chosen
        ? Response.json({ country: chosen, work_time: {}, contacts: {} })
        : Response.json({ message: 'Country not found' }, { status: 404 });
    }
    return fake.fetch(request);
  };
  return { fetch, seen: fake.seen };
}

async function tourPage(
  headers: Record<string, string>,
  countryIpHeader = 'cf-ipcountry',
  api = edgeAwareApi(),
) {
  const { response, html } = await serverPage(
    `/order/${UUID}/individual-tour`,
    api.fetch,
    { headers },
    { countryIpHeader },
  );
  const tourCall = api.seen.find((call) => new URL(call.url).pathname === '/spa/individual-tour');
  return {
    response,
    html,
    seen: api.seen,
    /** The currency the tour was asked in. */
    currency: tourCall?.headers.get('X-Currency'),
    /** The tour's weight limit as the page writes it. */
    weight: /Rider weight<\/dt><dd class="tour-riding__value">Up to (\d+\s(?:kg|lb))/
      .exec(html)?.[1]
      ?.replace(/\s/, ' '),
  };
}

describe('the server render for a visitor from abroad', () => {
  it('shows a German visitor kilograms and asks the API in euros, from the first HTML', async () => {
    const page = await tourPage({ 'CF-IPCountry': 'DE' });
    expect(page.response.status).toBe(200);
    expect(page.weight).toBe('95 kg');
    expect(page.currency).toBe('EUR');
    // Every call of the render tells the API the visitor's country, as the browser's do.
    expect(page.seen.length).toBeGreaterThan(1);
    for (const call of page.seen) expect(call.headers.get('cf-ipcountry'), call.url).toBe('DE');
    // The header's currency switch says so too.
    expect(page.html).toContain('<option value="EUR" selected="">EUR</option>');
    // The browser takes the same country and default currency over with the page.
    expect(page.html).toContain('defaultCurrency:"EUR"');
    expect(page.html).toMatch(/country:\$R\[\d+\]=\{id:83,iso_code:"DE"\}/);
  });

  it('shows a visitor from the US pounds and dollars, as without the header', async () => {
    for (const headers of [{ 'CF-IPCountry': 'US' }, {}] as Record<string, string>[]) {
      const page = await tourPage(headers);
      expect(page.weight, JSON.stringify(headers)).toBe('209 lb');
      expect(page.currency).toBe('USD');
      expect(page.html).toContain('<option value="USD" selected="">USD</option>');
    }
  });

  it('follows the edge only when COUNTRY_IP_HEADER names its header', async () => {
    const page = await tourPage({ 'CF-IPCountry': 'DE' }, '');
    expect(page.weight).toBe('209 lb');
    expect(page.currency).toBe('USD');
    expect(page.seen.every((call) => call.headers.get('cf-ipcountry') === null)).toBe(true);
  });

  it("starts in the country's currency when the site offers it, else in dollars", async () => {
    expect((await tourPage({ 'CF-IPCountry': 'GB' })).currency).toBe('GBP');
    const japan = await tourPage({ 'CF-IPCountry': 'JP' });
    expect(japan.currency).toBe('USD');
    expect(japan.weight).toBe('95 kg');
  });

  it('lets the currency the visitor chose win over their country’s', async () => {
    const page = await tourPage({ 'CF-IPCountry': 'DE', cookie: 'i18n_currency=GBP' });
    expect(page.currency).toBe('GBP');
    expect(page.weight).toBe('95 kg');
  });

  it('takes the country the visitor chose (their cookie) over the edge’s', async () => {
    const american = await tourPage({ 'CF-IPCountry': 'DE', cookie: 'country_id=228' });
    expect(american.weight).toBe('209 lb');
    expect(american.currency).toBe('USD');
    const british = await tourPage({ 'CF-IPCountry': 'US', cookie: 'country_id=226' });
    expect(british.weight).toBe('95 kg');
    expect(british.currency).toBe('GBP');
    // A country the API does not know (an old cookie): the edge's.
    const unknown = await tourPage({ 'CF-IPCountry': 'DE', cookie: 'country_id=999' });
    expect(unknown.weight).toBe('95 kg');
    expect(unknown.currency).toBe('EUR');
  });

  it('renders the weight unit the visitor picked on an earlier visit (its cookie)', async () => {
    expect((await tourPage({ 'CF-IPCountry': 'DE', cookie: 'weight_unit=lb' })).weight).toBe(
      '209 lb',
    );
    expect((await tourPage({ 'CF-IPCountry': 'US', cookie: 'weight_unit=kg' })).weight).toBe(
      '95 kg',
    );
  });

  it("never takes the last visitor's country when the site info fails", async () => {
    await tourPage({ 'CF-IPCountry': 'DE' });
    // The shell falls back to the last site info this process had: a German visitor's.
    const page = await tourPage(
      { 'CF-IPCountry': 'US' },
      'cf-ipcountry',
      edgeAwareApi({ siteInfoDown: true }),
    );
    expect(page.currency).toBe('USD');
    expect(page.html).not.toContain('defaultCurrency:"EUR"');
    expect(page.html).not.toMatch(/iso_code:"DE"\}/);
  });
});

describe('the server render for a visitor known by their browser language only (decision 153)', () => {
  /** The home page for a visitor whose request carries `headers`, no CDN header configured. */
  async function homePage(headers: Record<string, string>, countryIpHeader = '') {
    const api = edgeAwareApi();
    const { response, html } = await serverPage('/', api.fetch, { headers }, { countryIpHeader });
    const call = (path: string) => api.seen.filter((seen) => new URL(seen.url).pathname === path);
    return {
      response,
      html,
      lookups: call('/spa/country-schedule').map((seen) => new URL(seen.url).search),
      /** The currency the best tours were asked in. */
      currency: call('/spa/best-tours')[0]?.headers.get('X-Currency'),
    };
  }

  it('shows a German browser euros and a metric country on the home page, from the first HTML', async () => {
    const page = await homePage({ 'Accept-Language': 'de-DE,de;q=0.9,en-US;q=0.8' });
    expect(page.response.status).toBe(200);
    expect(page.lookups).toEqual(['?iso_code=DE']);
    expect(page.currency).toBe('EUR');
    expect(page.html).toContain('<option value="EUR" selected="">EUR</option>');
    // The browser takes the same country (metric: its units) and currency over with the page.
    expect(page.html).toContain('defaultCurrency:"EUR"');
    expect(page.html).toMatch(/country:\$R\[\d+\]=\{id:83,iso_code:"DE"\}/);
  });

  it('writes a German browser kilograms on a tour page', async () => {
    const page = await tourPage({ 'Accept-Language': 'de-DE' }, '');
    expect(page.weight).toBe('95 kg');
    expect(page.currency).toBe('EUR');
  });

  it("starts a German browser's phone field in Germany", async () => {
    const api = edgeAwareApi();
    const { response, html } = await serverPage('/register', api.fetch, {
      headers: { 'Accept-Language': 'de-DE' },
    });
    expect(response.status).toBe(200);
    expect(html).toContain('Country: Germany, </span>');
    expect(html).toContain('placeholder="+49" name="phone"');
  });

  it('keeps the cookie and the edge over the language, with no lookup for the edge', async () => {
    const edge = await homePage(
      { 'Accept-Language': 'de-DE', 'CF-IPCountry': 'GB' },
      'cf-ipcountry',
    );
    expect(edge.lookups).toEqual([]);
    expect(edge.currency).toBe('GBP');
    const british = await homePage({ 'Accept-Language': 'de-DE', cookie: 'country_id=226' });
    expect(british.lookups).toEqual(['?country_id=226']);
    expect(british.currency).toBe('GBP');
    // The cookie names the default country, which the site info told: no lookup at all.
    const american = await homePage({ 'Accept-Language': 'de-DE', cookie: 'country_id=228' });
    expect(american.lookups).toEqual([]);
    expect(american.currency).toBe('USD');
    expect(american.html).toMatch(/country:\$R\[\d+\]=\{id:228,iso_code:"US"\}/);
  });

  it('stays in the default country without a region, or with one the API does not know', async () => {
    for (const language of ['de', 'en-ZZ', 'en-US']) {
      const page = await homePage({ 'Accept-Language': language });
      expect(page.currency, language).toBe('USD');
      expect(page.html).toMatch(/country:\$R\[\d+\]=\{id:228,iso_code:"US"\}/);
    }
  });
});
