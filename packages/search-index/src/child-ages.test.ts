/**
 * The `minAge` filter, "the age of the youngest traveller" (decision 149): a child can join a
 * tour that takes travellers that young when the child can ride on it (its riding ages) or the
 * tour welcomes non-riders. The rule, its range form the index keeps, its agreement with
 * `matchRider`'s age reason, and the index's searches and facets with it.
 */
import { matchRider, type RidingRequirements } from '@gallop/rider-fit';
import { normalizeFilters } from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { compileIndexQuery, searchIndex } from './query-index';
import { canRideAt, childAgeRange, childCanJoin, type TourAges } from './rules';
import {
  date,
  indexOf,
  indexOfCatalogue,
  prices,
  Random,
  randomCatalogue,
  tourRow,
  type Catalogue,
} from './testing';

const tour = (ages: Partial<TourAges>): TourAges => ({
  minAge: 0,
  minRidingAge: 10,
  maxRidingAge: null,
  nonRidersWelcome: false,
  ...ages,
});

/** Every combination of minimum age, riding ages and non-rider policy up to 20 years. */
function everyTour(): TourAges[] {
  const tours: TourAges[] = [];
  for (const minAge of [0, 3, 6, 8, 12, 16, 18]) {
    for (const minRidingAge of [null, 0, 4, 7, 8, 12, 14]) {
      for (const maxRidingAge of [null, 7, 12, 17, 70]) {
        if (maxRidingAge !== null && minRidingAge !== null && maxRidingAge < minRidingAge) continue;
        for (const nonRidersWelcome of [false, true]) {
          tours.push({ minAge, minRidingAge, maxRidingAge, nonRidersWelcome });
        }
      }
    }
  }
  return tours;
}

describe('childCanJoin', () => {
  it('leaves out a tour a child can neither ride on nor come along on (the reported search)', () => {
    // Minimum age 0, riders from 14, no non-riders: a 7-year-old cannot come at all.
    expect(childCanJoin(tour({ minAge: 0, minRidingAge: 14 }), 7)).toBe(false);
    expect(childCanJoin(tour({ minAge: 0, minRidingAge: 14 }), 14)).toBe(true);
    // The same tour welcoming non-riders: the child comes along without riding.
    expect(childCanJoin(tour({ minAge: 0, minRidingAge: 14, nonRidersWelcome: true }), 7)).toBe(
      true,
    );
  });

  it('keeps the tour’s own minimum age for riders and non-riders alike', () => {
    expect(childCanJoin(tour({ minAge: 10, minRidingAge: 6 }), 8)).toBe(false);
    expect(childCanJoin(tour({ minAge: 10, minRidingAge: 6, nonRidersWelcome: true }), 8)).toBe(
      false,
    );
    expect(childCanJoin(tour({ minAge: 10, minRidingAge: 6 }), 10)).toBe(true);
  });

  it('reads an upper riding age: a pony ride for children up to 12 takes an older child only as a non-rider', () => {
    const ponies = tour({ minAge: 4, minRidingAge: 4, maxRidingAge: 12 });
    expect(childCanJoin(ponies, 12)).toBe(true);
    expect(childCanJoin(ponies, 13)).toBe(false);
    expect(childCanJoin({ ...ponies, nonRidersWelcome: true }, 13)).toBe(true);
  });

  it('reads no riding age as no limit', () => {
    expect(childCanJoin(tour({ minRidingAge: null }), 1)).toBe(true);
    expect(childCanJoin(tour({ minRidingAge: null, maxRidingAge: 5 }), 6)).toBe(false);
  });

  it('holds exactly for the ages of its range (what the index keeps), at every age to 100', () => {
    for (const ages of everyTour()) {
      const { from, to } = childAgeRange(ages);
      for (let age = 0; age <= 100; age += 1) {
        expect(from <= age && age <= to, JSON.stringify({ ages, age })).toBe(
          childCanJoin(ages, age),
        );
      }
    }
  });

  it('lets a child ride exactly where `matchRider` gives no age reason', () => {
    const requirements: RidingRequirements = {
      level: 'beginner',
      hoursLongestDay: 2,
      tack: 'english',
      otherTackOnRequest: false,
      maxRiderWeightKg: 95,
      heavyRiderWeightKg: 95,
      minRidingAge: 0,
      maxRidingAge: null,
    };
    for (const ages of everyTour()) {
      if (ages.minRidingAge === null) continue; // a passport's requirements always have one
      const riding = { ...requirements, minRidingAge: ages.minRidingAge };
      riding.maxRidingAge = ages.maxRidingAge;
      for (let age = 0; age <= 20; age += 1) {
        const fit = matchRider({ age }, riding);
        const ageReason = fit.reasons.some((reason) => reason.check === 'age');
        expect(canRideAt(ages, age), JSON.stringify({ ages, age })).toBe(!ageReason);
      }
    }
  });
});

describe('the index’s minAge filter (decision 149)', { timeout: 60_000 }, () => {
  /** A search's total, page and facets, as the port answers them. */
  function search(index: ReturnType<typeof indexOf>, query: Record<string, unknown>) {
    const filter = normalizeFilters(query);
    const answer = searchIndex(index, compileIndexQuery(index, filter, prices), {
      sort: (query.sort as 'default' | 'price' | '-price' | undefined) ?? 'default',
      offset: 0,
      limit: 20,
      withFacets: true,
    });
    // Rows in a fixed order: values of equal counts come in the order the index met them.
    const facets = answer
      .facets!.map(({ nameRank: _rank, ...row }) => row)
      .sort(
        (a, b) => a.facet.localeCompare(b.facet) || String(a.value).localeCompare(String(b.value)),
      );
    return { total: answer.total, ids: answer.ids, facets };
  }

  /** The catalogue less the tours a child of `age` cannot join (all of it for adults, age 0). */
  function joinableOnly({ tours, dates }: Catalogue, age: number): Catalogue {
    const kept = tours.filter((row) => age === 0 || childCanJoin(row, age));
    const ids = new Set(kept.map((row) => row.id));
    return { tours: kept, dates: dates.filter((row) => ids.has(row.tourId)) };
  }

  it('keeps the tours a child can join, riding or coming along', () => {
    const tours = [
      tourRow(1, { popularity: 4, minAge: 0, minRidingAge: 14 }),
      tourRow(2, { popularity: 3, minAge: 0, minRidingAge: 14, nonRidersWelcome: true }),
      tourRow(3, { popularity: 2, minAge: 6, minRidingAge: 6, maxRidingAge: 12 }),
      tourRow(4, { popularity: 1, minAge: 16, minRidingAge: 8, nonRidersWelcome: true }),
    ];
    const index = indexOf(
      tours,
      tours.map((row) => date(row.id, 10, 3, 10_000)),
    );
    expect(search(index, {}).ids).toEqual([1, 2, 3, 4]);
    expect(search(index, { minAge: 7 }).ids).toEqual([2, 3]);
    expect(search(index, { minAge: 14 }).ids).toEqual([1, 2]);
    expect(search(index, { minAge: 17 }).ids).toEqual([1, 2, 4]);
    // 18 and above is "adults": the filter reads it as 0 and restricts nothing.
    expect(search(index, { minAge: 18 }).ids).toEqual([1, 2, 3, 4]);
  });

  it('answers, with its facets, what the catalogue of joinable tours alone answers', () => {
    const catalogue = randomCatalogue(149, 600);
    const index = indexOfCatalogue(catalogue);
    const random = new Random(1490);
    let restricted = 0;
    for (const age of [0, 1, 6, 10, 14, 17]) {
      const joinable = indexOfCatalogue(joinableOnly(catalogue, age));
      const queries: Record<string, unknown>[] = [
        {},
        { sort: 'price' },
        { type: 2 },
        { isCruisesSearch: 1 },
        ...Array.from({ length: 12 }, () => ({
          ...(random.chance(0.4) ? { countries: [random.int(1, 6)] } : {}),
          ...(random.chance(0.3) ? { collections: [random.int(1, 3)] } : {}),
          ...(random.chance(0.3) ? { difficulty: [random.int(1, 4)] } : {}),
          ...(random.chance(0.3) ? { priceMax: random.int(100, 400) } : {}),
          ...(random.chance(0.2) ? { riderWeight: random.int(85, 115) } : {}),
          sort: random.pick(['default', 'price', '-price']),
        })),
      ];
      for (const query of queries) {
        const context = JSON.stringify({ age, query });
        const full = search(index, { ...query, minAge: age });
        expect(full, context).toEqual(search(joinable, query));
        if (age > 0 && full.total < search(index, query).total) restricted += 1;
      }
    }
    // The ages must leave tours out, not pass by restricting nothing.
    expect(restricted).toBeGreaterThan(40);
  });
});
