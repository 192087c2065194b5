import type { components } from '@gallop/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  cities,
  countries,
  organizers,
  regions,
  searchPhrases,
  seoPages,
  tours,
} from '#src/db/schema/index.ts';
import { listedTour } from '../listed.ts';
import { todayIso } from '#src/shared/dates.ts';
import { CATALOGUE_PATH } from './suggestion-urls.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';

type CompletionItem = components['schemas']['CompletionItem'];
type City = components['schemas']['City'];

let testApp: TestApp;
let db: Database;
let phrases: (typeof searchPhrases.$inferSelect)[];
const today = todayIso();

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  phrases = await db.select().from(searchPhrases);
});
afterAll(() => testApp.close());

async function complete(query: string): Promise<CompletionItem[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/spa/tours-filter-completion?${query}`,
  });
  const body = expectContractResponse(response, 'getToursFilterCompletion') as {
    items: CompletionItem[];
  };
  expect(response.statusCode).toBe(200);
  return body.items;
}

async function get(url: string): Promise<{ status: number; body: unknown }> {
  const response = await testApp.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

async function citiesBy(query: string): Promise<City[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/spa/cities-by-query?${query}`,
  });
  const body = expectContractResponse(response, 'searchCities') as { data: City[] };
  expect(response.statusCode).toBe(200);
  return body.data;
}

/** The phrase row behind a suggestion. */
const rowOf = (item: CompletionItem) =>
  phrases.find((row) => row.kind === item.type && row.refId === item.id && row.text === item.text);

describe('GET /spa/tours-filter-completion', () => {
  it('suggests 5 by default, prefix matches first', async () => {
    const country = phrases.find((row) => row.kind === 'country')!;
    const phrase = country.text.slice(0, 3);
    const items = await complete(`phrase=${encodeURIComponent(phrase)}`);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(items[0]!.text.toLowerCase().startsWith(phrase.toLowerCase())).toBe(true);
    const prefixed = items.map((item) => item.text.toLowerCase().startsWith(phrase.toLowerCase()));
    // Once a suggestion does not start with the phrase, none after it does.
    expect(prefixed).toEqual([...prefixed].sort((a, b) => Number(b) - Number(a)));
    expect(items.map((item) => item.text)).toContain(country.text);
    const suggested = items.find((item) => item.text === country.text)!;
    expect(suggested).toMatchObject({ type: 'country', id: country.refId });
    // The country's catalogue page: a page the site has, standing for that country alone.
    const [page] = await db
      .select()
      .from(seoPages)
      .where(eq(seoPages.slug, suggested.url!.slice(1)));
    expect(page?.filters).toEqual({ countries: [country.refId] });
  });

  it('leads every suggestion to the search or page it names, never a 404 or another tour', async () => {
    const kinds = ['country', 'region', 'city', 'showplace', 'rest_kind', 'collection', 'tour'];
    let checked = 0;
    for (const kind of kinds) {
      for (const row of phrases.filter((phrase) => phrase.kind === kind).slice(0, 4)) {
        const items = await complete(
          `phrase=${encodeURIComponent(row.text)}&only=${kind}&limit=20`,
        );
        for (const item of items) {
          checked += 1;
          const url = item.url!;
          expect(url, item.text).toMatch(/^\//);
          if (item.type === 'tour') {
            const { status, body } = await get(
              `/spa/tour?slug=${encodeURIComponent(url.slice(1))}`,
            );
            expect(status, url).toBe(200);
            expect((body as { id: number }).id, url).toBe(item.id);
          } else if (url.startsWith(`${CATALOGUE_PATH}?`)) {
            // The catalogue search with exactly the suggested value.
            const query = new URLSearchParams(url.slice(CATALOGUE_PATH.length + 1));
            const field = {
              country: 'countries',
              region: 'regions',
              city: 'cities',
              showplace: 'showplace',
              rest_kind: 'restKinds',
              collection: 'collections',
            }[item.type as 'city'];
            expect(query.get(field), url).toBe(String(item.id));
            expect((await get(`/spa/tours?${query}`)).status, url).toBe(200);
          } else {
            expect(url, `${item.type} ${item.text}`).not.toMatch(/-\d+$/);
            const { body } = await get(
              `/spa/validate-slug?slug=${encodeURIComponent(url.slice(1))}`,
            );
            expect((body as { result: boolean }).result, url).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("opens a city's and a place's search, not their own slugs", async () => {
    const city = phrases.find((row) => row.kind === 'city' && !row.isCruise)!;
    const [cityItem] = (
      await complete(`phrase=${encodeURIComponent(city.text)}&only=city&limit=20`)
    ).filter((item) => item.id === city.refId);
    expect(cityItem?.url).toBe(`/tours?cities=${city.refId}`);
    expect(cityItem).not.toHaveProperty('slug');
    const showplace = phrases.find((row) => row.kind === 'showplace')!;
    expect(showplace.slug, 'showplace slugs end in -<id>').toMatch(/-\d+$/);
    const [placeItem] = (
      await complete(`phrase=${encodeURIComponent(showplace.text)}&only=showplace&limit=20`)
    ).filter((item) => item.id === showplace.refId);
    expect(placeItem?.url).toBe(`/tours?showplace=${showplace.refId}`);
    // In the cruise search, the cruise search with that place.
    const port = phrases.find((row) => row.kind === 'city' && row.isCruise)!;
    const [portItem] = (
      await complete(`phrase=${encodeURIComponent(port.text)}&only=city&isCruisesSearch=1&limit=20`)
    ).filter((item) => item.id === port.refId);
    expect(portItem?.url).toBe(`/tours?cities=${port.refId}&isCruisesSearch=1`);
  });

  it('opens a cruise ride style on its cruise catalogue page', async () => {
    const kind = phrases.find((row) => row.kind === 'rest_kind' && row.isCruise)!;
    const [item] = (
      await complete(`phrase=${encodeURIComponent(kind.text)}&only=rest_kind&isCruisesSearch=1`)
    ).filter((found) => found.id === kind.refId);
    const [page] = await db
      .select()
      .from(seoPages)
      .where(eq(seoPages.slug, item!.url!.slice(1)));
    expect(page?.filters).toEqual({ restKinds: [kind.refId], isCruisesSearch: 1 });
  });

  it('finds a listed tour by its code, with or without #, first', async () => {
    const [tour] = await db
      .select({ id: tours.id, name: tours.name, slug: tours.slug })
      .from(tours)
      .where(listedTour(today))
      .orderBy(desc(tours.id))
      .limit(1);
    for (const phrase of [String(tour!.id), `#${tour!.id}`, `# ${tour!.id}`]) {
      const [first] = await complete(`phrase=${encodeURIComponent(phrase)}`);
      expect(first, phrase).toEqual({
        type: 'tour',
        text: tour!.name,
        id: tour!.id,
        slug: tour!.slug,
        url: `/${tour!.slug}`,
      });
    }
    expect(await complete(`phrase=${tour!.id}&exclude=tour`)).not.toContainEqual(
      expect.objectContaining({ type: 'tour', id: tour!.id }),
    );
  });

  it('suggests no tour or organizer that is hidden, by name or by code', async () => {
    const [hidden] = await db
      .select({ id: tours.id, name: tours.name })
      .from(tours)
      .where(sql`not ${listedTour(today)}`)
      .orderBy(asc(tours.id))
      .limit(1);
    const byName = await complete(`phrase=${encodeURIComponent(hidden!.name)}&only=tour&limit=20`);
    expect(byName.map((item) => item.id)).not.toContain(hidden!.id);
    expect(await complete(`phrase=${hidden!.id}&only=tour`)).not.toContainEqual(
      expect.objectContaining({ id: hidden!.id }),
    );
    const [organizer] = await db
      .select()
      .from(organizers)
      .where(eq(organizers.isPublishedOnSite, false))
      .limit(1);
    expect(organizer, 'the seed has a hidden organizer').toBeDefined();
    const found = await complete(
      `phrase=${encodeURIComponent(organizer!.name)}&only=organizer&limit=20`,
    );
    expect(found.map((item) => item.id)).not.toContain(organizer!.id);
  });

  it('finds a misspelt name by trigram word similarity', async () => {
    const country = phrases.find((row) => row.kind === 'country' && row.text.length >= 7)!;
    // A typo in the last letter: no prefix matches, the trigrams still mostly do.
    const typo = `${country.text.toLowerCase().slice(0, -1)}x`;
    const items = await complete(`phrase=${encodeURIComponent(typo)}&limit=20`);
    expect(items.map((item) => item.text)).toContain(country.text);
  });

  it('matches the start of any word', async () => {
    const region = phrases.find((row) => row.kind === 'region' && /\s\S{4,}/.test(row.text))!;
    const word = region.text.split(' ')[1]!.slice(0, 4);
    const items = await complete(`phrase=${encodeURIComponent(word)}&limit=20&only=region`);
    expect(items.map((item) => item.text)).toContain(region.text);
  });

  it('honours limit, only and exclude', async () => {
    const phrase = 'ri';
    const wide = await complete(`phrase=${phrase}&limit=20`);
    expect(wide.length).toBeGreaterThan(2);
    expect((await complete(`phrase=${phrase}&limit=2`)).length).toBe(2);
    const onlyTours = await complete(`phrase=${phrase}&limit=20&only=tour`);
    expect(onlyTours.length).toBeGreaterThan(0);
    expect(onlyTours.every((item) => item.type === 'tour')).toBe(true);
    const withoutTours = await complete(`phrase=${phrase}&limit=20&exclude=tour&exclude=city`);
    expect(withoutTours.length).toBeGreaterThan(0);
    expect(withoutTours.some((item) => item.type === 'tour' || item.type === 'city')).toBe(false);
    expect(await complete(`phrase=${phrase}&only=tour&exclude=tour`)).toEqual([]);
  });

  it('keeps cruise suggestions for the cruise search and places for both', async () => {
    // A listed cruise: suggestions lead only to tours that are (see below).
    const listed = new Set(
      (await db.select({ id: tours.id }).from(tours).where(listedTour(today))).map((row) => row.id),
    );
    const cruiseTour = phrases.find(
      (row) => row.kind === 'tour' && row.isCruise && listed.has(row.refId),
    )!;
    const phrase = encodeURIComponent(cruiseTour.text);
    const inCruises = await complete(`phrase=${phrase}&isCruisesSearch=1&limit=20`);
    expect(inCruises.map((item) => item.id)).toContain(cruiseTour.refId);
    expect(inCruises.every((item) => rowOf(item)?.isCruise)).toBe(true);
    const inTours = await complete(`phrase=${phrase}&limit=20`);
    expect(inTours.some((item) => item.type === 'tour' && item.id === cruiseTour.refId)).toBe(
      false,
    );
    const port = phrases.find((row) => row.kind === 'city' && row.isCruise)!;
    const portPhrase = encodeURIComponent(port.text);
    for (const flag of ['0', '1']) {
      const items = await complete(`phrase=${portPhrase}&isCruisesSearch=${flag}&limit=20`);
      expect(items.some((item) => item.type === 'city' && item.id === port.refId)).toBe(true);
    }
  });

  it('answers an empty list for an empty or blank phrase', async () => {
    expect(await complete('phrase=')).toEqual([]);
    expect(await complete('phrase=%20%20%20')).toEqual([]);
  });

  it('treats LIKE wildcards in the phrase as text', async () => {
    expect(await complete('phrase=%25%25%25')).toEqual([]);
    expect(await complete('phrase=___')).toEqual([]);
  });

  it('answers 400 for a limit out of range', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/spa/tours-filter-completion?phrase=ice&limit=500',
    });
    expectContractResponse(response, 'getToursFilterCompletion');
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /spa/cities-by-query', () => {
  it('answers an empty list for an empty query', async () => {
    expect(await citiesBy('query=')).toEqual([]);
    expect(await citiesBy('query=%20')).toEqual([]);
  });

  it('finds cities by prefix with their region and country', async () => {
    const [city] = await db.select().from(cities).limit(1);
    const found = await citiesBy(`query=${encodeURIComponent(city!.name.slice(0, 4))}&limit=20`);
    const match = found.find((item) => item.id === city!.id);
    expect(match).toBeDefined();
    const countryName = (await db.select().from(countries)).find(
      (row) => row.id === city!.countryId,
    )!.name;
    const regionName = city!.regionId
      ? (await db.select().from(regions)).find((row) => row.id === city!.regionId)!.name
      : null;
    expect(match).toEqual({
      id: city!.id,
      name: city!.name,
      region: regionName,
      country: countryName,
      lat: city!.lat,
      lng: city!.lng,
    });
    for (const item of found.slice(0, 1)) {
      expect(item.name.toLowerCase().startsWith(city!.name.slice(0, 4).toLowerCase())).toBe(true);
    }
  });

  it('limits (5 by default) and filters by country', async () => {
    const all = await db.select().from(cities);
    const byCountry = new Map<number, typeof all>();
    for (const city of all)
      byCountry.set(city.countryId, [...(byCountry.get(city.countryId) ?? []), city]);
    const [countryId, inCountry] = [...byCountry].sort((a, b) => b[1].length - a[1].length)[0]!;
    const letter = inCountry[0]!.name[0]!;
    const found = await citiesBy(`query=${letter}&country_id=${countryId}&limit=20`);
    expect(found.length).toBeGreaterThan(0);
    const ids = new Set(inCountry.map((city) => city.id));
    expect(found.every((city) => ids.has(city.id))).toBe(true);
    expect((await citiesBy('query=a')).length).toBeLessThanOrEqual(5);
  });
});
