import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  canonicalSearch,
  filtersToSearch,
  searchPageHref,
  searchToFilters,
  validateFilterSearch,
} from './search-url';

describe('filtersToSearch', () => {
  it('writes numbers as numbers, lists as comma-separated text and drops defaults and the slug', () => {
    expect(
      filtersToSearch({
        slug: 'iceland',
        countries: [101, 5],
        priceMax: 3000,
        sort: '-price',
        page: 1,
        operatorType: 'any',
        type: 1,
        dateFrom: '2026-07-01',
        isAuthorTourSearch: true,
        languages: ['en'],
      }),
    ).toEqual({
      countries: '5,101',
      priceMax: 3000,
      sort: '-price',
      dateFrom: '2026-07-01',
      isAuthorTourSearch: 1,
      languages: 'en',
    });
  });

  it('gives a plain, unquoted address that reads back to the same filters', () => {
    const filters = validateFilterSearch({
      countries: [5, 101],
      difficulty: [2],
      priceMin: 500,
      sort: 'price',
      page: 3,
      comfort: ['premium', 'medium'],
    });
    const address = defaultStringifySearch(filters);
    expect(address).toBe(
      '?comfort=medium%2Cpremium&difficulty=2&priceMin=500&countries=5%2C101&page=3&sort=price',
    );
    expect(searchToFilters(defaultParseSearch(address))).toEqual(searchToFilters(filters));
  });
});

describe('the riding filters in the address bar', () => {
  it('writes level, tacks, hours and weight plainly, after difficulty, and reads them back', () => {
    const search = validateFilterSearch({
      riderWeight: '96',
      maxHours: 4.5,
      tack: ['english', 'other'],
      riderLevel: 'beginner',
      difficulty: 2,
    });
    expect(search).toEqual({
      difficulty: 2,
      riderLevel: 'beginner',
      tack: 'english,other',
      maxHours: 4.5,
      riderWeight: 96,
    });
    const address = defaultStringifySearch(search);
    expect(address).toBe(
      '?difficulty=2&riderLevel=beginner&tack=english%2Cother&maxHours=4.5&riderWeight=96',
    );
    expect(searchToFilters(defaultParseSearch(address))).toEqual(searchToFilters(search));
  });

  it('drops what names no rider: an unknown level or tack, 12 hours or more, an impossible weight', () => {
    expect(
      validateFilterSearch({ riderLevel: 'pro', tack: 'bareback', maxHours: 12, riderWeight: 400 }),
    ).toEqual({});
    expect(searchPageHref('beginners', { riderLevel: 'beginner', maxHours: 3.2 })).toBe(
      '/beginners?riderLevel=beginner&maxHours=3',
    );
  });
});

describe('validateFilterSearch', () => {
  it('normalises anything the address bar may hold', () => {
    expect(
      validateFilterSearch({
        countries: 'abc,7,7',
        // Past every currency's cap (KRW's 10,000,000 is the largest).
        priceMax: 99_999_999,
        minAge: 30,
        page: -4,
        sort: 'nonsense',
        slug: 'elsewhere',
        utm_source: 'mail',
      }),
    ).toEqual({ countries: 7 });
  });
});

describe('price bounds in the address (decision 176)', () => {
  it('keeps a bound some currency takes: the route reads an address before any currency', () => {
    // ₩3,000,000 (about US$2,070): past the spec's 200,000, within KRW's 10,000,000.
    expect(validateFilterSearch({ priceMax: 3_000_000, pricePerDayMax: 400_000 })).toEqual({
      priceMax: 3_000_000,
      pricePerDayMax: 400_000,
    });
    expect(searchToFilters({ priceMax: 3_000_000 }).priceMax).toBe(3_000_000);
    expect(canonicalSearch({ priceMax: 3_000_000 })).toEqual({ priceMax: 3_000_000 });
    expect(validateFilterSearch({ priceMax: 10_000_000, pricePerDayMax: 1_000_000 })).toEqual({});
  });

  it("reads and writes it in the visitor's currency with that currency's caps", () => {
    expect(searchToFilters({ priceMax: 3_000_000 }, 'KRW').priceMax).toBe(3_000_000);
    expect(filtersToSearch({ priceMax: 3_000_000 }, 'KRW')).toEqual({ priceMax: 3_000_000 });
    // In USD it is past the cap and restricts nothing: it goes.
    expect(searchToFilters({ priceMax: 3_000_000 }, 'USD').priceMax).toBeUndefined();
    expect(filtersToSearch({ priceMax: 3_000_000, countries: [5] }, 'USD')).toEqual({
      countries: 5,
    });
    expect(filtersToSearch({ priceMin: 3_000_000 }, 'USD')).toEqual({ priceMin: 200_000 });
    expect(filtersToSearch({ priceMax: 900_000 }, 'JPY')).toEqual({ priceMax: 900_000 });
  });

  it('an address written in any currency reads back as written', () => {
    for (const currency of ['USD', 'KRW', 'JPY', 'KZT', 'INR']) {
      const written = filtersToSearch({ priceMin: 150_000, priceMax: 4_000_000 }, currency);
      expect(validateFilterSearch(written), currency).toEqual(written);
    }
  });
});

describe('canonicalSearch', () => {
  it('normalises the filters of a typed address and keeps its other parameters', () => {
    expect(
      canonicalSearch({
        priceMax: 99999999,
        page: 0,
        sort: 'default',
        radius: 5000,
        lat: 91,
        lng: 10,
        utm_source: 'newsletter',
        countries: '101,5',
      }),
    ).toEqual({ utm_source: 'newsletter', countries: '5,101', radius: 1000 });
  });

  it('leaves a canonical search as it is', () => {
    const search = { countries: '5,101', priceMax: 3000, sort: '-price', utm_campaign: 'spring' };
    expect(canonicalSearch(search)).toEqual(search);
  });
});

describe('searchPageHref', () => {
  it('writes the address of a search page', () => {
    expect(searchPageHref('iceland', { difficulty: [2], page: 3 })).toBe(
      '/iceland?difficulty=2&page=3',
    );
    expect(searchPageHref('tours', { page: 1 })).toBe('/tours');
  });
});
