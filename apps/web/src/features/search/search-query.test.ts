import { describe, expect, it } from 'vitest';
import { effectiveFilters, filtersToApiQuery, searchLocation, withChange } from './search-query';

describe('filtersToApiQuery', () => {
  it('keeps the typed values the contract wants and leaves the defaults out', () => {
    expect(
      filtersToApiQuery({
        countries: [1, 2],
        onlyReturningCruises: false,
        isCruisesSearch: true,
        sort: 'default',
        page: 2,
        minAge: 10,
        accommodation: 'any',
      }),
    ).toEqual({
      countries: [1, 2],
      onlyReturningCruises: 0,
      isCruisesSearch: 1,
      page: 2,
      minAge: 10,
    });
  });
});

describe('effectiveFilters', () => {
  it('starts from the page filter and lets the address bar override it', () => {
    const filters = effectiveFilters(
      { countries: [101], type: 2 },
      { countries: [5], sort: 'price' },
    );
    expect(filters.countries).toEqual([5]);
    expect(filters.type).toBe(2);
    expect(filters.sort).toBe('price');
  });
});

describe('withChange', () => {
  it('applies the change and goes back to page 1', () => {
    const next = withChange({ countries: [1], page: 4 }, { difficulty: [2], countries: undefined });
    expect(next.page).toBe(1);
    expect(next.difficulty).toEqual([2]);
    expect(next.countries).toBeUndefined();
  });
});

describe('searchLocation', () => {
  const iceland = { countries: [101] };

  it('stays on the catalogue page while its stored filter is kept; the address carries the rest', () => {
    expect(
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: iceland,
        next: { countries: [101], difficulty: [2], page: 2 },
      }),
    ).toEqual({ slug: 'iceland', search: { difficulty: 2, page: 2 } });
  });

  it('moves to the catalogue-wide page with every filter once a stored value changes', () => {
    expect(
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: iceland,
        next: { countries: [101, 5], sort: 'price' },
      }),
    ).toEqual({ slug: 'tours', search: { countries: '101,5', sort: 'price' } });
    expect(
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: iceland,
        next: {},
      }),
    ).toEqual({ slug: 'tours', search: {} });
  });

  it('keeps every filter in the address on a page that stores none', () => {
    expect(
      searchLocation({
        slug: 'tours',
        fallbackSlug: 'tours',
        pageFilter: {},
        next: { regions: [3], daysMax: 7 },
      }),
    ).toEqual({ slug: 'tours', search: { regions: 3, daysMax: 7 } });
  });
});
