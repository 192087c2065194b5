/**
 * "Fits me first" (`sort: 'fit'`): the default order's matches regrouped by the verdict
 * `matchRider` gives the passport against each tour's own row (not the index's columns), with a
 * heavier-horse place counted on a date within the search's date filters, as a card counts it.
 */
import {
  FIT_VERDICTS,
  matchRider,
  passportProfile,
  RIDER_LEVELS,
  TACKS,
  type RiderPassport,
} from '@gallop/rider-fit';
import { normalizeFilters, type SearchFilters } from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { compileIndexQuery, searchIndex } from './query-index';
import { effectiveDateFrom, lowerUsd, upperUsd } from './rules';
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
import type { IndexTourRow } from './tour-index';

const passport = (fields: Partial<RiderPassport> = {}): RiderPassport => ({
  level: 'intermediate',
  tack: null,
  hoursPerDay: null,
  weightKg: null,
  ...fields,
});

/**
 * The order read plainly: the matches in the default order (the default sort's, which the riding
 * filters' tests check against the rows), each given `matchRider`'s verdict over its row, sorted
 * by verdict with the default order kept within one.
 */
function expectedOrder(
  { tours, dates }: Catalogue,
  index: ReturnType<typeof indexOf>,
  filter: SearchFilters,
  rider: RiderPassport,
): { order: number[]; byDefault: number[]; ranks: Map<number, number> } {
  const compiled = compileIndexQuery(index, filter, prices);
  const all = searchIndex(index, compiled, {
    sort: 'default',
    offset: 0,
    limit: 1_000_000,
    withFacets: false,
  }).ids;
  const byId = new Map(tours.map((tour) => [tour.id, tour]));
  const dateFrom = effectiveDateFrom(filter, today) ?? '0000-00-00';
  const dateTo = filter.dateTo ?? '9999-99-99';
  const priceMin =
    filter.priceMin === undefined ? -Infinity : lowerUsd(filter.priceMin, prices.toUsdMinor);
  const priceMax =
    filter.priceMax === undefined ? Infinity : upperUsd(filter.priceMax, prices.toUsdMinor);
  // The dates a card considers: within the date filters (the weight filter aside).
  const considered = (row: Catalogue['dates'][number]) =>
    row.startDate >= dateFrom &&
    row.startDate <= dateTo &&
    row.duration >= (filter.daysMin ?? -Infinity) &&
    row.duration <= (filter.daysMax ?? Infinity) &&
    row.priceUsd >= priceMin &&
    row.priceUsd <= priceMax;
  const rank = (tour: IndexTourRow) => {
    const free = Math.max(
      0,
      ...dates
        .filter((row) => row.tourId === tour.id && considered(row))
        .map((row) => row.heavyPlacesFree),
    );
    const fit = matchRider(
      passportProfile(rider),
      {
        level: RIDER_LEVELS[tour.riderLevel]!,
        hoursLongestDay: tour.hoursLongestDay,
        tack: tour.tack as (typeof TACKS)[number],
        otherTackOnRequest: tour.otherTackOnRequest,
        maxRiderWeightKg: tour.maxRiderWeightKg,
        heavyRiderWeightKg: tour.heavyRiderWeightKg,
        minRidingAge: 0,
        maxRidingAge: null,
      },
      { free, scope: 'any-date' },
    );
    return FIT_VERDICTS.indexOf(fit.verdict);
  };
  const ranks = new Map(all.map((id) => [id, rank(byId.get(id)!)]));
  // A stable sort: ties keep the default order.
  return {
    order: [...all].sort((a, b) => ranks.get(a)! - ranks.get(b)!),
    byDefault: all,
    ranks,
  };
}

describe('sort "fit" (fits me first)', () => {
  // Default order: popularity 60, 50, 40 … (tour 1 first). Horses for riders up to 110 kg.
  const ride = (id: number, fields: Partial<IndexTourRow>) =>
    tourRow(id, { maxRiderWeightKg: 110, heavyRiderWeightKg: 110, ...fields });
  const tours = [
    // Intermediate, 5 h, english: fits an intermediate used to 5 h in english tack.
    ride(1, { popularity: 60, riderLevel: 2 }),
    // Strong intermediate: one step up, a stretch.
    ride(2, { popularity: 50, riderLevel: 3 }),
    // Advanced: two steps up, not suitable.
    ride(3, { popularity: 40, riderLevel: 4 }),
    // Novice but western without another tack: a stretch (tack).
    ride(4, { popularity: 30, riderLevel: 1, tack: 'western' }),
    // Western, another tack saddled on request: fits.
    ride(5, { popularity: 20, riderLevel: 1, tack: 'western', otherTackOnRequest: true }),
    // Six hours on the longest day: a stretch (hours).
    ride(6, { popularity: 10, riderLevel: 0, hoursLongestDay: 6 }),
    // Standard horses to 90 kg, heavier to 110 kg, a heavier horse free on day 50 only.
    ride(7, { popularity: 5, riderLevel: 0, maxRiderWeightKg: 90, heavyRiderWeightKg: 110 }),
    // Everything fits: last of the fitting ones in the default order.
    ride(8, { popularity: 1, riderLevel: 0, hoursLongestDay: 4.5 }),
  ];
  const dates = [
    ...tours.filter((tour) => tour.id !== 7).map((tour) => date(tour.id, 10, 3, 10_000)),
    date(7, 10, 3, 10_000, 0),
    date(7, 50, 7, 40_000, 1),
  ];
  const index = indexOf(tours, dates);
  const rider = passport({ level: 'intermediate', tack: 'english', hoursPerDay: 5, weightKg: 100 });
  const search = (
    query: Record<string, unknown>,
    options: { passport?: RiderPassport | null; offset?: number; limit?: number } = {},
  ) =>
    searchIndex(index, compileIndexQuery(index, normalizeFilters(query), prices), {
      sort: 'fit',
      offset: options.offset ?? 0,
      limit: options.limit ?? 20,
      withFacets: false,
      passport: 'passport' in options ? options.passport : rider,
    });

  it('puts the tours that fit first, then the stretches, then the rest, each in the default order', () => {
    expect(search({}).ids).toEqual([1, 5, 7, 8, 2, 4, 6, 3]);
    expect(search({}).total).toBe(8);
  });

  it('counts a heavier horse only on a date within the date filters, as the card does', () => {
    // Day 50 is outside: no heavier horse left for a 100 kg rider on the dates searched.
    expect(search({ dateTo: day(20) }).ids).toEqual([1, 5, 8, 2, 4, 6, 3, 7]);
    expect(search({ dateFrom: day(40) }).ids).toEqual([7]);
    expect(search({ priceMax: 300 }).ids).toEqual([1, 5, 8, 2, 4, 6, 3, 7]);
    // A lighter rider needs no heavier horse: tour 7 fits on any dates.
    const light = passport({ level: 'intermediate', weightKg: 80 });
    expect(search({ dateTo: day(20) }, { passport: light }).ids.slice(0, 5)).toEqual([
      1, 4, 5, 6, 7,
    ]);
  });

  it('pages through the regrouped order without overlap or gap', () => {
    const pages = [0, 3, 6].map((offset) => search({}, { offset, limit: 3 }).ids);
    expect(pages).toEqual([
      [1, 5, 7],
      [8, 2, 4],
      [6, 3],
    ]);
    expect(search({}, { offset: 20, limit: 3 }).ids).toEqual([]);
  });

  it('is the default order without a passport, or with one that does not read', () => {
    const byDefault = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(search({}, { passport: null }).ids).toEqual(byDefault);
    expect(search({}, { passport: undefined }).ids).toEqual(byDefault);
    const unreadable = { ...rider, level: 'wizard' } as unknown as RiderPassport;
    expect(search({}, { passport: unreadable }).ids).toEqual(byDefault);
    // Other sorts ignore a passport.
    const compiled = compileIndexQuery(index, normalizeFilters({}), prices);
    const options = { offset: 0, limit: 20, withFacets: false, passport: rider };
    expect(searchIndex(index, compiled, { ...options, sort: 'default' }).ids).toEqual(byDefault);
    expect(searchIndex(index, compiled, { ...options, sort: 'price' }).ids).toEqual(
      searchIndex(index, compiled, { ...options, passport: null, sort: 'price' }).ids,
    );
  });

  it('reads the passport as the cookie would: hours to the half hour, weight to the kilogram', () => {
    // 4.8 h reads as 5 h: tour 6 (6 h) stays a stretch, tour 1 (5 h) fits.
    expect(search({}, { passport: { ...rider, hoursPerDay: 4.8 } }).ids).toEqual(search({}).ids);
  });
});

describe('sort "fit" on a random catalogue', { timeout: 60_000 }, () => {
  const catalogue = randomCatalogue(109, 800);
  const index = indexOfCatalogue(catalogue);

  it('orders every drawn search and passport as matchRider does, every path as the plain walk', () => {
    const random = new Random(10946);
    let regrouped = 0;
    let heavy = 0;
    for (let draw = 0; draw < 120; draw += 1) {
      const from = random.int(-10, 250);
      const query: Record<string, unknown> = {
        ...(random.chance(0.25) ? { riderLevel: random.pick(RIDER_LEVELS) } : {}),
        ...(random.chance(0.2) ? { tack: [random.pick(TACKS)] } : {}),
        ...(random.chance(0.2) ? { riderWeight: random.int(80, 130) } : {}),
        ...(random.chance(0.3)
          ? { dateFrom: day(from), dateTo: day(from + random.int(10, 120)) }
          : {}),
        ...(random.chance(0.2)
          ? { priceMin: random.int(50, 200), priceMax: random.int(200, 400) }
          : {}),
        ...(random.chance(0.15) ? { daysMin: random.int(1, 10) } : {}),
        ...(random.chance(0.2) ? { countries: [random.int(1, 6)] } : {}),
        ...(random.chance(0.15) ? { type: 2 } : {}),
        ...(random.chance(0.1) ? { isCruisesSearch: 1 } : {}),
      };
      const rider = passport({
        level: random.pick(RIDER_LEVELS),
        tack: random.chance(0.6) ? random.pick(TACKS) : null,
        hoursPerDay: random.chance(0.6) ? random.int(4, 16) / 2 : null,
        weightKg: random.chance(0.7) ? random.int(70, 125) : null,
      });
      const filter = normalizeFilters(query);
      const { order: expected, byDefault } = expectedOrder(catalogue, index, filter, rider);
      const compiled = compileIndexQuery(index, filter, prices);
      const walked = { ...compiled, walkSegment: true };
      for (const offset of [0, 20, 40]) {
        for (const withFacets of [false, true]) {
          const options = { sort: 'fit' as const, offset, limit: 20, withFacets, passport: rider };
          const context = JSON.stringify({ query, rider, offset, withFacets });
          const answer = searchIndex(index, compiled, options);
          expect(answer.ids, context).toEqual(expected.slice(offset, offset + 20));
          expect(answer.total, context).toBe(expected.length);
          expect(answer, context).toEqual(searchIndex(index, walked, options));
          // The total and facets are the default order's.
          const byDefault = searchIndex(index, compiled, { ...options, sort: 'default' });
          expect(answer.facets, context).toEqual(byDefault.facets);
        }
      }
      if (expected.length > 20 && expected.join() !== byDefault.join()) regrouped += 1;
      if (rider.weightKg !== null && rider.weightKg > 100 && expected.length > 0) heavy += 1;
    }
    // The draws must regroup real results, and weigh riders who need a heavier horse.
    expect(regrouped).toBeGreaterThan(40);
    expect(heavy).toBeGreaterThan(15);
  });
});

describe('sort "fit" on the answers without the walk', { timeout: 60_000 }, () => {
  const catalogue = randomCatalogue(110, 1200);
  const index = indexOfCatalogue(catalogue);

  it('pages a price range, a window, a duration range and a radius alone as the plain walk does', () => {
    // Riders many tours fit (their first matches hold a page of fitting tours) and few fit (every
    // match is read).
    const riders = [
      passport({ level: 'advanced' }),
      passport({ level: 'advanced', weightKg: 100 }),
      passport({ level: 'beginner', tack: 'western', hoursPerDay: 2, weightKg: 112 }),
    ];
    const queries: Record<string, unknown>[] = [
      { priceMin: 100, priceMax: 300 },
      { dateFrom: day(20), dateTo: day(160) },
      { daysMin: 3, daysMax: 9 },
      { lat: 10, lng: 20, radius: 4000 },
      { countries: [2], priceMin: 80, priceMax: 350 },
    ];
    // How often the first 8 pages of matches held a first page of fitting tours, and not.
    const cases = { firstPagesEnough: 0, everyMatchRead: 0 };
    for (const query of queries) {
      const filter = normalizeFilters(query);
      const compiled = compileIndexQuery(index, filter, prices);
      const walked = { ...compiled, walkSegment: true };
      for (const rider of riders) {
        const { order, byDefault, ranks } = expectedOrder(catalogue, index, filter, rider);
        if (byDefault.length > 160) {
          const fitting = byDefault.slice(0, 160).filter((id) => ranks.get(id) === 0).length;
          cases[fitting >= 20 ? 'firstPagesEnough' : 'everyMatchRead'] += 1;
        }
        for (const offset of [0, 20, 60]) {
          for (const withFacets of [false, true]) {
            const options = {
              sort: 'fit' as const,
              offset,
              limit: 20,
              withFacets,
              passport: rider,
            };
            const context = JSON.stringify({ query, rider, offset, withFacets });
            const answer = searchIndex(index, compiled, options);
            expect(answer.ids, context).toEqual(order.slice(offset, offset + 20));
            expect(answer, context).toEqual(searchIndex(index, walked, options));
          }
        }
      }
    }
    expect(cases.firstPagesEnough).toBeGreaterThan(2);
    expect(cases.everyMatchRead).toBeGreaterThan(2);
  });
});
