import { describe, expect, it } from 'vitest';
import { normalizeFilters } from '@gallop/search-filters';
import {
  buildTourIndex,
  compileIndexQuery,
  ORGANIZER_FACET_LIMIT,
  searchIndex,
  type FacetRow,
} from '@gallop/search-index';
import { date, labels, prices as indexPrices, today, tourRow } from '@gallop/search-index/testing';
import { toFilterFacets } from './facets.ts';

const prices = { currency: 'USD', rates: new Map([['USD', 1]]) };

const organizer = (id: number, name: string, count: number): FacetRow => ({
  facet: 'organizers',
  value: String(id),
  label: name,
  count,
  low: null,
  high: null,
});

/** The answer's organizers as `id:count` (ids are what the filter chooses). */
const listed = (rows: FacetRow[], options?: Parameters<typeof toFilterFacets>[2]) =>
  toFilterFacets(rows, prices, options).organizers!.map(
    (option) => `${option.value}:${option.count}`,
  );

describe('toFilterFacets: the organizer facet lists the top organizers (decision 043)', () => {
  // Counts 9, 7, 7, 7, 5, 1: the cut at three falls inside the three sevens.
  const rows = [
    organizer(6, 'Zebra Rides', 1),
    organizer(5, 'Steppe', 5),
    organizer(4, 'Altai', 7),
    organizer(3, 'Meadow', 7),
    organizer(2, 'Meadow', 7),
    organizer(1, 'Horizon', 9),
  ];

  it('keeps the first organizers of the facet order and counts them all', () => {
    expect(listed(rows, { organizerLimit: 3 })).toEqual(['1:9', '4:7', '2:7']);
    expect(toFilterFacets(rows, prices, { organizerLimit: 3 }).organizers_total).toBe(6);
    // Ties at the cut go by name, then id: "Meadow" 2 stays, "Meadow" 3 is out.
    expect(listed(rows, { organizerLimit: 4 })).toEqual(['1:9', '4:7', '2:7', '3:7']);
    expect(listed(rows, { organizerLimit: 10 })).toHaveLength(6);
  });

  it('adds the chosen organizer last when it falls outside, once when it is inside', () => {
    expect(listed(rows, { organizerLimit: 3, selectedOrganizer: 6 })).toEqual([
      '1:9',
      '4:7',
      '2:7',
      '6:1',
    ]);
    expect(listed(rows, { organizerLimit: 3, selectedOrganizer: 4 })).toEqual([
      '1:9',
      '4:7',
      '2:7',
    ]);
    // An organizer with no matching tour is not counted, so not listed.
    expect(listed(rows, { organizerLimit: 3, selectedOrganizer: 99 })).toHaveLength(3);
  });

  it('lists at most ORGANIZER_FACET_LIMIT by default', () => {
    const many = Array.from({ length: ORGANIZER_FACET_LIMIT + 20 }, (_, index) =>
      organizer(index + 1, `Organizer ${index + 1}`, 1000 - index),
    );
    const facets = toFilterFacets(many, prices, { selectedOrganizer: many.length });
    expect(facets.organizers).toHaveLength(ORGANIZER_FACET_LIMIT + 1);
    expect(facets.organizers!.at(-1)).toMatchObject({ value: many.length, count: 881 });
    expect(facets.organizers_total).toBe(ORGANIZER_FACET_LIMIT + 20);
    expect(toFilterFacets([], prices).organizers_total).toBe(0);
  });

  it('takes the total from an organizers_total row (the index sends only the top)', () => {
    const total: FacetRow = {
      facet: 'organizers_total',
      value: null,
      label: null,
      count: 20_000,
      low: null,
      high: null,
    };
    const facets = toFilterFacets([...rows, total], prices, { organizerLimit: 3 });
    expect(facets.organizers_total).toBe(20_000);
    expect(facets.organizers).toHaveLength(3);
  });
});

describe('the organizer facet from the index (decision 043)', () => {
  // Organizer k (1–40) runs 1 + k % 6 tours, so counts tie at every cut; names repeat (ties go
  // by id) and one has an accent. Organizer 41 has tours but no name, so it is never listed.
  const organizerIds = Array.from({ length: 41 }, (_, k) => k + 1);
  const names = new Map(
    organizerIds
      .filter((id) => id <= 40)
      .map((id) => [
        id,
        id === 7 ? 'Éclair Riders' : `Riders ${String.fromCharCode(65 + (id % 9))}`,
      ]),
  );
  const tours = organizerIds.flatMap((organizerId) =>
    Array.from({ length: 1 + (organizerId % 6) }, (_, n) => ({ organizerId, n })),
  );
  const index = buildTourIndex({
    version: 1,
    today,
    tours: tours.map(({ organizerId, n }, position) =>
      tourRow(position + 1, { organizerId, difficulty: 1 + ((organizerId + n) % 3) }),
    ),
    dates: tours.map((_, position) => date(position + 1, 10, 3, 10_000)),
    labels: labels({ countries: new Map([[1, 'One']]), organizers: names }),
  });

  /** The facet's rows with the organizers cut at `organizerLimit` (all of them without one). */
  const facetRows = (filter: ReturnType<typeof normalizeFilters>, organizerLimit?: number) =>
    searchIndex(index, compileIndexQuery(index, filter, indexPrices), {
      sort: 'default',
      offset: 0,
      limit: 20,
      withFacets: true,
      organizerFacetLimit: organizerLimit ?? Number.MAX_SAFE_INTEGER,
    }).facets!;

  it('sends only the top organizers and the chosen one, as the full list cut would list them', () => {
    let chosenOutside = 0;
    let tiesAtCut = 0;
    for (const organizerLimit of [1, 3, 8, 20, 30]) {
      for (const query of [
        {},
        { difficulty: [2] },
        { organizer: 40 },
        { organizer: 1, difficulty: [1, 3] },
        { organizer: 7 },
        { organizer: 41 },
      ]) {
        const filter = normalizeFilters(query);
        const options = { organizerLimit, selectedOrganizer: filter.organizer };
        const full = facetRows(filter);
        const expected = toFilterFacets(full, prices, options);
        const rows = facetRows(filter, organizerLimit);
        const context = JSON.stringify({ organizerLimit, query });
        expect(toFilterFacets(rows, prices, options), context).toEqual(expected);
        expect(
          rows.filter((row) => row.facet === 'organizers').length,
          context,
        ).toBeLessThanOrEqual(organizerLimit + 1);
        expect(expected.organizers_total, context).toBe(
          full.filter((row) => row.facet === 'organizers').length,
        );
        expect(expected.organizers_total, context).toBeGreaterThan(organizerLimit);
        if (expected.organizers!.length > organizerLimit) chosenOutside += 1;
        const sorted = toFilterFacets(full, prices, { organizerLimit: Infinity }).organizers!;
        if (sorted[organizerLimit - 1]!.count === sorted[organizerLimit]!.count) tiesAtCut += 1;
      }
    }
    // The cases above must reach both rules, not pass by missing them.
    expect(chosenOutside).toBeGreaterThan(3);
    expect(tiesAtCut).toBeGreaterThan(10);
  });

  it('sends every named organizer, and no total row, when they fit', () => {
    const rows = facetRows(normalizeFilters({}), 40);
    expect(rows.filter((row) => row.facet === 'organizers')).toHaveLength(40);
    expect(rows.some((row) => row.facet === 'organizers_total')).toBe(false);
    expect(toFilterFacets(rows, prices).organizers_total).toBe(40);
  });
});

describe('toFilterFacets: the riding kinds (issue 46)', () => {
  const row = (facet: FacetRow['facet'], value: string, count: number): FacetRow => ({
    facet,
    value,
    label: '',
    count,
    low: null,
    high: null,
  });

  it('orders levels lowest first, tacks as the scale lists them, hours by value, and names them', () => {
    const facets = toFilterFacets(
      [
        row('rider_level', 'advanced', 30),
        row('rider_level', 'novice', 4),
        row('rider_level', 'strong-intermediate', 22),
        row('tack', 'other', 9),
        row('tack', 'english', 3),
        row('max_hours', '8', 30),
        row('max_hours', '3', 2),
        row('max_hours', '5', 12),
      ],
      prices,
    );
    expect(facets.rider_level).toEqual([
      { value: 'novice', text: 'Novice', count: 4 },
      { value: 'strong-intermediate', text: 'Strong intermediate', count: 22 },
      { value: 'advanced', text: 'Advanced', count: 30 },
    ]);
    expect(facets.tack).toEqual([
      { value: 'english', text: 'English', count: 3 },
      { value: 'other', text: 'Other tack', count: 9 },
    ]);
    expect(facets.max_hours).toEqual([
      { value: 3, text: 'Up to 3 hours', count: 2 },
      { value: 5, text: 'Up to 5 hours', count: 12 },
      { value: 8, text: 'Up to 8 hours', count: 30 },
    ]);
  });
});
