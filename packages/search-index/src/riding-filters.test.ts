/**
 * The riding filters (issue 46): `riderLevel`, `tack`, `maxHours` and `riderWeight`, with their
 * facets, against a plain reading of their rules over the rows (the SQL search's semantics, as
 * the API's search README states them), alone and with the date, price, duration and other
 * filters; and the shortcuts against the plain walk.
 */
import {
  isCruiseSearch,
  normalizeFilters,
  RIDER_LEVELS,
  TACKS,
  type SearchFilters,
} from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { compileIndexQuery, searchIndex, type IndexSearchResult } from './query-index';
import { AT_MOST_FACETS, effectiveDateFrom, lowerUsd, upperUsd, type FacetRow } from './rules';
import {
  date,
  day,
  indexOf,
  indexOfCatalogue,
  prices,
  Random,
  randomCatalogue,
  today,
  tourRow,
  type Catalogue,
} from './testing';
import { DURATION_BUCKETS, type IndexTourRow } from './tour-index';

type Sort = 'default' | 'price' | '-price';
type DateRow = Catalogue['dates'][number];

/** The kinds the reference reads, each a test of a tour's row. */
function kindTests(filter: SearchFilters) {
  const tests: Partial<Record<string, (tour: IndexTourRow) => boolean>> = {};
  if (filter.countries) {
    const wanted = filter.countries;
    tests.countries = (tour) => tour.countryIds.some((id) => wanted.includes(id));
  }
  if (filter.difficulty) {
    const wanted: readonly number[] = filter.difficulty;
    tests.difficulty = (tour) => wanted.includes(tour.difficulty);
  }
  if (filter.riderLevel !== undefined) {
    const rank = RIDER_LEVELS.indexOf(filter.riderLevel);
    tests.rider_level = (tour) => tour.riderLevel <= rank;
  }
  if (filter.tack) {
    const wanted: readonly string[] = filter.tack;
    tests.tack = (tour) => tour.otherTackOnRequest || wanted.includes(tour.tack);
  }
  if (filter.maxHours !== undefined) {
    const hours = filter.maxHours;
    tests.max_hours = (tour) => tour.hoursLongestDay <= hours;
  }
  return tests;
}

/**
 * What the search answers, read plainly off the rows: a tour of the segment passing every tour
 * filter, with a bookable date passing every date filter on one date; for a rider above the
 * standard horses' limit that date must have a heavier-horse place free. A tour is priced by its
 * cheapest date matching both, the date filters and the rider (the card's price): without either,
 * its cheapest date.
 */
function reference({ tours, dates }: Catalogue, filter: SearchFilters) {
  const dateFrom = effectiveDateFrom(filter, today);
  const fromDay = dateFrom ?? '0000-00-00';
  const toDay = filter.dateTo ?? '9999-99-99';
  const priceMin =
    filter.priceMin === undefined ? -Infinity : lowerUsd(filter.priceMin, prices.toUsdMinor);
  const priceMax =
    filter.priceMax === undefined ? Infinity : upperUsd(filter.priceMax, prices.toUsdMinor);
  const daysMin = filter.daysMin ?? -Infinity;
  const daysMax = filter.daysMax ?? Infinity;
  const anyDate =
    dateFrom !== undefined ||
    [filter.dateTo, filter.priceMin, filter.priceMax, filter.daysMin, filter.daysMax].some(
      (bound) => bound !== undefined,
    );
  const weight = filter.riderWeight;
  const byTour = new Map<number, DateRow[]>();
  for (const row of dates) byTour.set(row.tourId, [...(byTour.get(row.tourId) ?? []), row]);
  const inWindow = (row: DateRow) => row.startDate >= fromDay && row.startDate <= toDay;
  const inDays = (row: DateRow) => row.duration >= daysMin && row.duration <= daysMax;
  const inPrice = (row: DateRow) => row.priceUsd >= priceMin && row.priceUsd <= priceMax;
  const carries = (tour: IndexTourRow, row: DateRow) =>
    weight === undefined || weight <= tour.maxRiderWeightKg || row.heavyPlacesFree > 0;
  const inSegment = (tour: IndexTourRow) =>
    tour.type === filter.type &&
    tour.isCruise === isCruiseSearch(filter) &&
    tour.lastStartDate !== null &&
    tour.lastStartDate >= today &&
    (weight === undefined || weight <= tour.maxRiderWeightKg || weight <= tour.heavyRiderWeightKg);
  const matchesDates = (tour: IndexTourRow) => {
    const own = byTour.get(tour.id) ?? [];
    if (!anyDate) {
      // Bookable (its cheapest date is denormalised), and a heavier rider needs a place on one.
      return (
        tour.fromPriceUsd !== null &&
        (weight === undefined ||
          weight <= tour.maxRiderWeightKg ||
          own.some((row) => row.heavyPlacesFree > 0))
      );
    }
    return own.some((row) => inWindow(row) && inDays(row) && inPrice(row) && carries(tour, row));
  };
  const tests = kindTests(filter);
  const passesBut = (tour: IndexTourRow, except?: string) =>
    Object.entries(tests).every(([kind, test]) => kind === except || test!(tour));
  const candidates = tours.filter(inSegment);
  const passing = candidates.filter((tour) => passesBut(tour) && matchesDates(tour));
  const sortPrices = new Map(
    passing.map((tour) => [
      tour.id,
      anyDate || (weight !== undefined && weight > tour.maxRiderWeightKg)
        ? Math.min(
            ...(byTour.get(tour.id) ?? [])
              .filter((row) => inWindow(row) && inDays(row) && inPrice(row) && carries(tour, row))
              .map((row) => row.priceUsd),
          )
        : tour.fromPriceUsd!,
    ]),
  );
  const priceOf = (tour: IndexTourRow) => sortPrices.get(tour.id)!;
  const order = (sort: Sort) =>
    [...passing]
      .sort((a, b) =>
        sort === 'default'
          ? b.popularity - a.popularity || a.id - b.id
          : sort === 'price'
            ? priceOf(a) - priceOf(b) || a.id - b.id
            : priceOf(b) - priceOf(a) || b.id - a.id,
      )
      .map((tour) => tour.id);

  // Facets: each riding kind over the tours passing every other filter.
  const counted = (kind: string) =>
    candidates.filter((tour) => passesBut(tour, kind) && matchesDates(tour));
  const facets: Record<string, Record<string, number>> = {
    rider_level: {},
    tack: {},
    max_hours: {},
    durations: {},
  };
  const add = (kind: string, value: string) =>
    (facets[kind]![value] = (facets[kind]![value] ?? 0) + 1);
  for (const tour of counted('rider_level')) {
    for (const option of AT_MOST_FACETS.rider_level) {
      if (tour.riderLevel <= option.rank) add('rider_level', option.value);
    }
  }
  for (const tour of counted('tack')) {
    for (const tack of TACKS) if (tour.otherTackOnRequest || tour.tack === tack) add('tack', tack);
  }
  for (const tour of counted('max_hours')) {
    for (const option of AT_MOST_FACETS.max_hours) {
      if (tour.hoursLongestDay <= option.rank) add('max_hours', option.value);
    }
  }
  // Durations: the dates within every date filter but the durations; the price range: within
  // every one but the prices. Only the dates that carry the rider.
  let low = Infinity;
  let high = -Infinity;
  for (const tour of candidates.filter((tour) => passesBut(tour))) {
    const buckets = new Set<number>();
    for (const row of byTour.get(tour.id) ?? []) {
      if (!inWindow(row) || !carries(tour, row)) continue;
      if (inPrice(row)) buckets.add(Math.min(row.duration, DURATION_BUCKETS - 1));
      if (inDays(row)) {
        low = Math.min(low, row.priceUsd);
        high = Math.max(high, row.priceUsd);
      }
    }
    for (const bucket of buckets) add('durations', String(bucket));
  }
  const price = low === Infinity ? { low: null, high: null } : { low, high };
  return { total: passing.length, order, facets, price };
}

/** The index's facet rows of the kinds the reference counts, as value → count, and the price range. */
function facetsOf(rows: readonly FacetRow[]) {
  const facets: Record<string, Record<string, number>> = {
    rider_level: {},
    tack: {},
    max_hours: {},
    durations: {},
  };
  let price = {};
  for (const row of rows) {
    if (row.facet === 'price') price = { low: row.low, high: row.high };
    else if (row.facet in facets) facets[row.facet]![row.value!] = Number(row.count);
  }
  return { facets, price };
}

function expectAsReference(
  catalogue: Catalogue,
  index: ReturnType<typeof indexOfCatalogue>,
  query: Record<string, unknown>,
) {
  const filter = normalizeFilters(query);
  const expected = reference(catalogue, filter);
  const compiled = compileIndexQuery(index, filter, prices);
  for (const sort of ['default', 'price', '-price'] as const) {
    for (const offset of [0, 20]) {
      const context = JSON.stringify({ query, sort, offset });
      const options = { sort, offset, limit: 20 };
      const plain = searchIndex(index, compiled, { ...options, withFacets: false });
      const faceted: IndexSearchResult = searchIndex(index, compiled, {
        ...options,
        withFacets: true,
      });
      const page = expected.order(sort).slice(offset, offset + 20);
      expect({ total: plain.total, ids: plain.ids }, context).toEqual({
        total: expected.total,
        ids: page,
      });
      expect({ total: faceted.total, ids: faceted.ids }, context).toEqual({
        total: expected.total,
        ids: page,
      });
      expect(facetsOf(faceted.facets!), context).toEqual({
        facets: expected.facets,
        price: expected.price,
      });
    }
  }
  return expected.total;
}

// Hundreds of searches against a plain reading of the rows: CPU work, not a latency check.
describe('the riding filters answer what their rules say', { timeout: 60_000 }, () => {
  it('weighs a heavier rider by the heavier-horse places free on the dates in the search’s scope', () => {
    // 1: standard horses to 90 kg, heavier to 110; a place free on day 50 only.
    // 2: standard horses to 100 kg. 3: no heavier horses (90 and 90). 4: a place on every date.
    const tours = [
      tourRow(1, {
        popularity: 40,
        fromPriceUsd: 10_000,
        maxRiderWeightKg: 90,
        heavyRiderWeightKg: 110,
      }),
      tourRow(2, {
        popularity: 30,
        fromPriceUsd: 20_000,
        maxRiderWeightKg: 100,
        heavyRiderWeightKg: 100,
      }),
      tourRow(3, {
        popularity: 20,
        fromPriceUsd: 15_000,
        maxRiderWeightKg: 90,
        heavyRiderWeightKg: 90,
      }),
      tourRow(4, {
        popularity: 10,
        fromPriceUsd: 30_000,
        maxRiderWeightKg: 90,
        heavyRiderWeightKg: 120,
      }),
    ];
    const dates = [
      date(1, 10, 3, 10_000, 0),
      date(1, 50, 7, 40_000, 1),
      date(2, 10, 5, 20_000),
      date(3, 10, 3, 15_000),
      date(4, 20, 4, 30_000, 2),
      date(4, 60, 4, 30_000, 1),
    ];
    const catalogue = { tours, dates };
    const index = indexOf(tours, dates);
    const ids = (query: Record<string, unknown>, sort: Sort = 'default') =>
      searchIndex(index, compileIndexQuery(index, normalizeFilters(query), prices), {
        sort,
        offset: 0,
        limit: 20,
        withFacets: true,
      });
    expect(ids({ riderWeight: 85 }).ids).toEqual([1, 2, 3, 4]);
    // Above tour 1's standard horses: its day-50 date has a heavier horse free.
    expect(ids({ riderWeight: 100 }).ids).toEqual([1, 2, 4]);
    // Dates up to day 20: tour 1's only date there has none left.
    expect(ids({ riderWeight: 100, dateTo: day(20) }).ids).toEqual([2, 4]);
    expect(ids({ riderWeight: 100, dateFrom: day(40) }).ids).toEqual([1, 4]);
    // The same date must pass the price filter too: day 50 costs 400.
    expect(ids({ riderWeight: 100, priceMax: 300 }).ids).toEqual([2, 4]);
    expect(ids({ riderWeight: 100, priceMin: 350 }).ids).toEqual([1]);
    expect(ids({ riderWeight: 115 }).ids).toEqual([4]);
    expect(ids({ riderWeight: 125 }).ids).toEqual([]);
    // Priced by its cheapest date that carries the rider, as its card shows it: tour 1 by day 50
    // (400), not day 10 (100, no heavier horse left); within date filters alike.
    expect(ids({ riderWeight: 100 }, 'price').ids).toEqual([2, 4, 1]);
    expect(ids({ riderWeight: 100 }, '-price').ids).toEqual([1, 4, 2]);
    expect(ids({ riderWeight: 85 }, 'price').ids).toEqual([1, 3, 2, 4]);
    expect(ids({ riderWeight: 100, dateFrom: day(5) }, 'price').ids).toEqual([2, 4, 1]);
    // Durations and prices of the dates that carry the rider only.
    const { facets } = ids({ riderWeight: 100 });
    expect(facetsOf(facets!)).toEqual({
      facets: {
        rider_level: { novice: 3, intermediate: 3, 'strong-intermediate': 3, advanced: 3 },
        tack: { english: 3 },
        max_hours: { '5': 3, '6': 3, '8': 3 },
        durations: { '4': 1, '5': 1, '7': 1 },
      },
      price: { low: 20_000, high: 40_000 },
    });
    for (const query of [
      { riderWeight: 100 },
      { riderWeight: 100, dateTo: day(20) },
      { riderWeight: 95, daysMin: 4 },
      { riderWeight: 105, priceMin: 150, priceMax: 450 },
    ]) {
      expectAsReference(catalogue, index, query);
    }
  });

  it('counts levels and hours "at most", and a tack saddled on request for every tack', () => {
    const tours = [
      tourRow(1, { riderLevel: 0, hoursLongestDay: 2.5, tack: 'english' }),
      tourRow(2, { riderLevel: 2, hoursLongestDay: 4.5, tack: 'western' }),
      tourRow(3, { riderLevel: 2, hoursLongestDay: 6, tack: 'other' }),
      tourRow(4, { riderLevel: 4, hoursLongestDay: 9, tack: 'english', otherTackOnRequest: true }),
    ];
    const dates = tours.map((tour) => date(tour.id, 10, 3, 10_000));
    const index = indexOf(tours, dates);
    const search = (query: Record<string, unknown>) =>
      searchIndex(index, compileIndexQuery(index, normalizeFilters(query), prices), {
        sort: 'default',
        offset: 0,
        limit: 20,
        withFacets: true,
      });
    expect(search({ riderLevel: 'beginner' }).ids).toEqual([1]);
    expect(search({ riderLevel: 'intermediate' }).ids).toEqual([1, 2, 3]);
    expect(search({ tack: ['western'] }).ids).toEqual([2, 4]);
    expect(search({ tack: ['english', 'other'] }).ids).toEqual([1, 3, 4]);
    expect(search({ maxHours: 4.5 }).ids).toEqual([1, 2]);
    expect(search({ maxHours: 4 }).ids).toEqual([1]);
    const { facets } = facetsOf(search({ riderLevel: 'novice', maxHours: 6 }).facets!);
    // Each kind counts over the other filters: levels under "at most 6 hours", hours under
    // "novice or below".
    expect(facets.rider_level).toEqual({
      beginner: 1,
      novice: 1,
      intermediate: 3,
      'strong-intermediate': 3,
      advanced: 3,
    });
    expect(facets.max_hours).toEqual({ '3': 1, '4': 1, '5': 1, '6': 1, '8': 1 });
    expect(facets.tack).toEqual({ english: 1 });
  });

  it('agrees with the rows on drawn filters, alone and with dates, prices, durations and others', () => {
    const catalogue = randomCatalogue(46, 700);
    const index = indexOfCatalogue(catalogue);
    const random = new Random(4646);
    let nonEmpty = 0;
    let heavy = 0;
    for (let draw = 0; draw < 150; draw += 1) {
      const from = random.int(-10, 250);
      const riding = {
        ...(random.chance(0.4) ? { riderLevel: random.pick(RIDER_LEVELS) } : {}),
        ...(random.chance(0.35) ? { tack: random.sample([...TACKS], random.int(1, 2)) } : {}),
        ...(random.chance(0.35) ? { maxHours: random.int(4, 18) / 2 } : {}),
        ...(random.chance(0.5) ? { riderWeight: random.int(80, 130) } : {}),
      };
      const query = {
        ...riding,
        ...(random.chance(0.3)
          ? { dateFrom: day(from), dateTo: day(from + random.int(10, 120)) }
          : {}),
        ...(random.chance(0.2) ? { dateFrom: day(random.int(1, 200)) } : {}),
        ...(random.chance(0.25)
          ? { priceMin: random.int(50, 200), priceMax: random.int(200, 400) }
          : {}),
        ...(random.chance(0.2) ? { daysMin: random.int(1, 10) } : {}),
        ...(random.chance(0.15) ? { daysMax: random.int(10, 22) } : {}),
        ...(random.chance(0.2) ? { countries: [random.int(1, 6)] } : {}),
        ...(random.chance(0.15) ? { difficulty: [random.int(1, 4), random.int(1, 4)] } : {}),
        ...(random.chance(0.15) ? { type: 2 } : {}),
        ...(random.chance(0.1) ? { isCruisesSearch: 1 } : {}),
      };
      const total = expectAsReference(catalogue, index, query);
      if (total > 0) nonEmpty += 1;
      if (query.riderWeight !== undefined && query.riderWeight > 100 && total > 0) heavy += 1;
    }
    expect(nonEmpty).toBeGreaterThan(80);
    // Riders above most standard limits, with tours left: heavier-horse places decided them.
    expect(heavy).toBeGreaterThan(10);
  });
});

describe(
  'the riding filters’ shortcuts answer what the plain walk answers',
  { timeout: 60_000 },
  () => {
    const catalogue = randomCatalogue(64, 900);
    const index = indexOfCatalogue(catalogue);

    it('for a tack alone (a list value), with a price range or a window, and the "at most" filters', () => {
      const queries: Record<string, unknown>[] = [
        { tack: ['western'] },
        { tack: ['other'], priceMin: 100, priceMax: 300 },
        { tack: ['english', 'other'], dateFrom: day(20), dateTo: day(140) },
        { riderLevel: 'beginner' },
        { riderLevel: 'intermediate', countries: [2] },
        { maxHours: 5, dateFrom: day(60), dateTo: day(200) },
        { maxHours: 3.5, riderLevel: 'novice', tack: ['english'] },
        { riderWeight: 110, dateFrom: day(30), dateTo: day(90) },
        { riderWeight: 105, daysMin: 5, sort: 'price' },
        { riderWeight: 100, tack: ['western'], countries: [1, 3] },
      ];
      for (const query of queries) {
        const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
        const walked = { ...compiled, walkSegment: true };
        for (const sort of ['default', 'price', '-price'] as const) {
          for (const withFacets of [false, true]) {
            const options = { sort, offset: 0, limit: 20, withFacets, organizerFacetLimit: 4 };
            expect(
              searchIndex(index, compiled, options),
              JSON.stringify({ query, options }),
            ).toEqual(searchIndex(index, walked, options));
          }
        }
        expectAsReference(catalogue, index, query);
      }
    });
  },
);
