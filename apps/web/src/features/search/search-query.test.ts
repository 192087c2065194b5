import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import {
  effectiveFilters,
  filtersToApiQuery,
  narrowsCardDates,
  searchLocation,
  tripKindChange,
  tripKindFields,
  tripKindOf,
  withChange,
} from './search-query';

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

describe('filtersToApiQuery with the riding filters', () => {
  it('sends the level and hours as given, tacks as a list and the weight in kilograms', () => {
    expect(
      filtersToApiQuery({
        riderLevel: 'novice',
        tack: ['western'],
        maxHours: 5.5,
        riderWeight: 90,
      }),
    ).toEqual({ riderLevel: 'novice', tack: ['western'], maxHours: 5.5, riderWeight: 90 });
  });

  it('clears each alone, back on page 1', () => {
    const filters = normalizeFilters({ riderLevel: 'novice', riderWeight: 90, page: 3 });
    const next = withChange(filters, { riderWeight: undefined });
    expect(next).toEqual(normalizeFilters({ riderLevel: 'novice' }));
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

  it("keeps a stored non-default value the address bar's defaults do not replace", () => {
    const stored = normalizeFilters({
      type: 2,
      operatorType: 'author',
      accommodation: 'tent',
      sort: 'price',
      minAge: 12,
    });
    // Normalised address filters carry every default: type 1, sort 'default', page 1...
    const filters = effectiveFilters(stored, normalizeFilters({ page: 3 }));
    expect(filters).toEqual({ ...stored, page: 3 });
    // A value that is not the default replaces the stored one.
    expect(effectiveFilters(stored, normalizeFilters({ sort: '-price' })).sort).toBe('-price');
  });
});

describe('narrowsCardDates', () => {
  it('is true for a date window, lengths or prices (the dates a card considers), else false', () => {
    expect(narrowsCardDates(normalizeFilters({}))).toBe(false);
    expect(narrowsCardDates(normalizeFilters({ countries: [1], riderWeight: 100 }))).toBe(false);
    for (const narrowing of [
      { dateFrom: '2027-03-01' },
      { dateTo: '2027-04-30' },
      { daysMin: 3 },
      { daysMax: 7 },
      { priceMin: 100 },
      { priceMax: 2000 },
      { pricePerDayMin: 50 },
      { pricePerDayMax: 300 },
    ]) {
      expect(narrowsCardDates(normalizeFilters(narrowing)), JSON.stringify(narrowing)).toBe(true);
    }
    // A seasonal page's stored window narrows its cards with nothing in the address.
    const season = normalizeFilters({
      countries: [101],
      dateFrom: '2027-06-01',
      dateTo: '2027-08-31',
    });
    expect(narrowsCardDates(effectiveFilters(season, normalizeFilters({})))).toBe(true);
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
    ).toEqual({ slug: 'tours', search: { countries: '5,101', sort: 'price' } });
    expect(
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: iceland,
        next: {},
      }),
    ).toEqual({ slug: 'tours', search: {} });
  });

  it('leaves a catalogue page for the catalogue-wide one when the search turns to cruises', () => {
    expect(
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: iceland,
        next: { countries: [101], isCruisesSearch: true },
      }),
    ).toEqual({ slug: 'tours', search: { countries: 101, isCruisesSearch: 1 } });
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

describe('the kind of trip', () => {
  it('reads tours, excursions or cruises from the filters', () => {
    expect(tripKindOf(normalizeFilters({}))).toBe('tours');
    expect(tripKindOf(normalizeFilters({ type: 2 }))).toBe('excursions');
    expect(tripKindOf(normalizeFilters({ isCruisesSearch: 1 }))).toBe('cruises');
    expect(tripKindOf(normalizeFilters({ waterObject: 4 }))).toBe('cruises');
  });

  it('switches to cruises, and back without the cruise-only filters that would keep it there', () => {
    const cruises = withChange({ countries: [1] }, tripKindChange('cruises'));
    expect(cruises).toMatchObject({ countries: [1], isCruisesSearch: true, type: 1 });
    const ships = withChange(cruises, { ships: [2], cruisesCabinsCapacity: 3 });
    const back = withChange(ships, tripKindChange('excursions'));
    expect(tripKindOf(back)).toBe('excursions');
    expect(back).toEqual(normalizeFilters({ countries: [1], type: 2 }));
  });

  it('keeps only the kind of trip for "Clear all"', () => {
    expect(tripKindFields(normalizeFilters({ ships: [2], countries: [1] }))).toEqual({
      type: 1,
      isCruisesSearch: true,
    });
    expect(tripKindFields(normalizeFilters({ type: 2, countries: [1] }))).toEqual({ type: 2 });
  });
});

describe('price bounds in the visitor’s currency (decision 176)', () => {
  it('asks the API with any bound some currency takes: it clamps to X-Currency’s caps', () => {
    expect(filtersToApiQuery({ priceMax: 3_000_000, pricePerDayMin: 400_000 })).toEqual({
      priceMax: 3_000_000,
      pricePerDayMin: 400_000,
    });
    // Past every currency's cap (the contract's maximum): no bound.
    expect(filtersToApiQuery({ priceMax: 10_000_000 })).toEqual({});
  });

  it('changes a KRW search to ₩3,000,000 and keeps it; in USD that is no bound', () => {
    expect(withChange({ page: 4 }, { priceMax: 3_000_000 }, 'KRW')).toMatchObject({
      priceMax: 3_000_000,
      page: 1,
    });
    expect(withChange({}, { priceMax: 3_000_000 }, 'USD').priceMax).toBeUndefined();
    expect(withChange({}, { priceMin: 3_000_000 }, 'USD').priceMin).toBe(200_000);
  });

  it('writes the address with the currency’s caps', () => {
    const location = (currency: string) =>
      searchLocation({
        slug: 'iceland',
        fallbackSlug: 'tours',
        pageFilter: normalizeFilters({ countries: [101] }),
        next: { countries: [101], priceMax: 3_000_000, pricePerDayMax: 90_000 },
        currency,
      });
    expect(location('KRW')).toEqual({
      slug: 'iceland',
      search: { priceMax: 3_000_000, pricePerDayMax: 90_000 },
    });
    expect(location('JPY')).toEqual({ slug: 'iceland', search: { pricePerDayMax: 90_000 } });
    expect(location('USD')).toEqual({ slug: 'iceland', search: {} });
  });

  it('reads the effective filters in the currency: a bound past its cap restricts nothing', () => {
    const address = { priceMax: 3_000_000 };
    expect(effectiveFilters({}, address, 'KRW').priceMax).toBe(3_000_000);
    expect(effectiveFilters({}, address, 'USD').priceMax).toBeUndefined();
    expect(narrowsCardDates(effectiveFilters({}, address, 'USD'))).toBe(false);
    expect(narrowsCardDates(effectiveFilters({}, address, 'KRW'))).toBe(true);
  });
});
