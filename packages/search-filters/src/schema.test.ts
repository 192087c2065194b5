import { describe, expect, it } from 'vitest';
import { QUERY_BOUNDS } from './bounds';
import { FILTER_DEFAULTS, FILTER_FIELDS, normalizeFilters, readFilterFields } from './fields';
import { searchFiltersSchema } from './schema';

describe('the model', () => {
  it('has every field of the spec, in its order', () => {
    expect(FILTER_FIELDS).toEqual([
      'slug',
      'organizer',
      'accommodation',
      'comfort',
      'maxGroupSize',
      'difficulty',
      'riderLevel',
      'tack',
      'maxHours',
      'riderWeight',
      'welfare',
      'priceMin',
      'priceMax',
      'pricePerDayMin',
      'pricePerDayMax',
      'minAge',
      'dateFrom',
      'dateTo',
      'daysMin',
      'daysMax',
      'restKinds',
      'cities',
      'regions',
      'countries',
      'continent',
      'collections',
      'languages',
      'showplace',
      'isCruisesSearch',
      'cruisesType',
      'cruisesStartCity',
      'cruisesCabinsCapacity',
      'onlyReturningCruises',
      'ships',
      'waterObject',
      'placeName',
      'radius',
      'lat',
      'lng',
      'page',
      'sort',
      'isAuthorTourSearch',
      'operatorType',
      'type',
    ]);
  });

  it('gives the defaults for empty or non-object input', () => {
    const defaults = {
      accommodation: 'any',
      minAge: 0,
      page: 1,
      sort: 'default',
      operatorType: 'any',
      type: 1,
    };
    expect(normalizeFilters({})).toEqual(defaults);
    expect(normalizeFilters(undefined)).toEqual(defaults);
    expect(normalizeFilters('page=2')).toEqual(defaults);
    expect(FILTER_DEFAULTS).toEqual(defaults);
  });

  it('is usable as a router validateSearch schema that never throws', () => {
    expect(searchFiltersSchema.parse({ page: 'x', sort: 'cheap', priceMax: 'lots' })).toMatchObject(
      {
        page: 1,
        sort: 'default',
        priceMax: undefined,
      },
    );
  });

  it('drops fields it does not know', () => {
    expect(normalizeFilters({ foo: 'bar', page: 2 })).not.toHaveProperty('foo');
  });
});

describe('price range: clamped to 0..200000', () => {
  it.each([
    [{ priceMin: 0 }, {}],
    [{ priceMin: -100 }, {}],
    [{ priceMin: 1 }, { priceMin: 1 }],
    [{ priceMin: '1500' }, { priceMin: 1500 }],
    [{ priceMin: 199_999 }, { priceMin: 199_999 }],
    [{ priceMin: 250_000 }, { priceMin: 200_000 }],
    [{ priceMax: 0 }, { priceMax: 0 }],
    [{ priceMax: -5 }, { priceMax: 0 }],
    [{ priceMax: 199_999 }, { priceMax: 199_999 }],
    [{ priceMax: 200_000 }, {}],
    [{ priceMax: 200_001 }, {}],
    [{ priceMax: 'abc' }, {}],
    [
      { priceMin: 99.6, priceMax: '1000.4' },
      { priceMin: 100, priceMax: 1000 },
    ],
  ])('%j gives %j', (input, expected) => {
    const { priceMin, priceMax } = normalizeFilters(input);
    expect({ priceMin, priceMax }).toEqual(expected);
  });
});

describe('price per day: clamped to 0..30000', () => {
  it.each([
    [{ pricePerDayMin: 0, pricePerDayMax: 30_000 }, {}],
    [{ pricePerDayMin: -1, pricePerDayMax: 30_001 }, {}],
    // Clamped (40000 to 30000), then read the right way round: 29999..30000, the cap dropped.
    [{ pricePerDayMin: 40_000, pricePerDayMax: 29_999 }, { pricePerDayMin: 29_999 }],
    // 50..0 turned round is 0..50: a minimum of 0 restricts nothing.
    [{ pricePerDayMin: '50', pricePerDayMax: '0' }, { pricePerDayMax: 50 }],
    [{ pricePerDayMin: 'x', pricePerDayMax: null }, {}],
  ])('%j gives %j', (input, expected) => {
    const { pricePerDayMin, pricePerDayMax } = normalizeFilters(input);
    expect({ pricePerDayMin, pricePerDayMax }).toEqual(expected);
  });
});

describe('days: clamped to 0..20', () => {
  it.each([
    [{ daysMin: 0, daysMax: 20 }, {}],
    [{ daysMin: -3, daysMax: 21 }, {}],
    [
      { daysMin: 1, daysMax: 19 },
      { daysMin: 1, daysMax: 19 },
    ],
    // 20..0 turned round is 0..20: no restriction at all.
    [{ daysMin: 25, daysMax: 0 }, {}],
    [{ daysMin: '7', daysMax: 'week' }, { daysMin: 7 }],
  ])('%j gives %j', (input, expected) => {
    const { daysMin, daysMax } = normalizeFilters(input);
    expect({ daysMin, daysMax }).toEqual(expected);
  });
});

describe('minimum age: 0 unless a number from 0 to 17', () => {
  it.each([
    [0, 0],
    [1, 1],
    [17, 17],
    ['17', 17],
    [17.9, 17],
    [18, 0],
    [19, 0],
    [-1, 0],
    ['twelve', 0],
    [undefined, 0],
    [null, 0],
  ])('%j gives %j', (minAge, expected) => {
    expect(normalizeFilters({ minAge }).minAge).toBe(expected);
  });
});

describe('page: at least 1, at most the last the API serves', () => {
  it.each([
    [0, 1],
    [-2, 1],
    [1, 1],
    ['3', 3],
    [2.7, 2],
    ['next', 1],
    [10_001, 10_000],
    [2 ** 60, 10_000],
  ])('%j gives %j', (page, expected) => {
    expect(normalizeFilters({ page }).page).toBe(expected);
  });
});

describe('ids: numeric only', () => {
  it('keeps numeric ids and numeric strings, drops the rest', () => {
    const filters = normalizeFilters({
      cities: [1, '2', 'moscow', 3.5, -4, 0, null, 2],
      regions: '10,x,11',
      countries: [],
      organizer: 'acme',
      continent: '7',
      restKinds: ['5,6', 7],
    });
    expect(filters.cities).toEqual([1, 2]);
    expect(filters.regions).toEqual([10, 11]);
    expect(filters).not.toHaveProperty('countries');
    expect(filters).not.toHaveProperty('organizer');
    expect(filters.continent).toBe(7);
    expect(filters.restKinds).toEqual([5, 6, 7]);
  });

  it('keeps languages as strings and comfort values as known strings', () => {
    const filters = normalizeFilters({
      languages: ['en', 12, ' de ', 'e n', ''],
      comfort: 'premium,luxury,base',
    });
    expect(filters.languages).toEqual(['12', 'de', 'en']);
    expect(filters.comfort).toEqual(['base', 'premium']);
  });

  it('drops lists that end up empty', () => {
    expect(
      normalizeFilters({ languages: ['', ' '], comfort: ['gold'], difficulty: [0, 5] }),
    ).toEqual(normalizeFilters({}));
  });
});

describe('list filters are sets: the order of their values means nothing', () => {
  it.each([
    ['tack', 'western,english', ['english', 'western']],
    ['tack', 'other,western,english', ['english', 'other', 'western']],
    ['comfort', 'premium,base', ['base', 'premium']],
    ['difficulty', '3,1,2', [1, 2, 3]],
    ['welfare', 'vet_on_call,herd_turnout', ['herd_turnout', 'vet_on_call']],
    ['restKinds', '9,4', [4, 9]],
    ['cities', '105,7,23', [7, 23, 105]],
    ['regions', '11,10', [10, 11]],
    ['countries', '40,3', [3, 40]],
    ['collections', '7,1', [1, 7]],
    ['languages', 'en,de,12', ['12', 'de', 'en']],
    ['ships', '2,1', [1, 2]],
  ] as const)('reads %s=%s as %j, in whichever order it comes', (field, given, expected) => {
    const reversed = given.split(',').reverse().join(',');
    expect(normalizeFilters({ [field]: given })[field]).toEqual(expected);
    expect(normalizeFilters({ [field]: reversed })).toEqual(normalizeFilters({ [field]: given }));
    expect(normalizeFilters({ [field]: given.split(',') })).toEqual(
      normalizeFilters({ [field]: given }),
    );
  });
});

describe('riding requirements: rider level, tack, hours in the saddle, rider weight', () => {
  it('keeps a known rider level and known tacks, each once, dropping the rest', () => {
    expect(
      normalizeFilters({ riderLevel: ' novice ', tack: 'western,english,saddle,western' }),
    ).toMatchObject({ riderLevel: 'novice', tack: ['english', 'western'] });
    const unknown = normalizeFilters({ riderLevel: 'expert', tack: ['', 'bareback'] });
    expect(unknown).not.toHaveProperty('riderLevel');
    expect(unknown).not.toHaveProperty('tack');
    expect(normalizeFilters({ riderLevel: 2 })).not.toHaveProperty('riderLevel');
  });

  it.each([
    [4, 4],
    ['4.5', 4.5],
    [4.3, 4.5],
    [4.2, 4],
    [0.5, 1],
    [11.5, 11.5],
    [11.8, undefined],
    [12, undefined],
    [30, undefined],
    [0, undefined],
    [-2, undefined],
    ['six', undefined],
  ])(
    'reads maxHours %j as %j: half hours from 1, the cap of 12 restricting nothing',
    (value, hours) => {
      expect(normalizeFilters({ maxHours: value }).maxHours).toBe(hours);
    },
  );

  it.each([
    [80, 80],
    ['102', 102],
    [95.4, 95],
    [20, 20],
    [200, 200],
    [19, undefined],
    [201, undefined],
    [-80, undefined],
    ['heavy', undefined],
  ])('reads riderWeight %j as %j: whole kilograms of a rider passport (20 to 200)', (value, kg) => {
    expect(normalizeFilters({ riderWeight: value }).riderWeight).toBe(kg);
  });

  it('reads them in the spec order, after difficulty, and the schema reads them alike', () => {
    const filters = normalizeFilters({
      riderWeight: 104,
      maxHours: 5.5,
      tack: ['other', 'english'],
      riderLevel: 'strong-intermediate',
      difficulty: [2],
      priceMin: 100,
    });
    expect(Object.keys(filters).slice(0, 6)).toEqual([
      'accommodation',
      'difficulty',
      'riderLevel',
      'tack',
      'maxHours',
      'riderWeight',
    ]);
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
    expect(searchFiltersSchema.parse({ maxHours: 'x', riderWeight: 5, tack: 'x' })).toEqual(
      normalizeFilters({}),
    );
  });
});

describe('welfare commitments (decision 122)', () => {
  it('keeps known commitments once each, sorted, whatever order they came in', () => {
    expect(
      normalizeFilters({ welfare: 'vet_on_call, two_rest_days,vet_on_call,herd_turnout' }).welfare,
    ).toEqual(['herd_turnout', 'two_rest_days', 'vet_on_call']);
    expect(
      normalizeFilters({ welfare: ['short_working_days', 'retirement_home'] }).welfare,
    ).toEqual(['retirement_home', 'short_working_days']);
  });

  it('drops unknown commitments, and the field when none is left', () => {
    expect(normalizeFilters({ welfare: 'happy_horses,vet_on_call' }).welfare).toEqual([
      'vet_on_call',
    ]);
    for (const welfare of ['', 'happy_horses', [], [' '], 7, null]) {
      expect(normalizeFilters({ welfare })).not.toHaveProperty('welfare');
    }
  });

  it('reads it after the rider weight, and the schema reads it alike', () => {
    const filters = normalizeFilters({ welfare: 'herd_turnout', riderWeight: 90, priceMin: 5 });
    expect(Object.keys(filters).slice(0, 3)).toEqual(['accommodation', 'riderWeight', 'welfare']);
    expect(searchFiltersSchema.parse(filters)).toEqual(filters);
    expect(searchFiltersSchema.parse({ welfare: 'x,herd_turnout' })).toEqual(
      normalizeFilters({ welfare: ['herd_turnout'] }),
    );
  });
});

describe('rules between fields', () => {
  it('reads a reversed range the right way round', () => {
    expect(normalizeFilters({ priceMin: 5000, priceMax: 100 })).toMatchObject({
      priceMin: 100,
      priceMax: 5000,
    });
    expect(normalizeFilters({ daysMin: 9, daysMax: 3 })).toMatchObject({ daysMin: 3, daysMax: 9 });
    expect(normalizeFilters({ dateFrom: '2027-05-01', dateTo: '2027-04-01' })).toMatchObject({
      dateFrom: '2027-04-01',
      dateTo: '2027-05-01',
    });
  });

  it('drops half a coordinate, and a coordinate off the globe with its pair', () => {
    const none = normalizeFilters({});
    expect(normalizeFilters({ lat: 64.1 })).toEqual(none);
    expect(normalizeFilters({ lng: -21.9 })).toEqual(none);
    expect(normalizeFilters({ lat: 91, lng: 10 })).toEqual(none);
    expect(normalizeFilters({ lat: 10, lng: 181 })).toEqual(none);
    expect(normalizeFilters({ lat: '64.1', lng: '-21.9' })).toMatchObject({
      lat: 64.1,
      lng: -21.9,
    });
  });

  it('applies in the zod schema too', () => {
    expect(searchFiltersSchema.parse({ priceMin: 900, priceMax: 300, lat: 5 })).toEqual(
      normalizeFilters({ priceMin: 900, priceMax: 300, lat: 5 }),
    );
  });

  it('are left to strict readers by readFilterFields', () => {
    expect(readFilterFields({ priceMin: 5000, priceMax: 100, lat: 5 })).toMatchObject({
      priceMin: 5000,
      priceMax: 100,
      lat: 5,
    });
  });
});

describe("within the API's bounds", () => {
  it('clamps the radius to 1000 km and drops one of 0 or less', () => {
    expect(normalizeFilters({ radius: 5000 }).radius).toBe(QUERY_BOUNDS.radiusMax);
    expect(normalizeFilters({ radius: 250 }).radius).toBe(250);
    expect(normalizeFilters({ radius: 0 })).not.toHaveProperty('radius');
    expect(normalizeFilters({ radius: -3 })).not.toHaveProperty('radius');
  });

  it('drops ids beyond the database integers and texts longer than a slug', () => {
    const filters = normalizeFilters({
      organizer: 2 ** 31,
      countries: [5, 2 ** 31, 2 ** 31 - 1],
      slug: 'x'.repeat(256),
      placeName: 'y'.repeat(300),
      languages: ['en', 'x'.repeat(17)],
    });
    expect(filters).not.toHaveProperty('organizer');
    expect(filters.countries).toEqual([5, 2 ** 31 - 1]);
    expect(filters).not.toHaveProperty('slug');
    expect(filters).not.toHaveProperty('placeName');
    expect(filters.languages).toEqual(['en']);
  });

  it('keeps at most 200 values of a list (50 languages) and clamps group and cabin sizes', () => {
    const many = Array.from({ length: 300 }, (_, index) => index + 1);
    const filters = normalizeFilters({
      cities: many,
      languages: many.map((n) => `l${n}`),
      maxGroupSize: 5000,
      cruisesCabinsCapacity: 500,
    });
    expect(filters.cities).toHaveLength(QUERY_BOUNDS.listItems);
    expect(filters.languages).toHaveLength(QUERY_BOUNDS.languages);
    expect(filters.maxGroupSize).toBe(QUERY_BOUNDS.maxGroupSize);
    expect(filters.cruisesCabinsCapacity).toBe(QUERY_BOUNDS.cabinsCapacity);
  });
});

describe('enumerations and the rest', () => {
  it('reads sort, operator type, accommodation, type and difficulty', () => {
    expect(
      normalizeFilters({
        sort: '-price',
        operatorType: 'author',
        accommodation: 'tourist-base',
        type: '2',
        difficulty: ['1', 4, 9],
      }),
    ).toMatchObject({
      sort: '-price',
      operatorType: 'author',
      accommodation: 'tourist-base',
      type: 2,
      difficulty: [1, 4],
    });
    expect(
      normalizeFilters({ sort: 'rating', operatorType: 'robot', accommodation: 'castle', type: 3 }),
    ).toMatchObject(FILTER_DEFAULTS);
  });

  it('reads booleans from 0/1, true/false and their strings', () => {
    expect(
      normalizeFilters({
        isCruisesSearch: '1',
        onlyReturningCruises: 0,
        isAuthorTourSearch: 'true',
      }),
    ).toMatchObject({
      isCruisesSearch: true,
      onlyReturningCruises: false,
      isAuthorTourSearch: true,
    });
    expect(normalizeFilters({ isCruisesSearch: 'yes' })).not.toHaveProperty('isCruisesSearch');
  });

  it('keeps real calendar dates only', () => {
    expect(normalizeFilters({ dateFrom: '2026-06-01', dateTo: '2026-02-30' })).toMatchObject({
      dateFrom: '2026-06-01',
    });
    expect(normalizeFilters({ dateTo: '01.06.2026' })).not.toHaveProperty('dateTo');
  });

  it('keeps coordinates in range and a positive radius', () => {
    expect(
      normalizeFilters({ lat: '55.75', lng: 37.61, radius: 50, placeName: ' Moscow ' }),
    ).toMatchObject({
      lat: 55.75,
      lng: 37.61,
      radius: 50,
      placeName: 'Moscow',
    });
    const outside = normalizeFilters({ lat: 91, lng: -181, radius: 0 });
    expect(outside).not.toHaveProperty('lat');
    expect(outside).not.toHaveProperty('lng');
    expect(outside).not.toHaveProperty('radius');
  });

  it('keeps positive group and cabin sizes', () => {
    expect(normalizeFilters({ maxGroupSize: '8', cruisesCabinsCapacity: 0 })).toMatchObject({
      maxGroupSize: 8,
    });
    expect(normalizeFilters({ cruisesCabinsCapacity: -2 })).not.toHaveProperty(
      'cruisesCabinsCapacity',
    );
  });

  it('is idempotent', () => {
    const once = normalizeFilters({
      priceMin: '10',
      cities: '1,2',
      minAge: 40,
      page: 0,
      slug: ' altai ',
    });
    expect(normalizeFilters(once)).toEqual(once);
  });
});
