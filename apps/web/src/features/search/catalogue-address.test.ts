import { normalizeFilters } from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { ALL_TOURS_META, ALL_TOURS_SLUG, type SearchPageMeta } from './api';
import { catalogueSearchHref } from './catalogue-address';

const iceland: SearchPageMeta = {
  ...ALL_TOURS_META,
  slug: 'iceland',
  canonical: '/iceland',
  filter: normalizeFilters({ countries: [101] }),
};

describe('catalogueSearchHref', () => {
  it("moves a search contradicting the catalogue page's own filter to the search it is", () => {
    expect(
      catalogueSearchHref(
        'iceland',
        iceland,
        normalizeFilters({ countries: [74], difficulty: [2] }),
      ),
    ).toBe('/tours?difficulty=2&countries=74');
    expect(
      catalogueSearchHref('iceland', iceland, normalizeFilters({ countries: [74, 101] })),
    ).toBe('/tours?countries=74%2C101');
  });

  it('drops a field repeating the stored value', () => {
    expect(
      catalogueSearchHref('iceland', iceland, normalizeFilters({ countries: [101], page: 2 })),
    ).toBe('/iceland?page=2');
  });

  it('keeps a search that adds to the page, and every search of /tours', () => {
    expect(
      catalogueSearchHref('iceland', iceland, normalizeFilters({ difficulty: [2], page: 2 })),
    ).toBeUndefined();
    expect(
      catalogueSearchHref(ALL_TOURS_SLUG, ALL_TOURS_META, normalizeFilters({ countries: [74] })),
    ).toBeUndefined();
  });
});
