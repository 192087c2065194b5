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

  // One page of each kind the API's SEO sitemap lists (the demo seed's groups), with its stored
  // filter as `/spa/tours-page` describes it; the last ones store a non-default value of every
  // field that has a default, which the address bar's normalised filters always carry.
  const storedPages: [slug: string, filter: Record<string, unknown>][] = [
    ['mongolia-excursions', { countries: [146], type: 2 }],
    ['argentina', { countries: [11] }],
    ['patagonia', { regions: [7] }],
    ['trail-riding', { restKinds: [3] }],
    ['river-cruises', { restKinds: [9], isCruisesSearch: 1 }],
    ['family-collection', { collections: [4] }],
    ['iceland-summer', { countries: [101], dateFrom: '2027-06-01', dateTo: '2027-08-31' }],
    ['trail-riding-iceland', { countries: [101], restKinds: [3] }],
    ['horse-riding-for-beginners', { riderLevel: 'beginner' }],
    ['author-tours', { operatorType: 'author', accommodation: 'tent', minAge: 12 }],
    ['cheapest-first', { countries: [101], sort: 'price' }],
  ];

  it.each(storedPages)(
    '/%s, with nothing or only defaults in the address, is itself',
    (slug, filter) => {
      const meta: SearchPageMeta = { ...iceland, slug, filter: normalizeFilters(filter) };
      expect(catalogueSearchHref(slug, meta, normalizeFilters({}))).toBeUndefined();
      expect(catalogueSearchHref(slug, meta, normalizeFilters({ page: 2 }))).toBeUndefined();
      expect(
        catalogueSearchHref(
          slug,
          meta,
          normalizeFilters({ difficulty: [2], type: 1, sort: 'default' }),
        ),
      ).toBeUndefined();
    },
  );

  it("still moves a search contradicting an excursions page's stored filter, keeping the kind", () => {
    const meta: SearchPageMeta = {
      ...iceland,
      slug: 'mongolia-excursions',
      filter: normalizeFilters({ countries: [146], type: 2 }),
    };
    expect(
      catalogueSearchHref('mongolia-excursions', meta, normalizeFilters({ countries: [74] })),
    ).toBe('/tours?countries=74&type=2');
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
