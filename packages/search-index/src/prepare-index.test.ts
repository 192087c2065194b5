import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import { isListValueBitsKept, isValueBitsKept } from './facet-bits';
import { prepareIndex, type PreparedStructure } from './prepare-index';
import { compileIndexQuery, searchIndex } from './query-index';
import { segmentStructures } from './segment-structures';
import { day, indexOfCatalogue, randomCatalogue, prices } from './testing';
import { useStepItems } from './steps';
import type { TourIndex } from './tour-index';

/** Two indexes of the same random catalogue (tours, excursions and cruises), built apart. */
function twinIndexes(seed: number) {
  const catalogue = randomCatalogue(seed, 400);
  return [indexOfCatalogue(catalogue), indexOfCatalogue(catalogue)] as const;
}

describe('prepareIndex (the search structures built before an index serves)', () => {
  it('builds every declared structure for every segment, pausing between two', async () => {
    const [index] = twinIndexes(3);
    let pauses = 0;
    // A clock that stands still: each structure is one slice.
    const timings = await prepareIndex(index, {
      pause: async () => void (pauses += 1),
      now: () => 0,
    });
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
        'window kind tables',
        'duration kind tables',
        'prices by duration',
        'dates by duration and day',
      ]),
    );
    expect(index.segments.size).toBeGreaterThanOrEqual(3);
    for (const segment of index.segments.values()) {
      for (const structure of segmentStructures()) {
        expect(structure.has(segment), structure.label).toBe(true);
      }
    }
    // The index's own structures come first: the walk's records, the tours' fortnights
    // (decision 075), facet records (decision 082), weeks (decision 084) and the ids' positions
    // ("fits me first", decision 109), the posting lists the list columns' value bitsets
    // (decision 085) and the one-of columns' (decision 073: difficulty, comfort, accommodation,
    // rider level, half hours in the saddle, welfare masks).
    const own = timings.filter(({ tours }) => tours === 0).map(({ label }) => label);
    expect(own.slice(0, 5)).toEqual([
      'walk records',
      'period masks',
      'facet records',
      'week words',
      'positions of ids',
    ]);
    expect(own).toContain('countries postings');
    expect(own).toContain('rest_kinds value bits');
    expect(own.filter((label) => label === 'one-of value bits')).toHaveLength(6);
    expect(own).toContain('tack value bits');
    expect(
      own
        .slice(5)
        .every(
          (label) => /^\w+ (postings|value bits)$/.test(label) || label === 'one-of value bits',
        ),
    ).toBe(true);
    expect(isValueBitsKept(index.difficulty)).toBe(true);
    expect(isValueBitsKept(index.riderLevel)).toBe(true);
    expect(isValueBitsKept(index.halfHoursLongestDay)).toBe(true);
    expect(isValueBitsKept(index.welfareMask)).toBe(true);
    expect(isListValueBitsKept(index.restKinds)).toBe(true);
    expect(timings).toHaveLength(own.length + index.segments.size * labels.length);
    expect(pauses).toBe(timings.length);
    // Largest segment first: its structures are the ones searches wait for.
    const sizes = timings.slice(own.length).map(({ tours }) => tours);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('leaves every answer as an index built on first use gives it', async () => {
    const [prepared, unprepared] = twinIndexes(11);
    await prepareIndex(prepared, { pause: async () => {} });
    expect(sameAnswers(prepared, unprepared)).toBeGreaterThan(40);
  });

  it('builds in slices of small steps exactly what builds in one piece give (decision 064)', async () => {
    const catalogue = randomCatalogue(29, 900);
    // Steps of 3 items: every loop, sort and merge of the layout and the builds crosses step
    // boundaries many times.
    const restore = useStepItems(3);
    let pauses = 0;
    let sliced: TourIndex;
    let timings: PreparedStructure[];
    try {
      sliced = indexOfCatalogue(catalogue);
      // A clock that moves a millisecond per reading and 1 ms slices: each step is its own slice.
      let clock = 0;
      timings = await prepareIndex(sliced, {
        pause: async () => void (pauses += 1),
        now: () => (clock += 1),
        sliceMs: 1,
      });
    } finally {
      restore();
    }
    const whole = indexOfCatalogue(catalogue);
    const laidOut = [
      'ids',
      'popularity',
      'fromPrice',
      'type',
      'organizer',
      'x',
      'countries',
      'regions',
      'languages',
      'dateOffsets',
      'dates',
      'durationBuckets',
      'minPrice',
      'maxPrice',
      'firstDay',
      'lastDay',
      'segments',
    ] as const;
    for (const field of laidOut) expect(sliced[field], field).toEqual(whole[field]);
    expect(timings.every(({ longestSliceMs }) => longestSliceMs === 1)).toBe(true);
    // The big builds ran in many slices, each followed by a pause.
    const largest = Math.max(...[...sliced.segments.values()].map((segment) => segment.length));
    for (const label of ['walk records', 'price ladder', 'dates by price', 'day buckets']) {
      const timing = timings.find(
        (t) => t.label === label && (t.tours === largest || t.tours === 0),
      );
      expect(timing?.ms, label).toBeGreaterThan(50);
    }
    expect(pauses).toBe(timings.reduce((sum, { ms }) => sum + ms, 0));
    expect(sameAnswers(sliced, whole)).toBeGreaterThan(40);
  });
});

/** Compares both indexes' answers to a set of searches; returns how many matched some tours. */
function sameAnswers(first: TourIndex, second: TourIndex): number {
  const queries = [
    {},
    { type: 2 },
    { isCruisesSearch: 1 },
    { priceMin: 100, priceMax: 250 },
    { priceMin: 100, priceMax: 250, countries: [2] },
    { priceMin: 100, priceMax: 250, daysMin: 5 },
    { dateFrom: day(30), dateTo: day(90) },
    { dateFrom: day(30), dateTo: day(90), countries: [3] },
    { daysMin: 3, daysMax: 8 },
    { countries: [1] },
    { countries: [1, 4], regions: [12] },
    { countries: [1], restKinds: [2], difficulty: [1, 2] },
    { riderLevel: 'novice', tack: ['western'], maxHours: 5 },
    { riderWeight: 105, dateFrom: day(30), dateTo: day(150), tack: ['english', 'other'] },
  ];
  let matched = 0;
  for (const query of queries) {
    for (const sort of ['default', 'price', '-price'] as const) {
      for (const withFacets of [false, true]) {
        const options = { sort, offset: 0, limit: 20, withFacets };
        const filter = normalizeFilters(query);
        const answer = searchIndex(first, compileIndexQuery(first, filter, prices), options);
        const context = JSON.stringify({ query, options });
        expect(answer, context).toEqual(
          searchIndex(second, compileIndexQuery(second, filter, prices), options),
        );
        if (answer.total > 0) matched += 1;
      }
    }
  }
  return matched;
}
