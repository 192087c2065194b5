import { describe, expect, it } from 'vitest';
import { ORGANIZER_FACET_LIMIT, toFilterFacets, type FacetRow } from './facets.ts';

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
