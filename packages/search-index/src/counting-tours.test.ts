import { FILTER_FIELDS, normalizeFilters, type SearchFilters } from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { applyChangedTours } from './apply-changes';
import {
  anyTourCounts,
  COUNTED_FIELDS,
  countedToursOf,
  tourCountingOf,
  type CountedTour,
} from './counting-tours';
import { compileIndexQuery, searchIndex } from './query-index';
import type { Place } from './rules';
import {
  date,
  day,
  indexOfCatalogue,
  labels,
  named,
  prices,
  Random,
  randomCatalogue,
  today,
  tourRow,
  type Catalogue,
} from './testing';
import { buildTourIndex, type TourIndex } from './tour-index';

/** Searches of every kind of filter: lists, one-of, common tests, date windows and prices. */
const QUERIES: Record<string, unknown>[] = [
  {},
  { type: 2 },
  { isCruisesSearch: 1 },
  { countries: [2] },
  { countries: [2, 3], difficulty: [1, 2] },
  { comfort: ['base'], organizer: 4 },
  { priceMin: 120, priceMax: 200 },
  { dateFrom: day(40), dateTo: day(90) },
  { daysMin: 3, daysMax: 8, countries: [1] },
  { dateFrom: day(20), dateTo: day(140), priceMax: 150, restKinds: [2] },
  { riderWeight: 100 },
  { maxGroupSize: 8, collections: [1] },
  { pricePerDayMax: 40 },
  { daysMin: 20 },
  { priceMin: 350 },
];

/**
 * The whole answer: every matching id in order, the total and (optionally) the facet rows, as
 * sorted texts (another index may number dictionary values, and so order equal rows, otherwise).
 */
function answerOf(index: TourIndex, query: Record<string, unknown>, withFacets: boolean) {
  const answer = searchIndex(index, compileIndexQuery(index, normalizeFilters(query), prices), {
    sort: 'default',
    offset: 0,
    limit: 1_000_000,
    withFacets,
  });
  const rows = answer.facets?.map(({ facet, value, count, low, high, label }) =>
    JSON.stringify([facet, value, count, low, high, label]),
  );
  return { ...answer, facets: rows?.sort() };
}

/** The two checks: the filter compiled once over the tours read out, and the compiled query. */
const CHECKS = {
  'tourCountingOf (once for every index)': (
    index: TourIndex,
    query: Record<string, unknown>,
    ids: number[],
    withFacets: boolean,
  ) =>
    tourCountingOf(normalizeFilters(query), { ...prices, withFacets }).counts(
      countedToursOf(index, ids),
    ),
  'anyTourCounts (the compiled query)': (
    index: TourIndex,
    query: Record<string, unknown>,
    ids: number[],
    withFacets: boolean,
  ) =>
    anyTourCounts(
      index,
      compileIndexQuery(index, normalizeFilters(query), prices),
      ids,
      withFacets,
    ),
};

describe.each(Object.entries(CHECKS))('%s (decision 150)', (_, counts) => {
  it('is true for every tour whose removal changes an answer, its total or its facets', async () => {
    const catalogue = randomCatalogue(150, 400);
    const index = indexOfCatalogue(catalogue);
    // Each sampled tour's index without it: an answer there differs only if the tour counted.
    const sampled = Array.from({ length: 60 }, (_, n) => catalogue.tours[n * 6 + 1]!.id);
    const without = new Map<number, TourIndex>();
    for (const id of sampled) {
      without.set(id, await applyChangedTours(index, { tours: [], dates: [], removedIds: [id] }));
    }
    let counted = 0;
    let notCounted = 0;
    for (const query of QUERIES) {
      for (const withFacets of [false, true]) {
        const whole = answerOf(index, query, withFacets);
        for (const id of sampled) {
          const context = JSON.stringify({ query, withFacets, id });
          if (counts(index, query, [id], withFacets)) {
            counted += 1;
            continue;
          }
          notCounted += 1;
          expect(answerOf(without.get(id)!, query, withFacets), context).toEqual(whole);
        }
        // A tour on the answer's list always counts.
        for (const id of whole.ids.slice(0, 30)) {
          expect(counts(index, query, [id], withFacets)).toBe(true);
        }
      }
    }
    // Both outcomes are exercised, and most tours fall outside most searches.
    expect(counted).toBeGreaterThan(50);
    expect(notCounted).toBeGreaterThan(counted);
  });

  it('counts nothing for ids the index does not hold, and any of several ids', () => {
    const catalogue = randomCatalogue(151, 50);
    const index = indexOfCatalogue(catalogue);
    const listed = answerOf(index, {}, false).ids[0]!;
    expect(counts(index, {}, [999_999, -3, 2.5, 0], true)).toBe(false);
    expect(counts(index, {}, [999_999, listed], false)).toBe(true);
  });
});

/**
 * A random catalogue with the values `randomCatalogue` leaves alike varied too: cities,
 * languages, showplaces, accommodation, operator types, the cruise columns, world parts and past
 * tours, so every filter field has tours on both sides.
 */
function variedCatalogue(seed: number, size: number): Catalogue {
  const { tours, dates } = randomCatalogue(seed, size);
  const random = new Random(seed + 7);
  for (const tour of tours) {
    tour.cityIds = random.chance(0.5) ? [random.int(30, 33)] : [];
    tour.languageCodes = random.chance(0.3) ? ['en', 'de'] : [random.pick(['en', 'fr', 'de'])];
    tour.showplaceIds = random.chance(0.4) ? [random.int(1, 3)] : [];
    tour.accommodation = random.pick(['hotel', 'camp-site', 'cabin', 'tent', 'guest-house']);
    tour.maxGroupSize = random.int(2, 16);
    if (random.chance(0.1)) tour.lastStartDate = day(-3);
    if (tour.isCruise) {
      tour.cruiseType = random.int(1, 2);
      tour.startCityId = random.int(30, 33);
      tour.cabinsCapacity = random.chance(0.8) ? random.int(10, 60) : null;
      tour.isReturningCruise = random.chance(0.5);
      tour.shipId = random.int(1, 4);
      tour.waterObjectId = random.int(1, 3);
    }
  }
  return { tours, dates };
}

const WORLD_PARTS = new Map([
  [1, 1],
  [2, 1],
  [3, 2],
  [4, 2],
  [5, 3],
]);

/** A random search over every field `tourCountingOf` reads, a few at a time. */
function randomQuery(random: Random): Record<string, unknown> {
  const options: Record<string, () => unknown> = {
    organizer: () => random.int(1, 12),
    accommodation: () => random.pick(['tourist-base', 'hotel', 'tent', 'flat']),
    comfort: () => [random.pick(['base', 'comfort', 'premium'])],
    maxGroupSize: () => random.int(3, 14),
    difficulty: () => [random.int(1, 4), random.int(1, 4)],
    riderLevel: () => random.pick(['beginner', 'novice', 'intermediate', 'advanced']),
    tack: () => [random.pick(['english', 'western'])],
    maxHours: () => random.int(2, 8),
    riderWeight: () => random.int(80, 120),
    welfare: () => [random.pick(['two_rest_days', 'herd_turnout', 'vet_on_call'])],
    priceMin: () => random.int(50, 300),
    priceMax: () => random.int(100, 400),
    pricePerDayMin: () => random.int(5, 60),
    pricePerDayMax: () => random.int(10, 200),
    minAge: () => random.int(1, 17),
    dateFrom: () => day(random.int(-10, 200)),
    dateTo: () => day(random.int(30, 290)),
    daysMin: () => random.int(1, 15),
    daysMax: () => random.int(3, 20),
    restKinds: () => [random.int(1, 4)],
    cities: () => [random.int(30, 33)],
    regions: () => [random.int(10, 20), random.int(10, 20)],
    countries: () => [random.int(1, 6)],
    continent: () => random.int(1, 3),
    collections: () => [random.int(1, 3)],
    languages: () => [random.pick(['fr', 'de'])],
    showplace: () => random.int(1, 3),
    isCruisesSearch: () => 1,
    cruisesType: () => random.int(1, 2),
    cruisesStartCity: () => random.int(30, 33),
    cruisesCabinsCapacity: () => random.int(5, 70),
    onlyReturningCruises: () => 1,
    ships: () => [random.int(1, 4)],
    waterObject: () => random.int(1, 3),
    isAuthorTourSearch: () => 1,
    operatorType: () => random.pick(['organization', 'author']),
    type: () => 2,
  };
  const query: Record<string, unknown> = {};
  const fields = Object.keys(options);
  for (let n = random.int(1, 4); n > 0; n -= 1) {
    const field = random.pick(fields);
    query[field] = options[field]!();
  }
  return query;
}

describe('tourCountingOf and anyTourCounts agree (decision 150)', () => {
  it('on every tour, for searches over every field, with and without facets and a place', () => {
    const catalogue = variedCatalogue(152, 300);
    const index = indexOfCatalogue(catalogue, {
      countries: named(6, 'Country'),
      organizers: named(12, 'Organizer'),
      worldPartOfCountry: WORLD_PARTS,
    });
    const ids = [...catalogue.tours.map((tour) => tour.id), 999_999];
    const toursOf = new Map(ids.map((id) => [id, countedToursOf(index, [id])] as const));
    // Past tours are in no segment: never read.
    expect(toursOf.get(999_999)).toEqual([]);
    expect([...toursOf.values()].filter((tours) => tours.length === 0).length).toBeGreaterThan(10);
    const random = new Random(153);
    const place: Place = { lat: 10, lng: 20, radiusKm: 4000 };
    const seen = new Set<string>();
    const outcomes = { counts: 0, not: 0 };
    for (let round = 0; round < 400; round += 1) {
      const query = randomQuery(random);
      const filter: SearchFilters = normalizeFilters(query);
      for (const field of Object.keys(query)) if (field in filter) seen.add(field);
      const withPlace = random.chance(0.15) ? place : undefined;
      for (const withFacets of [false, true]) {
        const options = { ...prices, place: withPlace };
        const compiled = compileIndexQuery(index, filter, options);
        const counting = tourCountingOf(filter, { ...options, withFacets });
        for (const id of ids) {
          const expected = anyTourCounts(index, compiled, [id], withFacets);
          const context = JSON.stringify({ query, withFacets, withPlace, id });
          expect(counting.counts(toursOf.get(id)!), context).toBe(expected);
          outcomes[expected ? 'counts' : 'not'] += 1;
        }
      }
    }
    // Every field it reads was searched on, and both outcomes are common.
    expect([...seen].sort()).toEqual([...COUNTED_FIELDS.read].sort());
    expect(outcomes.counts).toBeGreaterThan(10_000);
    expect(outcomes.not).toBeGreaterThan(10_000);
  });

  it('reads every filter field there is, or says why it need not', () => {
    const known = [...COUNTED_FIELDS.read, ...COUNTED_FIELDS.unread];
    expect([...known].sort()).toEqual([...FILTER_FIELDS].sort());
  });

  it("tests a tour read out of any index, its date window from that index's day", () => {
    // A tour whose one date is on day 1; a search of the dates from day 5.
    const tours = [tourRow(1, { lastStartDate: day(300) })];
    const dates = [date(1, 1, 3, 10_000)];
    const filter = normalizeFilters({ dateFrom: day(5), dateTo: day(400) });
    const counting = tourCountingOf(filter, { ...prices, withFacets: false });
    const built = (on: string) =>
      buildTourIndex({ version: 1, today: on, tours, dates, labels: labels({}) });
    // As of the fixtures' day the window starts on day 5: the date is before it.
    const fixtureDay = built(today);
    expect(counting.counts(countedToursOf(fixtureDay, [1]))).toBe(false);
    // On day 10 a start before it is no start (it is today): the window takes every date.
    const dayTen = built(day(10));
    const read: CountedTour[] = countedToursOf(dayTen, [1]);
    expect(read.map(({ id, today: on }) => [id, on])).toEqual([[1, day(10)]]);
    expect(counting.counts(read)).toBe(true);
    for (const index of [fixtureDay, dayTen]) {
      const compiled = compileIndexQuery(index, filter, prices);
      expect(anyTourCounts(index, compiled, [1], false)).toBe(index === dayTen);
    }
  });
});
