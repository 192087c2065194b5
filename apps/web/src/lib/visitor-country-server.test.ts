// @vitest-environment node
/**
 * The visitor's country on the server (decisions 145, 153): the cookie's, else the edge's, else
 * their browser's language region's, else the default; and the API calls it takes to know it.
 */
import type { components } from '@gallop/api-client';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { createServerApiClient } from './api';
import { fakeAnswers } from './testing/fake-api';
import { forgetLastKnownSiteInfo } from './site-info';
import { preferredRegion, resolveVisitorCountry } from './visitor-country-server';

type LocaleCountry = components['schemas']['LocaleCountry'];

const COUNTRIES: LocaleCountry[] = [
  { id: 228, iso_code: 'US', currency: 'USD', name: 'United States', is_metric: false },
  { id: 83, iso_code: 'DE', currency: 'EUR', name: 'Germany', is_metric: true },
  { id: 226, iso_code: 'GB', currency: 'GBP', name: 'United Kingdom', is_metric: true },
  { id: 115, iso_code: 'JP', currency: 'JPY', name: 'Japan', is_metric: true },
  { id: 73, iso_code: 'FR', currency: 'EUR', name: 'France', is_metric: true },
];
const byIso = (iso: string) => COUNTRIES.find((country) => country.iso_code === iso)!;

/**
 * The API as configured with `COUNTRY_IP_HEADER=CF-IPCountry` (the header names the country, an
 * unknown code the default, the US) and its country lookup by id or ISO code.
 */
function countryApi({ down = false } = {}) {
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    calls.push(`${url.pathname}${url.search}`);
    if (down) return Response.json({ message: 'Unavailable' }, { status: 503 });
    if (url.pathname === '/spa/info') {
      const edge = request.headers.get('cf-ipcountry')?.toUpperCase() ?? '';
      const country = COUNTRIES.find((known) => known.iso_code === edge) ?? byIso('US');
      return Response.json({ ...(fakeAnswers['/spa/info'] as object), country });
    }
    if (url.pathname === '/spa/country-schedule') {
      const id = url.searchParams.get('country_id');
      const iso = url.searchParams.get('iso_code')?.toUpperCase();
      const country = COUNTRIES.find((known) =>
        id === null ? known.iso_code === iso : known.id === Number(id),
      );
      return country
        ? Response.json({ country, work_time: {}, contacts: {} })
        : Response.json({ message: 'Country not found' }, { status: 404 });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  };
  return { fetch, calls };
}

async function resolve(
  headers: Record<string, string>,
  { countryIpHeader = 'CF-IPCountry' as string | undefined, api = countryApi() } = {},
) {
  const request = new Request('http://127.0.0.1/', { headers });
  const client = createServerApiClient({ request, fetch: api.fetch, countryIpHeader });
  const visitor = await resolveVisitorCountry(new QueryClient(), client, request, countryIpHeader);
  return {
    iso: visitor.country?.iso_code,
    id: visitor.country?.id,
    from: visitor.countryFrom,
    currency: visitor.defaultCurrency,
    /** The calls after the site info the shell loads anyway. */
    lookups: api.calls.filter((call) => !call.startsWith('/spa/info')),
  };
}

beforeEach(() => forgetLastKnownSiteInfo());

describe('preferredRegion', () => {
  it('takes the most preferred tag that names a region, by q-value', () => {
    expect(preferredRegion('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('DE');
    expect(preferredRegion('de,en-GB;q=0.5')).toBe('GB');
    expect(preferredRegion('en-US;q=0.5,fr-FR;q=0.9')).toBe('FR');
    expect(preferredRegion('en-us;q=0.8, de-at')).toBe('AT');
    // Equal q-values keep the header's order; q=0 is refused.
    expect(preferredRegion('fr-CH;q=0.7,de-CH;q=0.7')).toBe('CH');
    expect(preferredRegion('it-IT;q=0.7,de-DE;q=0.7')).toBe('IT');
    expect(preferredRegion('de-DE;q=0,fr-FR;q=0.1')).toBe('FR');
  });

  it('reads the region after a script or an extended language', () => {
    expect(preferredRegion('zh-Hant-TW')).toBe('TW');
    expect(preferredRegion('sr-Latn-RS;q=0.9')).toBe('RS');
    expect(preferredRegion('zh-yue-HK')).toBe('HK');
    expect(preferredRegion('en-US-x-twain')).toBe('US');
  });

  it('finds none in languages without a region', () => {
    for (const header of [
      'de',
      'de,en;q=0.5',
      'zh-Hant',
      'es-419',
      '*',
      'x-pig-latin',
      'i-klingon',
    ]) {
      expect(preferredRegion(header), header).toBeUndefined();
    }
  });

  it('never throws on a malformed header', () => {
    for (const header of [
      null,
      undefined,
      '',
      ',,,;;;',
      ';q=1',
      'de-DE;q=abc',
      'de_DE',
      '-DE',
      'de--DE',
      '12-34',
      'de-DE;q=-1',
      '\u00fc\u00fc-\u00dc\u00dc',
      'en-GB;q=1.5;q=0.2;foo',
      'x'.repeat(10_000),
      Array.from({ length: 500 }, (_, index) => `en-${index % 2 ? 'zz' : 'Z1'}`).join(','),
    ]) {
      expect(() => preferredRegion(header), String(header).slice(0, 40)).not.toThrow();
    }
    expect(preferredRegion('de_DE')).toBeUndefined();
    expect(preferredRegion('de--DE')).toBeUndefined();
  });
});

describe('resolveVisitorCountry', () => {
  it('takes the country cookie over the edge and the language', async () => {
    const british = await resolve({
      cookie: 'country_id=226',
      'CF-IPCountry': 'DE',
      'Accept-Language': 'ja-JP',
    });
    expect(british).toMatchObject({ iso: 'GB', from: 'cookie', currency: 'GBP' });
    expect(british.lookups).toEqual(['/spa/country-schedule?country_id=226']);
    // The cookie names the edge's country: the site info told it, no lookup.
    const german = await resolve({ cookie: 'country_id=83', 'CF-IPCountry': 'DE' });
    expect(german).toMatchObject({ iso: 'DE', from: 'cookie', currency: 'EUR', lookups: [] });
  });

  it('takes the edge over the language, without a lookup', async () => {
    const page = await resolve({ 'CF-IPCountry': 'de', 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(page).toMatchObject({ iso: 'DE', id: 83, from: 'edge', currency: 'EUR', lookups: [] });
    // An American edge with a German browser: the edge's.
    const american = await resolve({ 'CF-IPCountry': 'US', 'Accept-Language': 'de-DE' });
    expect(american).toMatchObject({ iso: 'US', from: 'edge', currency: 'USD', lookups: [] });
  });

  it("falls back to the browser's language region when neither the cookie nor the edge says", async () => {
    const german = await resolve({ 'Accept-Language': 'de-DE,de;q=0.9,en-US;q=0.8' });
    expect(german).toMatchObject({ iso: 'DE', id: 83, from: 'language', currency: 'EUR' });
    expect(german.lookups).toEqual(['/spa/country-schedule?iso_code=DE']);
    expect(await resolve({ 'Accept-Language': 'de,en-GB;q=0.5' })).toMatchObject({
      iso: 'GB',
      currency: 'GBP',
    });
    // Japan's currency is not on offer: dollars, in Japan's units.
    expect(await resolve({ 'Accept-Language': 'ja-JP' })).toMatchObject({
      iso: 'JP',
      from: 'language',
      currency: 'USD',
    });
    // No edge header configured on this site: the language still tells.
    expect(
      await resolve({ 'Accept-Language': 'fr-FR', 'CF-IPCountry': 'US' }, { countryIpHeader: '' }),
    ).toMatchObject({ iso: 'FR', from: 'language', currency: 'EUR' });
  });

  it('asks the language when the edge names no country the API knows, or an old cookie is unknown', async () => {
    for (const headers of [
      { 'CF-IPCountry': 'XX', 'Accept-Language': 'de-DE' },
      { 'CF-IPCountry': 'T1', 'Accept-Language': 'de-DE' },
      { cookie: 'country_id=999', 'Accept-Language': 'de-DE' },
    ] as Record<string, string>[]) {
      expect(await resolve(headers), JSON.stringify(headers)).toMatchObject({
        iso: 'DE',
        from: 'language',
        currency: 'EUR',
      });
    }
    // An old cookie with the edge's country: the edge's, one lookup (the cookie's).
    const edge = await resolve({ cookie: 'country_id=999', 'CF-IPCountry': 'GB' });
    expect(edge).toMatchObject({
      iso: 'GB',
      from: 'edge',
      lookups: ['/spa/country-schedule?country_id=999'],
    });
  });

  it('keeps the default for a region the API does not know, or no region', async () => {
    const unknown = await resolve({ 'Accept-Language': 'en-ZZ,de-DE;q=0.5' });
    expect(unknown).toMatchObject({ iso: 'US', from: 'default', currency: 'USD' });
    expect(unknown.lookups).toEqual(['/spa/country-schedule?iso_code=ZZ']);
    const withoutRegion: Record<string, string>[] = [
      {},
      { 'Accept-Language': 'de' },
      { 'Accept-Language': ';;,*' },
    ];
    for (const headers of withoutRegion) {
      const page = await resolve(headers);
      expect(page, JSON.stringify(headers)).toMatchObject({
        iso: 'US',
        from: 'default',
        currency: 'USD',
      });
      expect(page.lookups).toEqual([]);
    }
    // The default's own region: the site info told it, no lookup.
    expect(await resolve({ 'Accept-Language': 'en-US,en;q=0.9' })).toMatchObject({
      iso: 'US',
      from: 'language',
      lookups: [],
    });
    // The edge names no country the API knows, and nothing else tells: a guess, not the edge's.
    expect(await resolve({ 'CF-IPCountry': 'XX' })).toMatchObject({ iso: 'US', from: 'default' });
  });

  it('never fails when the API is down: no country, dollars', async () => {
    const page = await resolve(
      { 'Accept-Language': 'de-DE', cookie: 'country_id=83' },
      { api: countryApi({ down: true }) },
    );
    expect(page).toMatchObject({ iso: undefined, from: undefined, currency: 'USD' });
  });
});
