import { describe, expect, it } from 'vitest';
import {
  ACCOMMODATION_FILTERS,
  COMFORT_LEVELS,
  CRUISE_TYPES,
  DIRECTION_KINDS,
  FILTER_KINDS,
  FILTER_LIMITS,
  MAX_HOURS_OPTIONS,
  OPERATOR_TYPES,
  SORT_VALUES,
  TOUR_TYPES,
  WELFARE_COMMITMENTS,
} from './constants';
import {
  ACCOMMODATION_LABELS,
  COMFORT_LABELS,
  CRUISE_TYPE_LABELS,
  DIFFICULTY_LABELS,
  OPERATOR_TYPE_LABELS,
  WELFARE_COMMITMENT_LABELS,
} from './labels';
import { SORT_LABELS } from './sort-labels';
import {
  CRUISE_ONLY_FIELDS,
  DIRECTION_KIND_FIELDS,
  FILTER_KIND_FIELDS,
  clearFilterKind,
  isCruiseSearch,
} from './kinds';
import { FILTER_FIELDS, normalizeFilters } from './fields';

describe('business constants', () => {
  it('match docs/product.md, Constants', () => {
    expect(FILTER_LIMITS).toEqual({
      priceMax: 200_000,
      pricePerDayMax: 30_000,
      daysMax: 20,
      adultAge: 18,
    });
  });
});

describe('enumerations', () => {
  it('match docs/product.md, Entities', () => {
    expect(SORT_VALUES).toEqual(['default', 'price', '-price', 'fit']);
    expect(OPERATOR_TYPES).toEqual(['any', 'organization', 'author']);
    expect(TOUR_TYPES).toEqual([1, 2]);
    expect(COMFORT_LEVELS).toEqual(['base', 'base_plus', 'medium', 'improved', 'premium']);
    expect(ACCOMMODATION_FILTERS).toEqual([
      'any',
      'tourist-base',
      'camp-site',
      'guest-house',
      'flat',
      'cabin',
      'hotel',
      'tent',
      'train',
      'not-set',
    ]);
    expect(DIFFICULTY_LABELS).toEqual({ 1: 'Easy', 2: 'Moderate', 3: 'Challenging', 4: 'Extreme' });
    expect(MAX_HOURS_OPTIONS).toEqual([3, 4, 5, 6, 8]);
    expect(DIRECTION_KINDS).toEqual([
      'cities',
      'regions',
      'countries',
      'world_parts',
      'showplaces',
      'water_objects',
    ]);
  });

  it('label every value', () => {
    expect(Object.keys(SORT_LABELS)).toEqual([...SORT_VALUES]);
    expect(SORT_LABELS.price).toBe('Cheapest first');
    expect(Object.keys(OPERATOR_TYPE_LABELS)).toEqual([...OPERATOR_TYPES]);
    expect(Object.keys(COMFORT_LABELS)).toEqual([...COMFORT_LEVELS]);
    expect(Object.keys(ACCOMMODATION_LABELS)).toEqual([...ACCOMMODATION_FILTERS]);
    expect(Object.keys(CRUISE_TYPE_LABELS).map(Number)).toEqual([...CRUISE_TYPES]);
  });
});

describe('filter kinds', () => {
  it('cover every kind of docs/product.md, Screens and map only to real fields', () => {
    expect(Object.keys(FILTER_KIND_FIELDS)).toEqual([...FILTER_KINDS]);
    for (const fields of Object.values(FILTER_KIND_FIELDS)) {
      for (const field of fields) expect(FILTER_FIELDS).toContain(field);
    }
    for (const field of Object.values(DIRECTION_KIND_FIELDS))
      expect(FILTER_FIELDS).toContain(field);
  });

  it('clear one kind and return to page 1', () => {
    const filters = normalizeFilters({ priceMin: 100, pricePerDayMax: 50, cities: [1], page: 4 });
    expect(clearFilterKind(filters, 'price')).toEqual(normalizeFilters({ cities: [1] }));
    expect(clearFilterKind(filters, 'direction')).toEqual(
      normalizeFilters({ priceMin: 100, pricePerDayMax: 50 }),
    );
  });

  it('give each riding filter a kind of its own, so each is cleared alone', () => {
    const riding = { riderLevel: 'novice', tack: ['english'], maxHours: 5, riderWeight: 90 };
    const filters = normalizeFilters({ ...riding, cities: [1], page: 3 });
    for (const [kind, field] of [
      ['riderLevel', 'riderLevel'],
      ['tack', 'tack'],
      ['hours', 'maxHours'],
      ['riderWeight', 'riderWeight'],
    ] as const) {
      expect(FILTER_KIND_FIELDS[kind]).toEqual([field]);
      const { [field]: _cleared, ...rest } = riding;
      expect(clearFilterKind(filters, kind)).toEqual(normalizeFilters({ ...rest, cities: [1] }));
    }
  });
});

describe('welfare commitments', () => {
  it('are a small set, each named, and a filter kind of their own', () => {
    expect(WELFARE_COMMITMENTS).toEqual([
      'two_rest_days',
      'short_working_days',
      'herd_turnout',
      'vet_on_call',
      'retirement_home',
    ]);
    expect(Object.keys(WELFARE_COMMITMENT_LABELS)).toEqual([...WELFARE_COMMITMENTS]);
    expect(FILTER_KIND_FIELDS.welfare).toEqual(['welfare']);
    const filters = normalizeFilters({ welfare: ['vet_on_call'], tack: ['english'], page: 2 });
    expect(clearFilterKind(filters, 'welfare')).toEqual(normalizeFilters({ tack: ['english'] }));
  });
});

describe('isCruiseSearch', () => {
  it('is the cruise tab or any cruise-only filter', () => {
    expect(isCruiseSearch(normalizeFilters({}))).toBe(false);
    expect(isCruiseSearch(normalizeFilters({ isCruisesSearch: 0, countries: [1] }))).toBe(false);
    expect(isCruiseSearch(normalizeFilters({ isCruisesSearch: 1 }))).toBe(true);
    expect(isCruiseSearch(normalizeFilters({ onlyReturningCruises: 0 }))).toBe(false);
    expect(isCruiseSearch(normalizeFilters({ onlyReturningCruises: 1 }))).toBe(true);
    expect(isCruiseSearch(normalizeFilters({ ships: [3] }))).toBe(true);
    expect(isCruiseSearch(normalizeFilters({ cruisesCabinsCapacity: 2 }))).toBe(true);
    for (const field of CRUISE_ONLY_FIELDS) {
      const value = field === 'ships' ? [2] : field === 'onlyReturningCruises' ? true : 2;
      expect(isCruiseSearch(normalizeFilters({ [field]: value })), field).toBe(true);
    }
  });
});
