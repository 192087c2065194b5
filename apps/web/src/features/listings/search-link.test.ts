import { describe, expect, it } from 'vitest';
import { placeSearch, toursSearch, weatherPath } from './search-link';

describe('search links', () => {
  it('searches one place by the filter field of its kind, ids as numbers', () => {
    expect(placeSearch('country', 12)).toEqual({ countries: 12 });
    expect(placeSearch('region', 7)).toEqual({ regions: 7 });
    expect(placeSearch('city', 101)).toEqual({ cities: 101 });
  });

  it('keeps lists as text and drops defaults such as page 1', () => {
    expect(toursSearch({ countries: [5, 101], page: 1, sort: 'default' })).toEqual({
      countries: '5,101',
    });
  });

  it('links the weather page of a slug', () => {
    expect(weatherPath('iceland')).toBe('/iceland/climate-and-weather');
  });
});
