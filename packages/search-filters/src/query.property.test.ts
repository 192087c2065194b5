import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOMMODATION_FILTERS,
  COMFORT_LEVELS,
  FILTER_LIMITS,
  OPERATOR_TYPES,
  SORT_VALUES,
  WELFARE_COMMITMENTS,
} from './constants';
import { RIDER_LEVELS, TACKS } from '@gallop/rider-fit';
import { filtersToQuery, queryToFilters } from './query';
import { QUERY_BOUNDS } from './bounds';
import { FILTER_DEFAULTS, FILTER_RANGES, type SearchFilters, normalizeFilters } from './fields';

// Values as they arrive from links, forms and routers: good ones, edge ones and junk.
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(''),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.boolean(),
  fc.double(),
  fc.constant([]),
);
const integerish = fc.oneof(
  fc.integer({ min: -10, max: 250_000 }),
  fc.integer({ min: -10, max: 250_000 }).map(String),
  fc.constantFrom(0, 1, 17, 18, 19, 20, 21, 30_000, 200_000, -1),
  fc.double({ min: -1000, max: 300_000, noNaN: true }),
);
const id = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000 }),
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 53),
  fc.nat(1000).map(String),
  fc.constantFrom('x', '1.5'),
);
const idList = fc.oneof(
  fc.array(id, { maxLength: 5 }),
  fc.array(id, { maxLength: 5 }).map((ids) => ids.join(',')),
);
const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', '  ', 'altai, russia'),
);
const bool = fc.oneof(fc.boolean(), fc.constantFrom(0, 1, '0', '1', 'true', 'false', 'yes'));
const date = fc.oneof(
  fc
    .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2026-13-01', '01.06.2026'),
);
const pick = <T>(values: readonly T[]) => fc.oneof(fc.constantFrom(...values), junk);

const filterInput = fc.record(
  {
    slug: fc.oneof(text, junk),
    organizer: fc.oneof(id, junk),
    accommodation: pick(ACCOMMODATION_FILTERS),
    comfort: fc.oneof(fc.array(fc.constantFrom(...COMFORT_LEVELS, 'gold'), { maxLength: 4 }), junk),
    maxGroupSize: fc.oneof(integerish, junk),
    difficulty: fc.oneof(fc.array(fc.integer({ min: -1, max: 6 }), { maxLength: 4 }), junk),
    riderLevel: pick([...RIDER_LEVELS, 'expert']),
    tack: fc.oneof(
      fc.array(fc.constantFrom(...TACKS, 'bareback'), { maxLength: 4 }),
      fc.array(fc.constantFrom(...TACKS), { maxLength: 3 }).map((tacks) => tacks.join(',')),
      junk,
    ),
    maxHours: fc.oneof(
      fc.double({ min: -1, max: 14, noNaN: true }),
      fc.integer({ min: 0, max: 26 }).map((halves) => String(halves / 2)),
      junk,
    ),
    riderWeight: fc.oneof(integerish, fc.double({ min: 0, max: 300, noNaN: true }), junk),
    welfare: fc.oneof(
      fc.array(fc.constantFrom(...WELFARE_COMMITMENTS, 'happy'), { maxLength: 7 }),
      fc
        .array(fc.constantFrom(...WELFARE_COMMITMENTS), { maxLength: 5 })
        .map((welfare) => welfare.join(',')),
      junk,
    ),
    priceMin: fc.oneof(integerish, junk),
    priceMax: fc.oneof(integerish, junk),
    pricePerDayMin: fc.oneof(integerish, junk),
    pricePerDayMax: fc.oneof(integerish, junk),
    minAge: fc.oneof(integerish, junk),
    dateFrom: fc.oneof(date, junk),
    dateTo: fc.oneof(date, junk),
    daysMin: fc.oneof(integerish, junk),
    daysMax: fc.oneof(integerish, junk),
    restKinds: fc.oneof(idList, junk),
    cities: fc.oneof(idList, junk),
    regions: fc.oneof(idList, junk),
    countries: fc.oneof(idList, junk),
    continent: fc.oneof(id, junk),
    collections: fc.oneof(idList, junk),
    languages: fc.oneof(
      fc.array(fc.oneof(fc.constantFrom('en', 'de', 'zh-CN', 'a b'), fc.nat(99)), { maxLength: 4 }),
      junk,
    ),
    showplace: fc.oneof(id, junk),
    isCruisesSearch: fc.oneof(bool, junk),
    cruisesType: fc.oneof(id, junk),
    cruisesStartCity: fc.oneof(id, junk),
    cruisesCabinsCapacity: fc.oneof(integerish, junk),
    onlyReturningCruises: fc.oneof(bool, junk),
    ships: fc.oneof(idList, junk),
    waterObject: fc.oneof(id, junk),
    placeName: fc.oneof(text, junk),
    radius: fc.oneof(fc.double({ min: -10, max: 30_000, noNaN: true }), junk),
    lat: fc.oneof(fc.double({ min: -100, max: 100, noNaN: true }), junk),
    lng: fc.oneof(fc.double({ min: -200, max: 200, noNaN: true }), junk),
    page: fc.oneof(integerish, junk),
    sort: pick(SORT_VALUES),
    isAuthorTourSearch: fc.oneof(bool, junk),
    operatorType: pick(OPERATOR_TYPES),
    type: fc.oneof(fc.constantFrom(1, 2, '1', '2', 3), junk),
  },
  { requiredKeys: [] },
);

const RUNS = { numRuns: 1500 };

const ascending = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/** The input with the values of `fields` in reverse order (arrays and comma-separated texts). */
function reversedLists(input: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const reversed = { ...input };
  for (const field of fields) {
    const value = input[field];
    if (Array.isArray(value)) reversed[field] = [...value].reverse();
    else if (typeof value === 'string') reversed[field] = value.split(',').reverse().join(',');
  }
  return reversed;
}

function inCaps(filters: SearchFilters): boolean {
  const within = (value: number | undefined, cap: number) =>
    value === undefined || (value >= 0 && value <= cap);
  return (
    within(filters.priceMin, FILTER_LIMITS.priceMax) &&
    within(filters.priceMax, FILTER_LIMITS.priceMax - 1) &&
    within(filters.pricePerDayMin, FILTER_LIMITS.pricePerDayMax) &&
    within(filters.pricePerDayMax, FILTER_LIMITS.pricePerDayMax - 1) &&
    within(filters.daysMin, FILTER_LIMITS.daysMax) &&
    within(filters.daysMax, FILTER_LIMITS.daysMax - 1) &&
    filters.minAge >= 0 &&
    filters.minAge < FILTER_LIMITS.adultAge &&
    filters.page >= 1
  );
}

// 1,500 runs per property is CPU work, not a latency check: allow for a busy shared machine.
describe('serialisation properties (fast-check)', { timeout: 60_000 }, () => {
  it('queryToFilters inverts filtersToQuery on normalised filters', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const filters = normalizeFilters(input);
        expect(queryToFilters(filtersToQuery(filters))).toEqual(filters);
      }),
      RUNS,
    );
  });

  it('survives the address bar (URLSearchParams string) too', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const filters = normalizeFilters(input);
        const search = new URLSearchParams(filtersToQuery(filters)).toString();
        expect(queryToFilters(search)).toEqual(filters);
      }),
      RUNS,
    );
  });

  it('keeps every sort, "fits me first" included, through the address bar', () => {
    expect(SORT_VALUES).toContain('fit');
    fc.assert(
      fc.property(filterInput, fc.constantFrom(...SORT_VALUES), (input, sort) => {
        const filters = normalizeFilters({ ...input, sort });
        expect(filters.sort).toBe(sort);
        const search = new URLSearchParams(filtersToQuery(filters)).toString();
        expect(queryToFilters(search)).toEqual(filters);
      }),
      RUNS,
    );
  });

  it('normalisation is idempotent and keeps every value within the caps', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const filters = normalizeFilters(input);
        expect(normalizeFilters(filters)).toEqual(filters);
        expect(inCaps(filters)).toBe(true);
      }),
      RUNS,
    );
  });

  it('never holds what the API refuses: out of bounds, reversed, half a coordinate', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const filters = normalizeFilters(input);
        for (const [min, max] of FILTER_RANGES) {
          const low = filters[min];
          const high = filters[max];
          if (low !== undefined && high !== undefined) expect(low <= high).toBe(true);
        }
        expect(filters.lat === undefined).toBe(filters.lng === undefined);
        if (filters.radius !== undefined) {
          expect(filters.radius).toBeGreaterThan(0);
          expect(filters.radius).toBeLessThanOrEqual(QUERY_BOUNDS.radiusMax);
        }
        expect(filters.page).toBeLessThanOrEqual(QUERY_BOUNDS.pageMax);
        for (const id of [filters.organizer, filters.continent, ...(filters.countries ?? [])]) {
          if (id !== undefined) expect(id).toBeLessThanOrEqual(QUERY_BOUNDS.maxId);
        }
        if (filters.maxGroupSize !== undefined) {
          expect(filters.maxGroupSize).toBeLessThanOrEqual(QUERY_BOUNDS.maxGroupSize);
        }
        if (filters.cruisesCabinsCapacity !== undefined) {
          expect(filters.cruisesCabinsCapacity).toBeLessThanOrEqual(QUERY_BOUNDS.cabinsCapacity);
        }
        if (filters.maxHours !== undefined) {
          expect(filters.maxHours).toBeGreaterThanOrEqual(QUERY_BOUNDS.hoursMin);
          expect(filters.maxHours).toBeLessThan(QUERY_BOUNDS.hoursMax);
          expect(Number.isInteger(filters.maxHours * 2)).toBe(true);
        }
        if (filters.riderWeight !== undefined) {
          expect(Number.isInteger(filters.riderWeight)).toBe(true);
          expect(filters.riderWeight).toBeGreaterThanOrEqual(QUERY_BOUNDS.riderWeightMin);
          expect(filters.riderWeight).toBeLessThanOrEqual(QUERY_BOUNDS.riderWeightMax);
        }
        expect((filters.tack ?? []).length).toBeLessThanOrEqual(TACKS.length);
        // Welfare commitments: known, once each, sorted, never an empty list.
        if (filters.welfare !== undefined) {
          expect(filters.welfare.every((key) => WELFARE_COMMITMENTS.includes(key))).toBe(true);
          expect(filters.welfare).toEqual([...new Set(filters.welfare)].sort());
          expect(filters.welfare.length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });

  it('reads every list as a set: once each, sorted, the same in any order', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const filters = normalizeFilters(input);
        const lists = Object.entries(filters).filter(([, value]) => Array.isArray(value));
        for (const [, value] of lists) {
          const values = value as (string | number)[];
          expect(values).toEqual([...new Set(values)].sort(ascending));
        }
        const reversed = reversedLists(
          input,
          lists.map(([field]) => field),
        );
        expect(normalizeFilters(reversed)).toEqual(filters);
        expect(filtersToQuery(reversed)).toEqual(filtersToQuery(filters));
      }),
      RUNS,
    );
  });

  it('the query holds no defaults, no empty values and only numeric ids', () => {
    fc.assert(
      fc.property(filterInput, (input) => {
        const query: Record<string, string> = filtersToQuery(input);
        for (const [field, value] of Object.entries(query)) {
          expect(value).not.toBe('');
          expect(FILTER_DEFAULTS[field as keyof typeof FILTER_DEFAULTS]?.toString()).not.toBe(
            value,
          );
        }
        for (const field of [
          'cities',
          'regions',
          'countries',
          'restKinds',
          'collections',
          'ships',
        ]) {
          if (query[field] !== undefined) expect(query[field]).toMatch(/^\d+(,\d+)*$/);
        }
        for (const field of ['isCruisesSearch', 'onlyReturningCruises', 'isAuthorTourSearch']) {
          if (query[field] !== undefined) expect(['0', '1']).toContain(query[field]);
        }
      }),
      RUNS,
    );
  });
});
