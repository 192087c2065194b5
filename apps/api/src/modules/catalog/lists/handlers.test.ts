import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@gallop/api-client';
import type { OperationId } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  cities,
  climateNormals,
  collections,
  countries,
  currencyRates,
  organizers,
  regions,
  restKinds,
  seasons,
  seoPages,
  tourDates,
  tours,
  worldParts,
} from '#src/db/schema/index.ts';
import { todayIso } from '#src/shared/dates.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { expectContractResponse } from '#src/testing/contract.ts';
import { ACCOMMODATION_KINDS, BEST_TOURS_LIMIT } from './catalogue-items.ts';
import { byName } from './destinations.ts';

type NamedItem = components['schemas']['NamedItem'];
type Destination = components['schemas']['Destination'];
type WorldPartGroup = components['schemas']['WorldPartGroup'];
type TourSummary = components['schemas']['TourSummary'];

let testApp: TestApp;
let db: Database;
const today = todayIso();
type TourRow = typeof tours.$inferSelect;
/**
 * Listed tours (published, of a published organizer, with a bookable date ahead), computed here
 * from the rows: every kind of trip (best tours), and the multi-day tours and cruises that the
 * default and the cruise search find (the lists' counts).
 */
let listedTours: TourRow[];
let activeTours: TourRow[];
let listedCruises: TourRow[];
/** Dates a visitor can book (today or later, not busy, a free seat). */
let bookableDates: (typeof tourDates.$inferSelect)[];

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  const all = await db.select().from(tours);
  const hiddenOrganizers = new Set(
    (await db.select().from(organizers))
      .filter((row) => !row.isPublishedOnSite)
      .map((row) => row.id),
  );
  bookableDates = (await db.select().from(tourDates)).filter(
    (date) => date.startDate >= today && !date.isBusy && date.numberOfFreeSeats > 0,
  );
  const bookable = new Set(bookableDates.map((date) => date.tourId));
  listedTours = all.filter(
    (tour) => tour.isPublished && !hiddenOrganizers.has(tour.organizerId) && bookable.has(tour.id),
  );
  activeTours = listedTours.filter((tour) => tour.type === 1 && !tour.isCruise);
  listedCruises = listedTours.filter((tour) => tour.type === 1 && tour.isCruise);
  expect(activeTours.length).toBeGreaterThan(0);
  expect(listedCruises.length).toBeGreaterThan(0);
  expect(activeTours.length, 'some tours are hidden or gone').toBeLessThan(all.length);
});
afterAll(() => testApp.close());

async function call(operationId: OperationId, url: string, headers: Record<string, string> = {}) {
  const response = await testApp.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: expectContractResponse(response, operationId) };
}

async function items<T>(operationId: OperationId, url: string, key = 'items'): Promise<T[]> {
  const { status, body } = await call(operationId, url);
  expect(status).toBe(200);
  return (body as Record<string, T[]>)[key]!;
}

/** Listed multi-day tours (or `of`) per id in one of their arrays, counted in JS, not SQL. */
function countBy(ids: (tour: TourRow) => readonly (number | string)[], of = activeTours) {
  const counts = new Map<number | string, number>();
  for (const tour of of) {
    for (const id of new Set(ids(tour))) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe('rest kinds (listRestKinds, listAllRestKinds)', () => {
  it('answer every rest kind in position order with counts of listed tours and pictures', async () => {
    const rows = await db
      .select()
      .from(restKinds)
      .orderBy(asc(restKinds.position), asc(restKinds.id));
    const counts = countBy((tour) => tour.restKindIds);
    const cruiseCounts = countBy((tour) => tour.restKindIds, listedCruises);
    // A cruise kind's page (its tiles' link) searches cruises: it counts those.
    const cruisePages = new Set(
      (await db.select().from(seoPages))
        .filter((page) => page.filters['isCruisesSearch'] === 1)
        .map((page) => page.slug),
    );
    const expected = rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      tours_count: (cruisePages.has(row.slug) ? cruiseCounts : counts).get(row.id) ?? 0,
    }));
    expect(cruisePages.size).toBeGreaterThan(0);
    const filterList = await items<NamedItem>('listRestKinds', '/spa/rest-kinds', 'rest_kinds');
    const homeList = await items<NamedItem>(
      'listAllRestKinds',
      '/crm/api/index-page/all-rest-kinds',
    );
    for (const list of [filterList, homeList]) {
      expect(
        list.map(({ id, name, slug, tours_count }) => ({ id, name, slug, tours_count })),
      ).toEqual(expected);
      for (const item of list) expect(item.image?.image).toContain('{{size}}');
    }
    expect(expected.some((item) => item.tours_count > 0)).toBe(true);
  });
});

describe('collections (listCollections, listAllCollections)', () => {
  it('answer every collection with counts; SEO params only when asked, for individual ones', async () => {
    const rows = await db
      .select()
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.id));
    const counts = countBy((tour) => tour.collectionIds);
    const plain = await items<NamedItem>('listCollections', '/spa/collections', 'collections');
    const home = await items<NamedItem>(
      'listAllCollections',
      '/crm/api/index-page/all-collections',
    );
    const withSeo = await items<NamedItem>(
      'listAllCollections',
      '/crm/api/index-page/all-collections?with_individual_seo_params=1',
    );
    for (const list of [plain, home, withSeo]) {
      expect(list.map((item) => [item.id, item.tours_count])).toEqual(
        rows.map((row) => [row.id, counts.get(row.id) ?? 0]),
      );
    }
    for (const item of [...plain, ...home]) expect(item).not.toHaveProperty('seo');
    const individual = rows.filter((row) => row.isIndividual === 1);
    expect(individual.length).toBeGreaterThan(0);
    for (const [index, row] of rows.entries()) {
      const item = withSeo[index]!;
      if (row.isIndividual === 1) expect(item.seo?.title).toBe(row.seoParams['title']);
      else expect(item).not.toHaveProperty('seo');
    }
  });
});

describe('GET /crm/api/index-page/all-seasons (listAllSeasons)', () => {
  it("counts listed tours with a bookable date in the season's next window", async () => {
    const seasonRows = await db.select().from(seasons).orderBy(asc(seasons.id));
    const visible = new Set(activeTours.map((tour) => tour.id));
    const list = await items<NamedItem & { date_from: string; date_to: string }>(
      'listAllSeasons',
      '/crm/api/index-page/all-seasons',
    );
    expect(list.map((item) => item.id)).toEqual(seasonRows.map((row) => row.id));
    for (const season of list) {
      const tourIds = new Set(
        bookableDates
          .filter((date) => visible.has(date.tourId))
          .filter((date) => date.startDate >= season.date_from && date.startDate <= season.date_to)
          .map((date) => date.tourId),
      );
      expect(season.tours_count, season.name).toBe(tourIds.size);
    }
  });

  it('gives each season its next window of dates, the calendar period named after it', async () => {
    const list = await items<NamedItem & { date_from: string; date_to: string }>(
      'listAllSeasons',
      '/crm/api/index-page/all-seasons',
    );
    const periods = await items<{ name: string; date_from: string; date_to: string }>(
      'listCalendarPeriods',
      '/spa/calendar-periods',
    );
    const seasonRows = await db.select().from(seasons).orderBy(asc(seasons.id));
    expect(list.length).toBeGreaterThan(0);
    for (const [index, season] of list.entries()) {
      const named = periods.filter((period) =>
        new RegExp(`^${season.name} \\d{4}(/\\d{2})?$`).test(period.name),
      );
      expect(named, season.name).toHaveLength(1);
      expect({ from: season.date_from, to: season.date_to }, season.name).toEqual({
        from: named[0]!.date_from,
        to: named[0]!.date_to,
      });
      expect(season.date_from >= today, season.name).toBe(true);
      // The window starts and ends in the season's own months.
      const months = seasonRows[index]!.months;
      expect(months, season.name).toContain(Number(season.date_from.slice(5, 7)));
      expect(months, season.name).toContain(Number(season.date_to.slice(5, 7)));
    }
  });
});

describe('GET /spa/calendar-periods (listCalendarPeriods)', () => {
  it('answers holidays, seasons and months, none of them over', async () => {
    const list = await items<{ name: string; date_from: string; date_to: string }>(
      'listCalendarPeriods',
      '/spa/calendar-periods',
    );
    const seasonCount = (await db.select().from(seasons)).length;
    expect(list).toHaveLength(3 + seasonCount + 12);
    for (const period of list) {
      expect(period.date_from >= today).toBe(true);
      expect(period.date_to >= period.date_from).toBe(true);
    }
  });
});

describe('GET /spa/tour-accommodations (listTourAccommodations)', () => {
  it('answers each accommodation kind with its count of active tours', async () => {
    const counts = countBy((tour) => [tour.accommodation]);
    const list = await items<NamedItem>('listTourAccommodations', '/spa/tour-accommodations');
    expect(list).toEqual(
      ACCOMMODATION_KINDS.map((kind, index) => ({
        id: index + 1,
        name: kind.name,
        slug: kind.slug,
        tours_count: counts.get(kind.slug) ?? 0,
      })),
    );
  });
});

describe('GET /spa/best-tours (listBestTours)', () => {
  it('answers listed best tours, most popular first, priced in the visitor currency', async () => {
    const expected = listedTours
      .filter((tour) => tour.isBest)
      .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
      .slice(0, BEST_TOURS_LIMIT);
    expect(expected.length).toBeGreaterThan(0);
    const [eur] = await db.select().from(currencyRates).where(eq(currencyRates.code, 'EUR'));
    expect(eur).toBeDefined();
    const usd = await items<TourSummary>('listBestTours', '/spa/best-tours');
    const { body } = await call('listBestTours', '/spa/best-tours?with_alt=1', {
      'x-currency': 'EUR',
    });
    const inEuro = (body as { items: TourSummary[] }).items;
    expect(usd.map((tour) => tour.id)).toEqual(expected.map((tour) => tour.id));
    expect(inEuro.map((tour) => tour.id)).toEqual(expected.map((tour) => tour.id));
    for (const [index, tour] of inEuro.entries()) {
      expect(tour.currency).toBe('EUR');
      expect(usd[index]!.currency).toBe('USD');
      // The same price converted: within rounding of one unit per conversion.
      expect(Math.abs(tour.price - usd[index]!.price * eur!.perUsd)).toBeLessThanOrEqual(
        1 + eur!.perUsd,
      );
      for (const image of tour.images) expect(typeof image.alt).toBe('string');
      for (const image of usd[index]!.images) expect(image).not.toHaveProperty('alt');
    }
  });
});

describe('GET /crm/api/world-part/groups (listWorldPartGroups)', () => {
  it('answers the world parts alone without show_countries_with_world_parts', async () => {
    const parts = await db.select().from(worldParts).orderBy(asc(worldParts.position));
    const list = await items<WorldPartGroup>('listWorldPartGroups', '/crm/api/world-part/groups');
    expect(list.map((part) => part.name)).toEqual(parts.map((part) => part.name));
    for (const part of list) expect(part.countries).toEqual([]);
  });

  it('nests the countries that have active tours, by name, with alt texts on request', async () => {
    const countryRows = await db.select().from(countries);
    const counts = countBy((tour) => tour.countryIds);
    const url = '/crm/api/world-part/groups?show_countries_with_world_parts=1';
    for (const withAlt of [false, true]) {
      const list = await items<WorldPartGroup>(
        'listWorldPartGroups',
        withAlt ? `${url}&with_alt=1` : url,
      );
      for (const part of list) {
        const expected = countryRows
          .filter((row) => (counts.get(row.id) ?? 0) > 0 && row.worldPartId === part.id)
          .sort(byName);
        expect(part.countries.map((country) => [country.id, country.tours_count])).toEqual(
          expected.map((row) => [row.id, counts.get(row.id)]),
        );
        for (const country of part.countries) {
          expect(country.kind).toBe('country');
          if (withAlt) expect(country.image?.alt).toBe(country.name);
          else expect(country.image).not.toHaveProperty('alt');
        }
      }
      const nested = list.flatMap((part) => part.countries).length;
      expect(nested).toBe(countryRows.filter((row) => (counts.get(row.id) ?? 0) > 0).length);
    }
  });

  it('marks each country at the centre of where its tours start, for the destinations map', async () => {
    const list = await items<WorldPartGroup>(
      'listWorldPartGroups',
      '/crm/api/world-part/groups?show_countries_with_world_parts=1',
    );
    const countriesShown = list.flatMap((part) => part.countries);
    expect(countriesShown.length).toBeGreaterThan(0);
    for (const country of countriesShown) {
      const starts = activeTours.filter((tour) => tour.countryIds.includes(country.id));
      // The mean of the starts' unit vectors, back to degrees (a reference beside the SQL).
      const sum = starts.reduce(
        (total, tour) => {
          const [lat, lng] = [(tour.lat * Math.PI) / 180, (tour.lng * Math.PI) / 180];
          return {
            x: total.x + Math.cos(lat) * Math.cos(lng),
            y: total.y + Math.cos(lat) * Math.sin(lng),
            z: total.z + Math.sin(lat),
          };
        },
        { x: 0, y: 0, z: 0 },
      );
      const lat = (Math.atan2(sum.z, Math.hypot(sum.x, sum.y)) * 180) / Math.PI;
      const lng = (Math.atan2(sum.y, sum.x) * 180) / Math.PI;
      expect(country.centre, country.name).toBeDefined();
      expect(country.centre!.lat, country.name).toBeCloseTo(lat, 4);
      expect(country.centre!.lng, country.name).toBeCloseTo(lng, 4);
      // Inside the box of its tours' starts.
      const lats = starts.map((tour) => tour.lat);
      expect(country.centre!.lat).toBeGreaterThanOrEqual(Math.min(...lats) - 1e-4);
      expect(country.centre!.lat).toBeLessThanOrEqual(Math.max(...lats) + 1e-4);
    }
  });
});

describe('GET /spa/destinations (listDestinations)', () => {
  it('answers countries with active tours by default', async () => {
    const counts = countBy((tour) => tour.countryIds);
    const list = await items<Destination>('listDestinations', '/spa/destinations');
    expect(list.length).toBe(counts.size);
    for (const item of list) {
      expect(item.kind).toBe('country');
      expect(item.tours_count).toBe(counts.get(item.id));
      expect(item.iso_code).toMatch(/^[A-Z]{2}$/);
    }
    // A country's picture shows its landscape: Mongolia's is steppe, not a desert of cacti.
    const mongolia = list.find((item) => item.name === 'Mongolia');
    expect(mongolia?.image?.image).toBe('/media/generated/landscape/steppe/1025/{{size}}.jpg');
  });

  it('answers the regions and cities of a country', async () => {
    const [busiest] = [...countBy((tour) => tour.countryIds)].sort((a, b) => b[1] - a[1]);
    const countryId = Number(busiest![0]);
    const regionRows = await db.select().from(regions).where(eq(regions.countryId, countryId));
    const regionIds = new Set(regionRows.map((row) => row.id));
    const regionCounts = countBy((tour) => tour.regionIds.filter((id) => regionIds.has(id)));
    const regionList = await items<Destination>(
      'listDestinations',
      `/spa/destinations?kind=region&country_id=${countryId}`,
    );
    expect(new Map(regionList.map((item) => [item.id, item.tours_count]))).toEqual(regionCounts);
    for (const item of regionList) expect(item.kind).toBe('region');
    // Each region's picture shows its own landscape.
    const landscapeOf = new Map(regionRows.map((row) => [row.id, row.landscape]));
    for (const item of regionList) {
      expect(item.image?.image, item.name).toContain(`/landscape/${landscapeOf.get(item.id)}/`);
    }

    const cityList = await items<Destination>(
      'listDestinations',
      `/spa/destinations?kind=city&country_id=${countryId}`,
    );
    const cityRows = await db.select().from(cities).where(eq(cities.countryId, countryId));
    const cityIds = new Set(cityRows.map((row) => row.id));
    const cityCounts = countBy((tour) => tour.cityIds.filter((id) => cityIds.has(id)));
    expect(cityList.length).toBeGreaterThan(0);
    expect(new Map(cityList.map((item) => [item.id, item.tours_count]))).toEqual(cityCounts);
    for (const item of cityList) expect(item.kind).toBe('city');
    expect(cityList).toEqual([...cityList].sort(byName));
  });

  it('answers 400 for an unknown kind', async () => {
    expect((await call('listDestinations', '/spa/destinations?kind=planet')).status).toBe(400);
  });
});

describe('counts and the searches they link to', () => {
  const total = async (query: string) => {
    const { status, body } = await call('listTours', `/spa/tours?${query}`);
    expect(status, query).toBe(200);
    return (body as { pagination: { total: number } }).pagination.total;
  };

  it("each country's, collection's and rest kind's count is its search's total", async () => {
    const countries = await items<Destination>('listDestinations', '/spa/destinations');
    for (const country of countries.slice(0, 8)) {
      expect(country.tours_count, country.name).toBe(await total(`countries=${country.id}`));
    }
    const collectionList = await items<NamedItem>(
      'listAllCollections',
      '/crm/api/index-page/all-collections',
    );
    for (const collection of collectionList) {
      expect(collection.tours_count, collection.name).toBe(
        await total(`collections=${collection.id}`),
      );
    }
    // A kind's tiles open its catalogue page (`/{slug}`), a cruise search for the cruise kinds.
    const kinds = await items<NamedItem>('listAllRestKinds', '/crm/api/index-page/all-rest-kinds');
    for (const kind of kinds) {
      expect(kind.tours_count, kind.name).toBe(await total(`slug=${kind.slug}`));
    }
  });
});

describe('GET /spa/destination-climate (getDestinationClimate)', () => {
  it('answers twelve months for a destination with climate normals', async () => {
    const [row] = await db
      .select({ kind: climateNormals.destinationKind, id: climateNormals.destinationId })
      .from(climateNormals)
      .orderBy(asc(climateNormals.destinationKind), asc(climateNormals.destinationId))
      .limit(1);
    expect(row, 'the seed has climate normals').toBeDefined();
    const { status, body } = await call(
      'getDestinationClimate',
      `/spa/destination-climate?destination_id=${row!.id}&kind=${row!.kind}`,
    );
    expect(status).toBe(200);
    const climate = body as components['schemas']['Climate'];
    expect(climate.destination_id).toBe(row!.id);
    expect(climate.months.map((month) => month.month)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    for (const month of climate.months) {
      expect(month.temperature_max).toBeGreaterThanOrEqual(month.temperature_min);
    }
  });

  it('answers 404 for a destination without climate data', async () => {
    const { status } = await call(
      'getDestinationClimate',
      '/spa/destination-climate?destination_id=99999999',
    );
    expect(status).toBe(404);
  });
});
