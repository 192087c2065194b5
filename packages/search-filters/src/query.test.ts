import { describe, expect, it } from 'vitest';
import { filtersToQuery, queryToFilters } from './query';
import { normalizeFilters } from './fields';

describe('filtersToQuery', () => {
  it('drops every default: sort, operator type any, page 1, tour type 1, minimum age 0', () => {
    expect(
      filtersToQuery({
        sort: 'default',
        operatorType: 'any',
        accommodation: 'any',
        page: 1,
        type: 1,
        minAge: 0,
      }),
    ).toEqual({});
  });

  it('drops empty values and empty lists', () => {
    expect(
      filtersToQuery({ slug: '', placeName: '   ', cities: [], languages: [], comfort: [] }),
    ).toEqual({});
  });

  it('drops maxima at their caps and minima at 0', () => {
    expect(
      filtersToQuery({
        priceMin: 0,
        priceMax: 200_000,
        pricePerDayMax: 30_000,
        daysMin: 0,
        daysMax: 20,
      }),
    ).toEqual({});
    expect(filtersToQuery({ priceMax: 199_999, pricePerDayMax: 29_999, daysMax: 19 })).toEqual({
      priceMax: '199999',
      pricePerDayMax: '29999',
      daysMax: '19',
    });
  });

  it('writes the non-default values, booleans as 0/1 and lists with commas', () => {
    expect(
      filtersToQuery({
        slug: 'altai',
        cities: [1, 2],
        languages: ['en', 'de'],
        isCruisesSearch: true,
        onlyReturningCruises: false,
        sort: '-price',
        operatorType: 'organization',
        type: 2,
        page: 3,
        minAge: 12,
      }),
    ).toEqual({
      slug: 'altai',
      minAge: '12',
      cities: '1,2',
      // Lists are sets, written sorted (see 'one address for one search').
      languages: 'de,en',
      isCruisesSearch: '1',
      onlyReturningCruises: '0',
      page: '3',
      sort: '-price',
      operatorType: 'organization',
      type: '2',
    });
  });

  it('normalises first: clamps, drops non-numeric ids and adult ages', () => {
    expect(
      filtersToQuery({ priceMin: 500_000, minAge: 18, cities: ['x', 5] } as Record<
        string,
        unknown
      >),
    ).toEqual({
      priceMin: '200000',
      cities: '5',
    });
  });

  it('writes the riding filters after difficulty, tacks with commas and half hours as decimals', () => {
    expect(
      filtersToQuery({
        riderWeight: 96,
        maxHours: 4.5,
        tack: ['western', 'other'],
        riderLevel: 'beginner',
        difficulty: [1],
        page: 2,
      }),
    ).toEqual({
      difficulty: '1',
      riderLevel: 'beginner',
      tack: 'other,western',
      maxHours: '4.5',
      riderWeight: '96',
      page: '2',
    });
    expect(
      Object.keys(filtersToQuery({ riderWeight: 96, riderLevel: 'novice', difficulty: [1] })),
    ).toEqual(['difficulty', 'riderLevel', 'riderWeight']);
    // What restricts nothing or names nothing is not written.
    expect(filtersToQuery({ maxHours: 12, riderWeight: 300, riderLevel: 'pro', tack: [] })).toEqual(
      {},
    );
  });

  it('writes welfare commitments sorted, once each, after the rider weight; none at all omitted', () => {
    expect(
      filtersToQuery({ welfare: ['vet_on_call', 'two_rest_days', 'vet_on_call'], riderWeight: 90 }),
    ).toEqual({ riderWeight: '90', welfare: 'two_rest_days,vet_on_call' });
    expect(filtersToQuery({ welfare: ['vet_on_call', 'herd_turnout'] }).welfare).toBe(
      'herd_turnout,vet_on_call',
    );
    expect(filtersToQuery({ welfare: 'herd_turnout,two_rest_days' })).toEqual(
      filtersToQuery({ welfare: 'two_rest_days,herd_turnout' }),
    );
    expect(filtersToQuery({ welfare: [] })).toEqual({});
    expect(filtersToQuery({ welfare: 'unknown' })).toEqual({});
  });

  it('gives one address for one search: the values of a list in any order', () => {
    const address = (query: string) =>
      new URLSearchParams(filtersToQuery(queryToFilters(query))).toString();
    expect(address('tack=western,english')).toBe('tack=english%2Cwestern');
    expect(address('tack=english,western')).toBe(address('tack=western,english'));
    expect(address('tack=western&tack=english')).toBe(address('tack=english,western'));
    expect(address('cities=12,3&languages=en,de&comfort=premium,base&difficulty=3,1')).toBe(
      address('difficulty=1,3&comfort=base,premium&cities=3,12&languages=de,en'),
    );
    // Ids sort by value, not as text.
    expect(address('countries=105,7,23')).toBe('countries=7%2C23%2C105');
  });

  it('keeps the spec order, so equal searches give equal URLs', () => {
    const query = filtersToQuery({ page: 2, cities: [3], slug: 'altai' });
    expect(Object.keys(query)).toEqual(['slug', 'cities', 'page']);
    expect(new URLSearchParams(query).toString()).toBe('slug=altai&cities=3&page=2');
  });
});

describe('queryToFilters', () => {
  it('reads a query string, URLSearchParams and a parsed record alike', () => {
    const expected = normalizeFilters({ cities: [1, 2], page: 2, isCruisesSearch: true });
    expect(queryToFilters('?cities=1,2&page=2&isCruisesSearch=1')).toEqual(expected);
    expect(
      queryToFilters(new URLSearchParams('cities=1&cities=2&page=2&isCruisesSearch=1')),
    ).toEqual(expected);
    // A router's JSON search parser gives numbers and arrays.
    expect(queryToFilters({ cities: [1, 2], page: 2, isCruisesSearch: 1 })).toEqual(expected);
  });

  it('keeps "fits me first" (sort=fit) both ways, and only the passport-free sort value', () => {
    const filters = normalizeFilters({ sort: 'fit', riderLevel: 'novice' });
    expect(filters.sort).toBe('fit');
    const query = filtersToQuery(filters);
    // The passport itself never enters the address: only the order's name does.
    expect(query).toEqual({ riderLevel: 'novice', sort: 'fit' });
    expect(queryToFilters(new URLSearchParams(query).toString())).toEqual(filters);
    expect(queryToFilters('?sort=fits').sort).toBe('default');
  });

  it('gives the defaults for an empty query', () => {
    expect(queryToFilters('')).toEqual(normalizeFilters({}));
  });

  it('reads back what filtersToQuery wrote', () => {
    const filters = normalizeFilters({
      slug: 'horse tours & more',
      placeName: 'Saint-Petersburg, Russia',
      priceMin: 100,
      priceMax: 4000,
      dateFrom: '2026-07-01',
      comfort: ['medium'],
      difficulty: [2, 3],
      riderLevel: 'intermediate',
      tack: ['english'],
      maxHours: 6.5,
      riderWeight: 88,
      welfare: ['short_working_days', 'retirement_home'],
      lat: -33.86,
      lng: 151.2,
      radius: 12.5,
      onlyReturningCruises: false,
    });
    const search = new URLSearchParams(filtersToQuery(filters)).toString();
    expect(queryToFilters(search)).toEqual(filters);
  });
});
