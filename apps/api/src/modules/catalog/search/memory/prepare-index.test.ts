import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { Random } from '#src/seed/random.ts';
import { prepareIndex } from './prepare-index.ts';
import { compileIndexQuery, searchIndex } from './query-index.ts';
import { segmentStructures } from './segment-structures.ts';
import { date, day, indexOf, named, rates, tourRow } from './index-fixtures.ts';
import type { IndexTourRow } from './tour-index.ts';

const prices = { currency: 'USD', rates };

/** Two indexes of the same random catalogue (tours, excursions and cruises), built apart. */
function twinIndexes(seed: number) {
  const random = new Random(seed);
  const tours: IndexTourRow[] = [];
  const dates: ReturnType<typeof date>[] = [];
  for (let id = 1; id <= 400; id += 1) {
    const own = Array.from({ length: random.int(0, 4) }, () =>
      date(id, random.int(1, 280), random.int(1, 24), random.int(50, 400) * 100),
    );
    dates.push(...own);
    tours.push(
      tourRow(id, {
        popularity: random.int(0, 50),
        // The cheapest bookable date: what marks a tour bookable.
        fromPriceUsd: own.length > 0 ? Math.min(...own.map(({ priceUsd }) => priceUsd)) : null,
        type: random.chance(0.3) ? 2 : 1,
        isCruise: random.chance(0.2),
        lastStartDate: day(300),
        countryIds: [random.int(1, 6)],
        regionIds: [random.int(10, 20)],
        restKindIds: [random.int(1, 4)],
        collectionIds: random.chance(0.5) ? [random.int(1, 3)] : [],
        comfort: random.chance(0.5) ? 'base' : 'comfort',
        difficulty: random.int(1, 4),
        organizerId: random.int(1, 12),
        operatorType: random.chance(0.5) ? 'organization' : 'author',
        lat: random.int(-60, 60),
        lng: random.int(-170, 170),
      }),
    );
  }
  const build = () =>
    indexOf(tours, dates, {
      countries: named(6, 'Country'),
      languages: new Map([['en', 'English']]),
      organizers: named(12, 'Organizer'),
    });
  return [build(), build()] as const;
}

describe('prepareIndex (the search structures built before an index serves)', () => {
  it('builds every declared structure for every segment, pausing between two', async () => {
    const [index] = twinIndexes(3);
    let pauses = 0;
    const timings = await prepareIndex(index, { pause: async () => void (pauses += 1) });
    const labels = segmentStructures().map(({ label }) => label);
    // The structures the faster answers rely on (decisions 049, 052, 053) are all declared.
    expect(labels).toEqual(
      expect.arrayContaining([
        'open listing',
        'open facet rows',
        'price ladder',
        'price ladder prefix counts',
        'dates by price',
        'dates by duration and price',
        'day buckets',
        'duration masks',
        'radius grid',
        'membership',
      ]),
    );
    expect(index.segments.size).toBeGreaterThanOrEqual(3);
    for (const segment of index.segments.values()) {
      for (const structure of segmentStructures()) {
        expect(structure.has(segment), structure.label).toBe(true);
      }
    }
    // The index's own structures come first: the walk's records and the posting lists.
    const own = timings.filter(({ tours }) => tours === 0).map(({ label }) => label);
    expect(own[0]).toBe('walk records');
    expect(own).toContain('countries postings');
    expect(own.slice(1).every((label) => label.endsWith(' postings'))).toBe(true);
    expect(timings).toHaveLength(own.length + index.segments.size * labels.length);
    expect(pauses).toBe(timings.length);
    // Largest segment first: its structures are the ones searches wait for.
    const sizes = timings.slice(own.length).map(({ tours }) => tours);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('leaves every answer as an index built on first use gives it', async () => {
    const [prepared, unprepared] = twinIndexes(11);
    await prepareIndex(prepared, { pause: async () => {} });
    const queries = [
      {},
      { type: 2 },
      { isCruisesSearch: 1 },
      { priceMin: 100, priceMax: 250 },
      { priceMin: 100, priceMax: 250, countries: [2] },
      { dateFrom: day(30), dateTo: day(90) },
      { daysMin: 3, daysMax: 8 },
      { countries: [1] },
      { countries: [1], restKinds: [2], difficulty: [1, 2] },
    ];
    let matched = 0;
    for (const query of queries) {
      for (const sort of ['default', 'price', '-price'] as const) {
        for (const withFacets of [false, true]) {
          const options = { sort, offset: 0, limit: 20, withFacets };
          const filter = normalizeFilters(query);
          const answer = searchIndex(
            prepared,
            compileIndexQuery(prepared, filter, prices),
            options,
          );
          const context = JSON.stringify({ query, options });
          expect(answer, context).toEqual(
            searchIndex(unprepared, compileIndexQuery(unprepared, filter, prices), options),
          );
          if (answer.total > 0) matched += 1;
        }
      }
    }
    expect(matched).toBeGreaterThan(40);
  });
});
