import { normalizeFilters } from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { applyChangedTours, type TourChanges } from './apply-changes';
import { indexSearch } from './port';
import { compileIndexQuery, searchIndex, type IndexSearchOptions } from './query-index';
import type { FacetRow } from './rules';
import {
  date,
  day,
  indexOfCatalogue,
  named,
  prices,
  Random,
  randomCatalogue,
  randomRiding,
  today,
  tourRow,
  type Catalogue,
} from './testing';
import type { TourIndex } from './tour-index';

/** The catalogue after `changes`, in id order as the loader reads it. */
function changedCatalogue(catalogue: Catalogue, changes: TourChanges): Catalogue {
  const replaced = new Set([...changes.removedIds, ...changes.tours.map((tour) => tour.id)]);
  const tours = [...catalogue.tours.filter((tour) => !replaced.has(tour.id)), ...changes.tours];
  tours.sort((a, b) => a.id - b.id);
  const dates = [...catalogue.dates.filter((d) => !replaced.has(d.tourId)), ...changes.dates];
  const order = new Map(tours.map((tour, at) => [tour.id, at]));
  // The loader reads each tour's dates with the tour (a stable sort keeps each tour's own order).
  dates.sort((a, b) => order.get(a.tourId)! - order.get(b.tourId)!);
  return { tours, dates };
}

/** Changes of every kind: fields, dates, a new text value, tours gone, new and past tours. */
function drawChanges(catalogue: Catalogue, seed: number): TourChanges {
  const random = new Random(seed);
  const ids = catalogue.tours.map((tour) => tour.id);
  const removedIds = random.sample(ids, 25);
  const removed = new Set(removedIds);
  const changed = random.sample(
    ids.filter((id) => !removed.has(id)),
    40,
  );
  const tours: TourChanges['tours'][number][] = [];
  const dates: TourChanges['dates'][number][] = [];
  const withDates = (id: number, fields: Parameters<typeof tourRow>[1]) => {
    const own = Array.from({ length: random.int(0, 3) }, () =>
      date(id, random.int(1, 280), random.int(1, 24), random.int(50, 400) * 100, random.int(0, 1)),
    );
    dates.push(...own);
    const cheapest = own.length > 0 ? Math.min(...own.map(({ priceUsd }) => priceUsd)) : null;
    tours.push(tourRow(id, { lastStartDate: day(300), ...fields, fromPriceUsd: cheapest }));
  };
  for (const id of changed) {
    const before = catalogue.tours.find((tour) => tour.id === id)!;
    withDates(id, {
      ...before,
      // A tour whose dates have all passed leaves its segment.
      ...(id === changed[0] ? { lastStartDate: day(-1) } : {}),
      popularity: random.int(0, 60),
      countryIds: [random.int(1, 7)],
      difficulty: random.int(1, 4),
      // A comfort no tour had: the dictionary gains a value.
      comfort: random.pick(['base', 'comfort', 'premium']),
      languageCodes: random.chance(0.3) ? ['en', 'de'] : ['en'],
      organizerId: random.int(1, 13),
      // Riding requirements, and heavier-horse places on the new dates.
      ...randomRiding(random),
    });
  }
  const size = catalogue.tours.length;
  for (let id = size + 1; id <= size + 15; id += 1) {
    withDates(id, {
      popularity: random.int(0, 50),
      type: random.chance(0.3) ? 2 : 1,
      isCruise: random.chance(0.2),
      countryIds: [random.int(1, 6)],
      organizerId: 13,
      lat: random.int(-60, 60),
      lng: random.int(-170, 170),
    });
  }
  return { tours, dates, removedIds };
}

/** An answer with its facet rows in one order (their order means nothing: the API sorts them). */
function comparable(answer: ReturnType<typeof searchIndex>) {
  const key = (row: FacetRow) => `${row.facet}\u0000${row.value ?? ''}`;
  return {
    ...answer,
    facets: answer.facets && [...answer.facets].sort((a, b) => (key(a) < key(b) ? -1 : 1)),
  };
}

const QUERIES = [
  {},
  { type: 2 },
  { isCruisesSearch: 1 },
  { priceMin: 100, priceMax: 250 },
  { priceMin: 100, priceMax: 250, countries: [2] },
  { dateFrom: day(30), dateTo: day(90) },
  { dateFrom: day(30), dateTo: day(90), countries: [3] },
  { daysMin: 3, daysMax: 8 },
  { countries: [7] },
  { countries: [1, 4], regions: [12] },
  { comfort: ['premium'] },
  { comfort: ['base', 'premium'], difficulty: [1, 2] },
  { languages: ['de'] },
  { organizer: 13 },
  { lat: 10, lng: 20, radius: 2000 },
  { riderLevel: 'novice', tack: ['western'] },
  { maxHours: 5.5, countries: [2] },
  { riderWeight: 105 },
  { riderWeight: 110, dateFrom: day(30), dateTo: day(150), riderLevel: 'advanced' },
];

/** Both indexes answer every query alike; returns how many answers matched some tours. */
function sameAnswers(applied: TourIndex, built: TourIndex): number {
  let matched = 0;
  for (const query of QUERIES) {
    const filter = normalizeFilters(query);
    const place =
      filter.lat !== undefined && filter.lng !== undefined
        ? { lat: filter.lat, lng: filter.lng, radiusKm: filter.radius ?? 100 }
        : undefined;
    for (const sort of ['default', 'price', '-price'] as const) {
      for (const withFacets of [false, true]) {
        const options: IndexSearchOptions = { sort, offset: 0, limit: 20, withFacets };
        const run = (index: TourIndex) =>
          comparable(
            searchIndex(index, compileIndexQuery(index, filter, { ...prices, place }), options),
          );
        const answer = run(applied);
        expect(answer, JSON.stringify({ query, options })).toEqual(run(built));
        if (answer.total > 0) matched += 1;
      }
    }
  }
  return matched;
}

describe('applyChangedTours (changed tours without reading the catalogue again)', () => {
  const labels = {
    countries: named(7, 'Country'),
    languages: new Map([
      ['en', 'English'],
      ['de', 'German'],
    ]),
    organizers: named(13, 'Organizer'),
  };

  it('answers what a full build of the changed catalogue answers', async () => {
    for (const seed of [1, 2, 3]) {
      const catalogue = randomCatalogue(100 + seed, 600);
      const changes = drawChanges(catalogue, seed);
      const before = indexOfCatalogue(catalogue, labels);
      const applied = await applyChangedTours(before, changes, {
        version: 2,
        pause: async () => {},
      });
      const built = indexOfCatalogue(changedCatalogue(catalogue, changes), labels);
      expect(applied.version).toBe(2);
      expect(applied.today).toBe(today);
      expect(applied.builtAt).toBe(before.builtAt);
      // The layout is the default order whatever order tours came in: the columns are equal.
      for (const field of [
        'size',
        'ids',
        'popularity',
        'fromPrice',
        'type',
        'isCruise',
        'lastStartDay',
        'countries',
        'worldParts',
        'organizer',
        'x',
        'dateOffsets',
        'dates',
        'minPrice',
        'firstDay',
        'segments',
        'riderLevel',
        'tacks',
        'halfHoursLongestDay',
        'maxRiderWeight',
        'heavyRiderWeight',
        'heavyDates',
      ] as const) {
        expect(applied[field], field).toEqual(built[field]);
      }
      expect(sameAnswers(applied, built)).toBeGreaterThan(40);
    }
  });

  it('leaves the index it was given as it was, serving meanwhile', async () => {
    const catalogue = randomCatalogue(7, 300);
    const before = indexOfCatalogue(catalogue, labels);
    const untouched = indexOfCatalogue(catalogue, labels);
    const applied = await applyChangedTours(before, drawChanges(catalogue, 7), {
      pause: async () => {},
    });
    expect(applied).not.toBe(before);
    expect(sameAnswers(before, untouched)).toBeGreaterThan(20);
  });

  it('names values a change brought, from the labels given', async () => {
    const catalogue = randomCatalogue(8, 200);
    const before = indexOfCatalogue(catalogue, labels);
    const changes = {
      tours: [tourRow(500, { organizerId: 40 })],
      dates: [date(500, 10, 3, 10_000)],
      removedIds: [],
    };
    const organizers = new Map([...labels.organizers, [40, 'New riders']]);
    const applied = await applyChangedTours(before, changes, {
      labels: { ...before.labels, organizers },
      pause: async () => {},
    });
    const { facets } = searchIndex(
      applied,
      compileIndexQuery(applied, normalizeFilters({ organizer: 40 }), prices),
      { sort: 'default', offset: 0, limit: 20, withFacets: true },
    );
    expect(facets).toContainEqual(
      expect.objectContaining({ facet: 'organizers', value: '40', label: 'New riders', count: 1 }),
    );
  });
});

describe('indexSearch (the index as the port)', () => {
  it('answers what the two steps answer', async () => {
    const index = indexOfCatalogue(randomCatalogue(5, 1_000));
    const filter = normalizeFilters({ countries: [2], sort: 'price', priceMax: 300 });
    const answer = await indexSearch(index).search({
      filter,
      ...prices,
      offset: 20,
      limit: 20,
      withFacets: true,
    });
    expect(answer).toEqual(
      searchIndex(index, compileIndexQuery(index, filter, prices), {
        sort: 'price',
        offset: 20,
        limit: 20,
        withFacets: true,
      }),
    );
    expect(answer.total).toBeGreaterThan(20);
  });
});
