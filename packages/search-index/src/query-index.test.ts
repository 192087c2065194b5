import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { normalizeFilters } from '@gallop/search-filters';
import { firstKeys } from './first-keys';
import {
  compileIndexQuery,
  dateShortcut,
  OPEN_DATE_BOUNDS,
  searchIndex,
  IN_FIRST,
  IN_SECOND,
  sortedIntersection,
  sortedUnion,
  type IndexQuery,
} from './query-index';
import { buildTourIndex, type IndexTourRow, type TourIndex } from './tour-index';
import { backgroundBuildsPending, backgroundBuildsSettled } from './background-builds';
import { segmentStructures } from './segment-structures';
import { useBackgroundValueTours, valueAnswersKept, valueAnswersOf } from './value-facets';
import {
  date,
  day,
  indexOf,
  labels,
  named,
  randomDates,
  prices,
  today,
  tourRow,
  indexOfCatalogue,
  randomCatalogue,
} from './testing';

describe('firstKeys (the partial sort of price-sorted pages)', () => {
  it('answers the head of the full sort, in both directions', () => {
    const random = new Random(7);
    for (const size of [1, 2, 5, 20, 100, 1_000, 5_000]) {
      // Distinct keys, as packed price and id always are; many equal prices.
      const ids = random.sample(
        Array.from({ length: size * 3 }, (_, id) => id + 1),
        size,
      );
      const keys = Float64Array.from(ids, (id) => random.int(0, 50) * 2 ** 21 + id);
      const ascending = Float64Array.from(keys).sort();
      const descending = Float64Array.from(ascending).reverse();
      for (const count of [1, 3, 20, 100].filter((count) => count <= size)) {
        expect(Array.from(firstKeys(keys, count, false))).toEqual(
          Array.from(ascending.subarray(0, count)),
        );
        expect(Array.from(firstKeys(keys, count, true))).toEqual(
          Array.from(descending.subarray(0, count)),
        );
      }
    }
  });
});

describe('dateShortcut (what tour summaries decide before the dates are read)', () => {
  const none = { ...OPEN_DATE_BOUNDS, any: true };
  const bits = (mask: number) =>
    Array.from({ length: 21 }, (_, bucket) => bucket).filter((bucket) => mask & (1 << bucket));

  it('keeps the duration buckets that may hold a wanted duration, the last one for 20 days and up', () => {
    const shortcut = dateShortcut({ ...none, daysMin: 3, daysMax: 5 }, false);
    expect(bits(shortcut.possibleBuckets)).toEqual([3, 4, 5]);
    expect(bits(shortcut.acceptBuckets)).toEqual([3, 4, 5]);
    expect(shortcut.accept).toBe('days');
    // 22–40 days: bucket 20 holds 20, 21 … days, so it may hold a match but proves none.
    const long = dateShortcut({ ...none, daysMin: 22, daysMax: 40 }, false);
    expect(bits(long.possibleBuckets)).toEqual([20]);
    expect(bits(long.acceptBuckets)).toEqual([]);
    const open = dateShortcut({ ...none, daysMin: 18 }, false);
    expect(bits(open.possibleBuckets)).toEqual([18, 19, 20]);
    expect(bits(open.acceptBuckets)).toEqual([18, 19, 20]);
  });

  it('accepts from summaries only when one kind of date filter is set', () => {
    expect(dateShortcut({ ...none, priceMin: 100 }, true).accept).toBe('price');
    expect(dateShortcut({ ...none, fromDay: 10, toDay: 40 }, false).accept).toBe('window');
    // A price sort needs the cheapest matching date, which only a price filter alone knows.
    expect(dateShortcut({ ...none, fromDay: 10, toDay: 40 }, true).accept).toBeUndefined();
    expect(dateShortcut({ ...none, daysMin: 3 }, true).accept).toBeUndefined();
    expect(dateShortcut({ ...none, priceMin: 100, daysMin: 3 }, false).accept).toBeUndefined();
    expect(dateShortcut({ ...none, perDayMax: 90 }, false).accept).toBeUndefined();
    expect(bits(dateShortcut(none, false).possibleBuckets)).toHaveLength(21);
  });
});

/**
 * A random date window over days -10 to 340: open at the start or at the end, each with chance
 * `openChance`, else closed.
 */
function randomWindow(random: Random, openChance: number) {
  const from = random.int(-10, 250);
  const to = from + random.int(0, 90);
  return random.chance(openChance)
    ? { dateTo: day(to) }
    : random.chance(openChance)
      ? { dateFrom: day(from) }
      : { dateFrom: day(from), dateTo: day(to) };
}

type Sort = 'default' | 'price' | '-price';

/**
 * Runs a search and the same search forced to walk its segment over every sort, offset and facet
 * mode given, requires equal answers, and returns how many of the pages held tours.
 */
function expectSameAsWalk(
  index: TourIndex,
  compiled: IndexQuery,
  walked: IndexQuery,
  context: object,
  {
    sorts = ['default', 'price', '-price'],
    offsets = [0, 20, 60],
    facetModes = [false],
    organizerFacetLimit = 3,
  }: {
    sorts?: readonly Sort[];
    offsets?: readonly number[];
    facetModes?: readonly boolean[];
    organizerFacetLimit?: number;
  } = {},
): number {
  let pages = 0;
  for (const sort of sorts) {
    for (const offset of offsets) {
      for (const withFacets of facetModes) {
        const options = { sort, offset, limit: 20, withFacets, organizerFacetLimit };
        const fast = searchIndex(index, compiled, options);
        expect(fast, JSON.stringify({ ...context, options })).toEqual(
          searchIndex(index, walked, options),
        );
        if (fast.ids.length > 0) pages += 1;
      }
    }
  }
  return pages;
}

describe('searchIndex on tours whose dates differ in duration and price', () => {
  const tour = (id: number, popularity: number, fromPriceUsd: number) =>
    tourRow(id, { popularity, fromPriceUsd, countryIds: [id === 3 ? 2 : 1] });
  // Prices in USD minor units. Tour 1 mixes durations and prices; 2 and 3 are uniform.
  const index = buildTourIndex({
    version: 1,
    today,
    tours: [tour(1, 30, 10_000), tour(2, 20, 15_000), tour(3, 10, 50_000)],
    dates: [
      date(1, 10, 3, 10_000),
      date(1, 40, 5, 30_000),
      date(2, 10, 3, 15_000),
      date(2, 20, 3, 15_000),
      date(3, 50, 5, 50_000),
    ],
    labels: labels({
      countries: new Map([
        [1, 'One'],
        [2, 'Two'],
      ]),
      languages: new Map([['en', 'English']]),
      organizers: new Map([[1, 'Organizer']]),
    }),
  });
  const run = (query: Record<string, unknown>, withFacets = true) => {
    const filter = normalizeFilters(query);
    const result = searchIndex(index, compileIndexQuery(index, filter, prices), {
      sort: filter.sort,
      offset: 0,
      limit: 20,
      withFacets,
    });
    const rows = result.facets ?? [];
    return {
      ids: result.ids,
      durations: Object.fromEntries(
        rows.filter((row) => row.facet === 'durations').map((row) => [row.value, row.count]),
      ),
      price: rows.find((row) => row.facet === 'price'),
      countries: Object.fromEntries(
        rows.filter((row) => row.facet === 'countries').map((row) => [row.value, row.count]),
      ),
    };
  };

  it('counts durations of dates in the price range and prices of dates in the duration range', () => {
    const threeDays = run({ daysMin: 3, daysMax: 3 });
    expect(threeDays.ids).toEqual([1, 2]);
    // The duration facet ignores the duration filter: every date of every tour counts.
    expect(threeDays.durations).toEqual({ 3: 2, 5: 2 });
    // The price facet ignores the price filter but keeps the duration filter: 3-day dates only.
    expect([threeDays.price?.low, threeDays.price?.high]).toEqual([10_000, 15_000]);

    const cheap = run({ priceMin: 90, priceMax: 200 });
    expect(cheap.ids).toEqual([1, 2]);
    expect(cheap.durations).toEqual({ 3: 2 });
    expect([cheap.price?.low, cheap.price?.high]).toEqual([10_000, 50_000]);
  });

  it('prices a tour by its cheapest matching date, with and without facets', () => {
    for (const withFacets of [true, false]) {
      expect(run({ daysMin: 5, sort: 'price' }, withFacets).ids).toEqual([1, 3]);
      expect(run({ daysMin: 5, sort: '-price' }, withFacets).ids).toEqual([3, 1]);
      // Tour 1's cheapest date ($100) is out of range: its $300 date prices it.
      expect(run({ priceMin: 120, priceMax: 600, sort: 'price' }, withFacets).ids).toEqual([
        2, 1, 3,
      ]);
      expect(run({ dateFrom: day(30), dateTo: day(45) }, withFacets).ids).toEqual([1]);
      expect(run({ daysMin: 4, daysMax: 4 }, withFacets).ids).toEqual([]);
    }
  });

  it('counts a lone list filter’s own kind over every bookable tour', () => {
    const one = run({ countries: [2] });
    expect(one.ids).toEqual([3]);
    expect(one.countries).toEqual({ 1: 2, 2: 1 });
    expect(one.durations).toEqual({ 5: 1 });
  });

  it('matches nothing for ids no tour has, however large', () => {
    expect(run({ countries: [2_000_000_000] }).ids).toEqual([]);
    expect(run({ countries: [2, 2_000_000_000], difficulty: [1, 99] }, false).ids).toEqual([3]);
  });
});

describe('a search that filters nothing (the open listing, decision 049)', () => {
  const random = new Random(49);
  // Popularity ties, equal prices, tours without dates, a past tour and tours of other segments.
  const rows = Array.from({ length: 400 }, (_, n) => {
    const id = n + 1;
    const dated = n % 9 !== 0;
    return tourRow(id, {
      popularity: random.int(0, 20),
      fromPriceUsd: dated ? random.int(1, 30) * 1_000 : null,
      type: n % 13 === 0 ? 2 : 1,
      isCruise: n % 17 === 0,
      lastStartDate: n % 23 === 0 ? day(-5) : day(300),
      organizerId: 1 + (n % 7),
      difficulty: 1 + (n % 3),
    });
  });
  const dates = rows.flatMap((row) =>
    row.fromPriceUsd === null
      ? []
      : Array.from({ length: random.int(1, 4) }, () =>
          date(row.id, random.int(1, 280), random.int(1, 25), random.int(1, 40) * 1_000),
        ),
  );
  const index = buildTourIndex({
    version: 1,
    today,
    tours: rows,
    dates,
    labels: labels({
      countries: new Map([[1, 'One']]),
      organizers: new Map(Array.from({ length: 7 }, (_, n) => [n + 1, `Organizer ${n + 1}`])),
    }),
  });

  it('answers every sort, page and facet exactly as the walk over the segment does', () => {
    let pages = 0;
    for (const query of [{}, { type: 2 }, { isCruisesSearch: 1 }]) {
      const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
      // A test every tour passes makes the same search walk the segment.
      const walked = { ...compiled, common: [() => true] };
      for (const sort of ['default', 'price', '-price'] as const) {
        for (const offset of [0, 20, 40, 300]) {
          for (const withFacets of [false, true]) {
            const options = { sort, offset, limit: 20, withFacets, organizerFacetLimit: 3 };
            const open = searchIndex(index, compiled, options);
            const context = JSON.stringify({ query, options });
            expect(open, context).toEqual(searchIndex(index, walked, options));
            if (open.ids.length > 0) pages += 1;
          }
        }
      }
    }
    expect(pages).toBeGreaterThan(20);
  });
});

describe('a search whose only filter is a price range (the price ladder, decision 049)', () => {
  const random = new Random(4949);
  // 700 tours (more than ten ladder blocks), each with 0-5 dates spread around its own price.
  // Facet values vary too (the ladder's facets, decision 052): countries, organizers, difficulty.
  const rows = Array.from({ length: 700 }, (_, n) =>
    tourRow(n + 1, {
      popularity: random.int(0, 30),
      type: n % 11 === 0 ? 2 : 1,
      countryIds: n % 6 === 0 ? [1 + (n % 5), 6] : [1 + (n % 5)],
      organizerId: 1 + random.int(0, 6),
      difficulty: 1 + random.int(0, 3),
    }),
  );
  const dates = rows.flatMap((row) => {
    const base = random.int(2, 60) * 1_000;
    return Array.from({ length: random.int(0, 5) }, () =>
      date(row.id, random.int(1, 200), random.int(1, 14), base + random.int(-8, 25) * 100),
    );
  });
  const index = indexOf(rows, dates, {
    countries: named(6, 'Country'),
    organizers: named(7, 'Organizer'),
  });

  it('answers totals, pages in every sort and facets exactly as the walk over the segment does', () => {
    let nonEmpty = 0;
    let straddling = 0;
    let gapping = 0;
    for (let draw = 0; draw < 60; draw += 1) {
      const low = random.int(0, 70) * 10;
      const query = random.chance(0.15)
        ? { priceMax: low + random.int(1, 300) }
        : random.chance(0.15)
          ? { priceMin: low }
          : { priceMin: low, priceMax: low + random.int(1, 300) };
      const type = random.chance(0.2) ? 2 : 1;
      // With one country, the facet search walks its posting list (its own kind from the ladder).
      const country = random.chance(0.3) ? { countries: [random.int(1, 6)] } : {};
      const filter = normalizeFilters({ ...query, ...country, type });
      const compiled = compileIndexQuery(index, filter, prices);
      const walked = { ...compiled, common: [() => true] };
      nonEmpty += expectSameAsWalk(
        index,
        compiled,
        walked,
        { query, country, type },
        { facetModes: [false, true] },
      );
      // Tours whose cheapest date is below the range but that still match through another date.
      const min = compiled.dates.priceMin;
      const viaOtherDate = compiled.segment.filter(
        (tour) =>
          index.minPrice[tour]! !== -1 &&
          index.minPrice[tour]! < min &&
          index.maxPrice[tour]! >= min &&
          index.maxPrice[tour]! <= compiled.dates.priceMax,
      );
      if (viaOtherDate.length > 0) straddling += 1;
      // Tours with dates below and above the range and none inside (decision 078).
      const max = compiled.dates.priceMax;
      const gap = compiled.segment.filter((tour) => {
        if (index.minPrice[tour]! === -1 || index.minPrice[tour]! >= min) return false;
        if (index.maxPrice[tour]! <= max) return false;
        for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
          const price = index.dates.priceUsd[d]!;
          if (price >= min && price <= max) return false;
        }
        return true;
      });
      if (gap.length > 0) gapping += 1;
    }
    // The draws must reach real pages, tours that match through a dearer date, and tours whose
    // dates skip the range.
    expect(nonEmpty).toBeGreaterThan(60);
    expect(straddling).toBeGreaterThan(20);
    expect(gapping).toBeGreaterThanOrEqual(2);
  });
});

describe('price-range facets when prices are too large to share one 32-bit value (decision 053)', () => {
  const random = new Random(5355);
  // Durations up to 25 days, and a few dates above $1M: the duration facet's fallback structures.
  const rows = Array.from({ length: 300 }, (_, n) =>
    tourRow(n + 1, { popularity: random.int(0, 30) }),
  );
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 4) }, () =>
      date(
        row.id,
        random.int(1, 200),
        random.int(1, 25),
        random.chance(0.05) ? random.int(100_000, 200_000) * 1_000 : random.int(5, 60) * 1_000,
      ),
    ),
  );
  const index = indexOf(rows, dates);

  it('counts durations as the walk does', () => {
    let pages = 0;
    for (const query of [
      { priceMin: 10, priceMax: 400 },
      { priceMax: 300 },
      { priceMin: 500 },
      { priceMin: 150_000, priceMax: 1_900_000 },
    ]) {
      const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
      const walked = { ...compiled, common: [() => true] };
      pages += expectSameAsWalk(
        index,
        compiled,
        walked,
        { query },
        { offsets: [0], facetModes: [true] },
      );
    }
    expect(Math.max(...index.dates.priceUsd)).toBeGreaterThan(2 ** 31 / 21);
    expect(pages).toBeGreaterThan(6);
  });
});

describe('a search whose only filter is a date window (day buckets, decision 052)', () => {
  const random = new Random(5151);
  // 600 tours with 0-6 dates: same-day twins, equal prices across tours, tours of another type.
  const rows = Array.from({ length: 600 }, (_, n) =>
    tourRow(n + 1, { popularity: random.int(0, 30), type: n % 7 === 0 ? 2 : 1 }),
  );
  const dates = rows.flatMap((row) => {
    const days = Array.from({ length: random.int(0, 6) }, () => random.int(1, 240));
    if (days.length > 0 && random.chance(0.2)) days.push(days[0]!);
    return days.map((offset) => date(row.id, offset, random.int(1, 14), random.int(5, 40) * 500));
  });
  const index = indexOf(rows, dates);

  it('answers totals and pages in every sort exactly as the walk over the segment does', () => {
    let nonEmpty = 0;
    let twinsInWindow = 0;
    for (let draw = 0; draw < 60; draw += 1) {
      const query = randomWindow(random, 0.15);
      const type = random.chance(0.2) ? 2 : 1;
      const compiled = compileIndexQuery(index, normalizeFilters({ ...query, type }), prices);
      const walked = { ...compiled, common: [() => true] };
      nonEmpty += expectSameAsWalk(index, compiled, walked, { query, type });
      // A tour with two dates on one day inside the window must count once.
      const { fromDay, toDay } = compiled.dates;
      const inWindow = dates.filter((row) => {
        const start = Date.parse(row.startDate) / 86_400_000;
        return start >= fromDay && start <= toDay;
      });
      const keys = inWindow.map((row) => `${row.tourId} ${row.startDate}`);
      if (new Set(keys).size < keys.length) twinsInWindow += 1;
    }
    expect(nonEmpty).toBeGreaterThan(100);
    expect(twinsInWindow).toBeGreaterThan(20);
  });
});

describe('a facet search with one list filter and a date window (decision 053)', () => {
  const random = new Random(5353);
  // 800 tours in 12 countries (some in two, or one twice), 0-6 dates with same-day twins.
  const rows = Array.from({ length: 800 }, (_, n) =>
    tourRow(n + 1, {
      popularity: random.int(0, 30),
      type: n % 9 === 0 ? 2 : 1,
      countryIds: [random.int(1, 12), ...(random.chance(0.2) ? [random.int(1, 12)] : [])],
      organizerId: 1 + random.int(0, 5),
    }),
  );
  const dates = rows.flatMap((row) => {
    const days = Array.from({ length: random.int(0, 6) }, () => random.int(1, 240));
    if (days.length > 0 && random.chance(0.2)) days.push(days[0]!);
    return days.map((offset) => date(row.id, offset, random.int(1, 14), random.int(5, 40) * 500));
  });
  const index = indexOf(rows, dates, {
    countries: named(12, 'Country'),
    organizers: named(6, 'Organizer'),
  });

  it('counts its own kind over the window’s tours exactly as the walk over the segment does', () => {
    let pages = 0;
    let elsewhere = 0;
    for (let draw = 0; draw < 40; draw += 1) {
      const query = { ...randomWindow(random, 0.2), countries: [random.int(1, 12)] };
      const type = random.chance(0.2) ? 2 : 1;
      const compiled = compileIndexQuery(index, normalizeFilters({ ...query, type }), prices);
      const walked = { ...compiled, common: [() => true] };
      pages += expectSameAsWalk(
        index,
        compiled,
        walked,
        { query, type },
        { offsets: [0, 20], facetModes: [true, false] },
      );
      // The country facet must list other countries' tours in the window, not only the chosen one.
      const answer = searchIndex(index, compiled, {
        sort: 'default',
        offset: 0,
        limit: 20,
        withFacets: true,
      });
      const chosen = String(query.countries[0]);
      const others = answer.facets!.filter(
        (row) => row.facet === 'countries' && row.value !== chosen,
      );
      if (others.some((row) => Number(row.count) > 0)) elsewhere += 1;
    }
    expect(pages).toBeGreaterThan(40);
    expect(elsewhere).toBeGreaterThan(25);
  });
});

describe('a search whose only filter is a duration range (duration masks, decision 052)', () => {
  const random = new Random(5252);
  const rows = Array.from({ length: 500 }, (_, n) =>
    tourRow(n + 1, { popularity: random.int(0, 30), type: n % 9 === 0 ? 2 : 1 }),
  );
  // Durations up to 30 days: the last bucket holds 20 and more.
  const dates = rows.flatMap((row) =>
    Array.from({ length: random.int(0, 4) }, () =>
      date(row.id, random.int(1, 200), random.int(1, 30), random.int(5, 40) * 500),
    ),
  );
  const index = indexOf(rows, dates);

  it('answers totals and pages in every sort exactly as the walk over the segment does', () => {
    let nonEmpty = 0;
    for (let draw = 0; draw < 50; draw += 1) {
      const low = random.int(1, 22);
      const query = random.chance(0.2)
        ? { daysMin: low }
        : random.chance(0.2)
          ? { daysMax: low }
          : { daysMin: low, daysMax: low + random.int(0, 6) };
      const type = random.chance(0.2) ? 2 : 1;
      const compiled = compileIndexQuery(index, normalizeFilters({ ...query, type }), prices);
      const walked = { ...compiled, common: [() => true] };
      nonEmpty += expectSameAsWalk(index, compiled, walked, { query, type });
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });
});

describe('a search whose only filter is a radius (the one-degree grid, decision 052)', () => {
  const random = new Random(5353);
  // Tours clustered around centres on cell edges, near a pole and across the antimeridian.
  const centres = [
    [53.27, -9.05],
    [45, 10],
    [-33.9, 151.2],
    [64.9, -179.95],
    [64.9, 179.95],
    [86.5, 20],
    [0, 0],
  ] as const;
  const rows = Array.from({ length: 700 }, (_, n) => {
    const [lat, lng] = centres[n % centres.length]!;
    const spread = random.pick([0.05, 0.5, 3]);
    let east = lng + (random.next() - 0.5) * 2 * spread;
    if (east > 180) east -= 360;
    if (east < -180) east += 360;
    return tourRow(n + 1, {
      popularity: random.int(0, 30),
      fromPriceUsd: n % 10 === 0 ? null : random.int(5, 40) * 500,
      type: n % 9 === 0 ? 2 : 1,
      lat: Math.max(-89.9, Math.min(89.9, lat + (random.next() - 0.5) * 2 * spread)),
      lng: east,
    });
  });
  const dates = rows.flatMap((row) =>
    row.fromPriceUsd === null ? [] : [date(row.id, random.int(1, 200), 5, row.fromPriceUsd)],
  );
  const index = indexOf(rows, dates);

  it('answers totals and pages in every sort exactly as the walk over the segment does', () => {
    let nonEmpty = 0;
    for (let draw = 0; draw < 80; draw += 1) {
      const [lat, lng] = random.pick([...centres]);
      const place = {
        lat: lat + (random.next() - 0.5) * 4,
        lng: Math.max(-180, Math.min(180, lng + (random.next() - 0.5) * 4)),
        radiusKm: random.pick([10, 50, 100, 300, 1_000, 5_000, 25_000]),
      };
      const type = random.chance(0.2) ? 2 : 1;
      const compiled = compileIndexQuery(index, normalizeFilters({ type }), { ...prices, place });
      // Without the radius query the same test is walked over the segment.
      const walked = { ...compiled, radius: undefined };
      nonEmpty += expectSameAsWalk(index, compiled, walked, { place, type }, { offsets: [0, 20] });
    }
    expect(nonEmpty).toBeGreaterThan(150);
  });
});

describe('a facet search with two list filters walks the union of their postings (decision 052)', () => {
  const random = new Random(5454);
  const rows = Array.from({ length: 900 }, (_, n) =>
    tourRow(n + 1, {
      popularity: random.int(0, 30),
      type: n % 13 === 0 ? 2 : 1,
      // Postings short enough (a twentieth of the tours each) for the union to be walked; a
      // tour may hold a country twice.
      countryIds: [random.int(1, 20), ...(random.chance(0.2) ? [random.int(1, 20)] : [])],
      restKindIds: random.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], random.int(0, 2)),
      languageCodes: random.sample(['en', 'es', 'de', 'fr', 'it'], random.int(1, 2)),
      collectionIds: random.chance(0.3) ? [random.int(1, 6)] : [],
      organizerId: 1 + random.int(0, 9),
      difficulty: 1 + random.int(0, 3),
    }),
  );
  const dates = randomDates(random, rows);
  const index = indexOf(rows, dates, {
    countries: named(20, 'Country'),
    restKinds: named(10, 'Rest kind'),
    collections: named(6, 'Collection'),
    organizers: named(10, 'Organizer'),
    languages: new Map(['en', 'es', 'de', 'fr', 'it'].map((code) => [code, code])),
  });

  it('counts every facet and pages every sort exactly as the walk over the segment does', () => {
    let narrowed = 0;
    for (let draw = 0; draw < 60; draw += 1) {
      const query = {
        countries: [random.int(1, 20)],
        ...(random.chance(0.7) ? { restKinds: [random.int(1, 10)] } : {}),
        ...(random.chance(0.5) ? { collections: [random.int(1, 6)] } : {}),
        ...(random.chance(0.4) ? { languages: [random.pick(['en', 'es', 'de'])] } : {}),
        ...(random.chance(0.3) ? { difficulty: [random.int(1, 4)] } : {}),
        ...(random.chance(0.3) ? { dateFrom: day(random.int(1, 100)) } : {}),
        ...(random.chance(0.2) ? { daysMin: random.int(2, 8) } : {}),
      };
      const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
      if (compiled.facets.filter((facet) => facet.list).length >= 2) narrowed += 1;
      const walked = { ...compiled, walkSegment: true };
      for (const sort of ['default', 'price'] as const) {
        for (const withFacets of [false, true]) {
          const options = { sort, offset: 0, limit: 20, withFacets, organizerFacetLimit: 4 };
          expect(searchIndex(index, compiled, options), JSON.stringify({ query, options })).toEqual(
            searchIndex(index, walked, options),
          );
        }
      }
    }
    expect(narrowed).toBeGreaterThan(30);
  });
  it('answers one list value alone, every sort and page, with and without facets (decision 052)', () => {
    let pages = 0;
    const values = [
      { countries: [random.int(1, 20)] },
      { restKinds: [random.int(1, 10)] },
      { collections: [random.int(1, 6)] },
      { languages: [random.pick(['en', 'es', 'de'])] },
      { countries: [99] },
    ];
    for (const query of values) {
      for (const type of [1, 2]) {
        const compiled = compileIndexQuery(index, normalizeFilters({ ...query, type }), prices);
        const walked = {
          ...compiled,
          facets: compiled.facets.map(({ kind, test }) => ({ kind, test })),
        };
        // Without facets again after them: the kept answer must not change.
        pages += expectSameAsWalk(
          index,
          compiled,
          walked,
          { query, type },
          { offsets: [0, 20, 40], facetModes: [false, true, false], organizerFacetLimit: 4 },
        );
      }
    }
    expect(pages).toBeGreaterThan(40);
  });
});

describe('a facet search with several unselective filters walks only the tours failing at most one (decision 055)', () => {
  const random = new Random(5555);
  const rows = Array.from({ length: 1_500 }, (_, n) =>
    tourRow(n + 1, {
      popularity: random.int(0, 30),
      type: n % 11 === 0 ? 2 : 1,
      // Few values, so each filter passes many tours and no posting list union is short.
      countryIds: [random.int(1, 3), ...(random.chance(0.2) ? [random.int(1, 3)] : [])],
      restKindIds: random.sample([1, 2, 3], random.int(0, 2)),
      languageCodes: random.sample(['en', 'es', 'de'], random.int(1, 2)),
      comfort: random.pick(['base', 'comfort', 'high']),
      accommodation: random.pick(['hotel', 'tent', 'guest-house']),
      operatorType: random.pick(['organization', 'author']),
      organizerId: 1 + random.int(0, 5),
      difficulty: 1 + random.int(0, 3),
    }),
  );
  const dates = randomDates(random, rows);
  const index = indexOf(rows, dates, {
    countries: named(3, 'Country'),
    restKinds: named(3, 'Rest kind'),
    organizers: named(6, 'Organizer'),
    languages: new Map(['en', 'es', 'de'].map((code) => [code, code])),
  });

  it('counts every facet and pages every sort exactly as the walk over the segment does', () => {
    let pages = 0;
    for (let draw = 0; draw < 50; draw += 1) {
      const query = {
        ...(random.chance(0.7) ? { countries: [random.int(1, 3)] } : {}),
        ...(random.chance(0.5) ? { restKinds: [random.int(1, 3)] } : {}),
        ...(random.chance(0.5) ? { languages: [random.pick(['en', 'es'])] } : {}),
        ...(random.chance(0.5) ? { difficulty: [random.int(1, 4), random.int(1, 4)] } : {}),
        ...(random.chance(0.3) ? { comfort: [random.pick(['base', 'high'])] } : {}),
        ...(random.chance(0.3) ? { accommodation: random.pick(['hotel', 'tent']) } : {}),
        ...(random.chance(0.3) ? { organizer: random.int(1, 6) } : {}),
        ...(random.chance(0.3) ? { isAuthorTourSearch: 1 } : {}),
        ...(random.chance(0.4) ? randomWindow(random, 0.3) : {}),
        ...(random.chance(0.3) ? { daysMin: random.int(2, 8) } : {}),
        ...(random.chance(0.2) ? { priceMax: random.int(50, 150) } : {}),
        ...(random.chance(0.2) ? { type: 2 } : {}),
      };
      const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
      if (compiled.facets.length < 2) continue;
      pages += expectSameAsWalk(
        index,
        compiled,
        { ...compiled, walkSegment: true },
        { query },
        { offsets: [0, 20], facetModes: [true, false], organizerFacetLimit: 4 },
      );
    }
    expect(pages).toBeGreaterThan(60);
  });
});

describe('sortedIntersection', () => {
  it('keeps the positions both ascending lists hold, ascending', () => {
    const both = sortedIntersection(
      Int32Array.from([1, 4, 5, 9, 12]),
      Int32Array.from([2, 4, 9, 13]),
    );
    expect(Array.from(both)).toEqual([4, 9]);
    expect(Array.from(sortedIntersection(Int32Array.from([3]), new Int32Array(0)))).toEqual([]);
  });

  it('agrees with a set for lists of like and of very different lengths (merge and gallop)', () => {
    const random = new Random(8080);
    const ascending = (length: number, range: number) => {
      const positions = new Set<number>();
      while (positions.size < length) positions.add(random.int(0, range - 1));
      return Int32Array.from([...positions].sort((a, b) => a - b));
    };
    // Pairs of lengths on both sides of the galloping ratio, the short list first or second.
    const lengths = [
      [40, 60],
      [300, 300],
      [10, 900],
      [900, 10],
      [1, 500],
      [64, 2000],
      [0, 50],
    ];
    for (const [m, n] of lengths) {
      for (let round = 0; round < 20; round += 1) {
        const a = ascending(m!, 4000);
        const b = ascending(n!, 4000);
        const inB = new Set(b);
        const expected = Array.from(a).filter((position) => inB.has(position));
        expect(Array.from(sortedIntersection(a, b))).toEqual(expected);
      }
    }
    // The long list's first and last positions, and runs past its end.
    const long = Int32Array.from({ length: 1000 }, (_, n) => n * 3);
    expect(Array.from(sortedIntersection(Int32Array.from([0, 1, 2997, 3000]), long))).toEqual([
      0, 2997,
    ]);
  });
});

describe('sortedUnion', () => {
  it('merges two ascending lists, keeping shared positions once, and says which list holds each', () => {
    const union = sortedUnion(Int32Array.from([1, 4, 5, 9]), Int32Array.from([2, 4, 9, 12]));
    expect(Array.from(union.tours)).toEqual([1, 2, 4, 5, 9, 12]);
    const both = IN_FIRST | IN_SECOND;
    expect(Array.from(union.sides)).toEqual([IN_FIRST, IN_SECOND, both, IN_FIRST, both, IN_SECOND]);
    const one = sortedUnion(new Int32Array(0), Int32Array.from([3]));
    expect(Array.from(one.tours)).toEqual([3]);
    expect(Array.from(one.sides)).toEqual([IN_SECOND]);
  });
});

describe('a cruise search with one cruise filter is answered from the value’s kept listing', () => {
  const random = new Random(6161);
  const rows = Array.from({ length: 700 }, (_, n) =>
    tourRow(n + 1, {
      popularity: random.int(0, 30),
      isCruise: n % 5 !== 0,
      cruiseType: random.chance(0.9) ? random.int(1, 3) : null,
      startCityId: random.chance(0.8) ? random.int(1, 6) : null,
      waterObjectId: random.chance(0.8) ? random.int(1, 8) : null,
      shipId: random.chance(0.7) ? random.int(1, 5) : null,
      isReturningCruise: random.chance(0.4),
      cabinsCapacity: random.int(10, 80),
      countryIds: [random.int(1, 6)],
      organizerId: 1 + random.int(0, 7),
    }),
  );
  const dates = randomDates(random, rows);
  const index = indexOf(rows, dates, {
    countries: named(6, 'Country'),
    organizers: named(8, 'Organizer'),
    languages: new Map([['en', 'English']]),
  });

  it('pages every sort and counts every facet exactly as the walk over the segment does', () => {
    let pages = 0;
    const filters = [
      { cruisesType: 1 },
      { cruisesType: 3 },
      { cruisesStartCity: random.int(1, 6) },
      { waterObject: random.int(1, 8) },
      { ships: [random.int(1, 5)] },
      { ships: [2, 2] },
      { onlyReturningCruises: 1 },
      { cruisesType: 9 }, // no tour holds it
      { cruisesCabinsCapacity: 60 },
      { cruisesCabinsCapacity: 60, cruisesType: 2 },
      // Not one filter alone: walked, and still the same answers.
      { cruisesType: 2, waterObject: 3 },
      { ships: [1, 4] },
      { cruisesType: 1, dateFrom: day(30) },
      { cruisesType: 1, countries: [2] },
    ];
    for (const filter of filters) {
      const compiled = compileIndexQuery(
        index,
        normalizeFilters({ isCruisesSearch: 1, ...filter }),
        prices,
      );
      pages += expectSameAsWalk(
        index,
        compiled,
        { ...compiled, walkSegment: true },
        { filter },
        { offsets: [0, 20, 100], facetModes: [false, true, false], organizerFacetLimit: 4 },
      );
    }
    expect(pages).toBeGreaterThan(60);
  });

  it('makes each cruise filter a facet on its list column, "at least N" the capacities from N up', () => {
    const facets = (query: object) =>
      compileIndexQuery(
        index,
        normalizeFilters({ isCruisesSearch: 1, ...query }),
        prices,
      ).facets.map(({ kind, list }) => ({ kind, column: list?.column, values: list?.values }));
    expect(facets({ cruisesType: 2 })).toEqual([
      { kind: 'cruise_types', column: index.cruiseTypes, values: [2] },
    ]);
    expect(facets({ ships: [4, 4] })).toEqual([
      { kind: 'ships', column: index.ships, values: [4] },
    ]);
    expect(facets({ onlyReturningCruises: 1 })).toEqual([
      { kind: 'returning_cruises', column: index.returningCruises, values: [1] },
    ]);
    expect(facets({ cruisesCabinsCapacity: 78 })).toEqual([
      { kind: 'cabins_capacity', column: index.cabinsCapacities, values: [78, 79, 80] },
    ]);
    expect(facets({ cruisesCabinsCapacity: 81 })).toEqual([
      { kind: 'cabins_capacity', column: index.cabinsCapacities, values: [] },
    ]);
    expect(facets({})).toEqual([]);
  });
});

describe('a facet search whose one filter is a date window or a duration range (decision 082)', () => {
  const random = new Random(8282);
  const rows: IndexTourRow[] = [];
  const dates: ReturnType<typeof date>[] = [];
  for (let id = 1; id <= 1_200; id += 1) {
    // Dates over more than a year (two dozen fortnights), durations past the 20-day bucket.
    const own = Array.from({ length: random.int(0, 5) }, () =>
      date(id, random.int(1, 400), random.int(1, 26), random.int(50, 400) * 100),
    );
    dates.push(...own);
    rows.push(
      tourRow(id, {
        popularity: random.int(0, 40),
        fromPriceUsd: own.length > 0 ? Math.min(...own.map(({ priceUsd }) => priceUsd)) : null,
        type: random.chance(0.2) ? 2 : 1,
        lastStartDate: day(400),
        countryIds: random.sample([1, 2, 3, 4, 5, 6], random.int(1, 2)),
        regionIds: random.chance(0.3) ? [] : [random.int(10, 20)],
        restKindIds: random.sample([1, 2, 3, 4], random.int(0, 2)),
        comfort: random.pick(['base', 'comfort', 'high']),
        difficulty: random.int(1, 4),
        // Organizer 10,000 makes the kind too large for a table: it counts its tours instead.
        organizerId: random.chance(0.1) ? 10_000 : random.int(1, 8),
        operatorType: random.chance(0.5) ? 'organization' : 'author',
      }),
    );
  }
  const index = indexOf(rows, dates, {
    countries: named(6, 'Country'),
    restKinds: named(4, 'Rest kind'),
    organizers: new Map([...named(8, 'Organizer'), [10_000, 'Organizer 10000']]),
    languages: new Map([['en', 'English']]),
  });
  const options = { offsets: [0, 20], facetModes: [true], organizerFacetLimit: 4 };
  /** The query's pages with facets against the forced walk's; how many pages held tours. */
  const pagesSameAsWalk = (query: object) => {
    const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
    return expectSameAsWalk(
      index,
      compiled,
      { ...compiled, walkSegment: true },
      { query },
      options,
    );
  };

  it('counts every facet and pages every sort of a window alone as the walk does', () => {
    let pages = 0;
    for (let draw = 0; draw < 80; draw += 1) {
      const from = random.int(-20, 420);
      const window = random.chance(0.15)
        ? { dateTo: day(from + random.int(0, 60)) }
        : { dateFrom: day(from), dateTo: day(from + random.int(0, random.chance(0.3) ? 20 : 150)) };
      pages += pagesSameAsWalk({ ...window, ...(random.chance(0.2) ? { type: 2 } : {}) });
    }
    expect(pages).toBeGreaterThan(200);
  });

  it('counts every facet and pages every sort of a duration range alone as the walk does', () => {
    let pages = 0;
    for (const [daysMin, daysMax] of [
      [1, 3],
      [2, 2],
      [5, 12],
      [8, 20],
      [19, undefined],
      [20, undefined],
      [undefined, 4],
      [15, 19],
    ] as const) {
      for (const type of [1, 2]) pages += pagesSameAsWalk({ daysMin, daysMax, type });
    }
    expect(pages).toBeGreaterThan(60);
  });
});

describe('a large list value builds its answers between requests (decision 086)', () => {
  it('walks while they are built, then answers from them alike, building nothing more', async () => {
    // Every value counts as large: its first search queues the build and walks.
    const undo = useBackgroundValueTours(0);
    try {
      const index = indexOfCatalogue(randomCatalogue(86, 600));
      const queries = [
        { countries: [2] },
        { countries: [3], priceMin: 100, priceMax: 250 },
        { restKinds: [4], priceMin: 60, sort: 'price' },
      ];
      for (const query of queries) {
        for (const withFacets of [false, true]) {
          const compiled = compileIndexQuery(index, normalizeFilters(query), prices);
          const options = { sort: 'default' as const, offset: 20, limit: 20, withFacets };
          const context = JSON.stringify({ query, withFacets });
          const walked = searchIndex(index, compiled, options);
          expect(backgroundBuildsPending(), context).toBeGreaterThan(0);
          await backgroundBuildsSettled();
          expect(backgroundBuildsPending(), context).toBe(0);
          const kept = valueAnswersKept(index);
          const [facet] = compiled.facets;
          const { bookable } = valueAnswersOf(
            index,
            compiled.segment,
            facet!.list!.column,
            facet!.list!.values[0]!,
            false,
          ).listing;
          const structures = () =>
            segmentStructures()
              .filter((structure) => structure.has(bookable))
              .map((structure) => structure.label);
          const built = structures();
          const answered = searchIndex(index, compiled, options);
          // Answered from what was built: nothing queued again, built or kept besides.
          expect(backgroundBuildsPending(), context).toBe(0);
          expect(valueAnswersKept(index), context).toEqual(kept);
          expect(structures(), context).toEqual(built);
          if ('priceMin' in query) expect(built.length, context).toBeGreaterThan(0);
          expect(answered, context).toEqual(walked);
          expect(answered.total, context).toBeGreaterThan(20);
          expect(searchIndex(index, { ...compiled, walkSegment: true }, options)).toEqual(walked);
        }
      }
    } finally {
      undo();
    }
  });
});
