/**
 * The welfare filter (issue 47, decision 122): the commitments a statement holds, and the index's
 * answers (total, order, the welfare facet and another kind's facet) against a plain reading of
 * the rows, alone and with other filters; the shortcuts against the plain walk; a tour whose
 * welfare changes is found by its new commitments once applied.
 */
import {
  isCruiseSearch,
  normalizeFilters,
  WELFARE_COMMITMENTS,
  type SearchFilters,
  type WelfareCommitment,
} from '@gallop/search-filters';
import { describe, expect, it } from 'vitest';
import { applyChangedTours } from './apply-changes';
import { compileIndexQuery, searchIndex } from './query-index';
import { welfareCommitmentsOf, welfareMaskOf, type EffectiveWelfare, type FacetRow } from './rules';
import {
  indexOf,
  indexOfCatalogue,
  labels,
  prices,
  Random,
  randomCatalogue,
  tourRow,
  type Catalogue,
} from './testing';
import type { IndexTourRow, TourIndex } from './tour-index';

const STATED: EffectiveWelfare = {
  restDaysPerWeek: 2,
  maxWorkHours: 6,
  turnout: 'herd_daytime',
  vetOnCall: true,
  retirement: 'rehomed',
};

describe('welfareCommitmentsOf', () => {
  it('holds every commitment at its threshold', () => {
    expect(welfareCommitmentsOf(STATED)).toEqual([...WELFARE_COMMITMENTS]);
    expect(welfareMaskOf(welfareCommitmentsOf(STATED))).toBe(0b11111);
  });

  it('holds none just past each threshold, nor when the organizer has not stated welfare', () => {
    expect(
      welfareCommitmentsOf({
        restDaysPerWeek: 1,
        maxWorkHours: 6.5,
        turnout: 'paddocks',
        vetOnCall: false,
        retirement: 'sold',
      }),
    ).toEqual([]);
    expect(welfareCommitmentsOf({ ...STATED, turnout: 'stables' })).not.toContain('herd_turnout');
    expect(welfareCommitmentsOf({ ...STATED, turnout: 'herd_pasture' })).toContain('herd_turnout');
    expect(welfareCommitmentsOf({ ...STATED, retirement: 'kept_for_life' })).toContain(
      'retirement_home',
    );
    expect(welfareCommitmentsOf(null)).toEqual([]);
  });
});

/** What the search answers, read plainly off the rows (tour-level filters only: no dates). */
function reference({ tours }: Catalogue, filter: SearchFilters) {
  const tests: Record<string, (tour: IndexTourRow) => boolean> = {};
  const { welfare, countries, tack } = filter;
  if (welfare) {
    tests.welfare = (tour) => {
      const held = welfareCommitmentsOf(tour.welfare);
      return welfare.every((commitment) => held.includes(commitment));
    };
  }
  if (countries) tests.countries = (tour) => tour.countryIds.some((id) => countries.includes(id));
  if (tack) {
    tests.tack = (tour) => tour.otherTackOnRequest || (tack as string[]).includes(tour.tack);
  }
  const passesBut = (tour: IndexTourRow, except?: string) =>
    Object.entries(tests).every(([kind, test]) => kind === except || test(tour));
  const candidates = tours.filter(
    (tour) =>
      tour.type === filter.type &&
      tour.isCruise === isCruiseSearch(filter) &&
      tour.fromPriceUsd !== null,
  );
  const passing = candidates.filter((tour) => passesBut(tour));
  const welfareCounts: Record<string, number> = {};
  for (const tour of candidates.filter((tour) => passesBut(tour, 'welfare'))) {
    for (const commitment of welfareCommitmentsOf(tour.welfare)) {
      welfareCounts[commitment] = (welfareCounts[commitment] ?? 0) + 1;
    }
  }
  const countryCounts: Record<string, number> = {};
  for (const tour of candidates.filter((tour) => passesBut(tour, 'countries'))) {
    for (const id of tour.countryIds) countryCounts[id] = (countryCounts[id] ?? 0) + 1;
  }
  const order = passing
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
    .map((tour) => tour.id);
  return {
    total: passing.length,
    order,
    facets: { welfare: welfareCounts, countries: countryCounts },
  };
}

function facetsOf(rows: readonly FacetRow[]) {
  const facets: Record<string, Record<string, number>> = { welfare: {}, countries: {} };
  for (const row of rows) {
    if (row.facet in facets) facets[row.facet]![row.value!] = Number(row.count);
  }
  return facets;
}

function expectAsReference(catalogue: Catalogue, index: TourIndex, query: Record<string, unknown>) {
  const filter = normalizeFilters(query);
  const expected = reference(catalogue, filter);
  const context = JSON.stringify(query);
  for (const walkSegment of [false, true]) {
    const compiled = { ...compileIndexQuery(index, filter, prices), walkSegment };
    for (const withFacets of [false, true]) {
      const answer = searchIndex(index, compiled, {
        sort: 'default',
        offset: 0,
        limit: 20,
        withFacets,
      });
      expect({ total: answer.total, ids: answer.ids }, context).toEqual({
        total: expected.total,
        ids: expected.order.slice(0, 20),
      });
      if (withFacets) expect(facetsOf(answer.facets!), context).toEqual(expected.facets);
    }
  }
  return expected.total;
}

/** Every set of one or two commitments, and all five. */
const COMMITMENT_SETS: WelfareCommitment[][] = [
  ...WELFARE_COMMITMENTS.map((commitment) => [commitment]),
  ...WELFARE_COMMITMENTS.flatMap((first, n) =>
    WELFARE_COMMITMENTS.slice(n + 1).map((second) => [first, second]),
  ),
  [...WELFARE_COMMITMENTS],
];

describe('the welfare filter answers what its rules say', { timeout: 60_000 }, () => {
  const catalogue = randomCatalogue(122, 600);
  const index = indexOfCatalogue(catalogue);

  it('on every set of one or two commitments, and all of them', () => {
    const totals = COMMITMENT_SETS.map((welfare) =>
      expectAsReference(catalogue, index, { welfare }),
    );
    // The draw leaves each single commitment some tours and some without it.
    expect(totals.slice(0, WELFARE_COMMITMENTS.length).every((total) => total > 0)).toBe(true);
    expect(expectAsReference(catalogue, index, {})).toBeGreaterThan(Math.max(...totals));
  });

  it('with filters of other kinds, each facet leaving its own kind out', () => {
    const random = new Random(47);
    for (let round = 0; round < 40; round += 1) {
      expectAsReference(catalogue, index, {
        welfare: random.pick(COMMITMENT_SETS),
        ...(random.chance(0.6) ? { countries: [random.int(1, 6)] } : {}),
        ...(random.chance(0.4) ? { tack: [random.pick(['english', 'western', 'other'])] } : {}),
        ...(random.chance(0.3) ? { type: 2 } : {}),
      });
    }
  });

  it('finds a tour by its new commitments once its changed row is applied', async () => {
    const before = indexOf(
      [tourRow(1, { popularity: 2 }), tourRow(2, { popularity: 1, welfare: STATED })],
      [],
    );
    const search = (target: TourIndex) =>
      searchIndex(
        target,
        compileIndexQuery(target, normalizeFilters({ welfare: 'vet_on_call' }), prices),
        {
          sort: 'default',
          offset: 0,
          limit: 20,
          withFacets: true,
        },
      );
    expect(search(before).ids).toEqual([2]);
    const after = await applyChangedTours(
      before,
      {
        tours: [
          tourRow(1, { popularity: 2, welfare: STATED }),
          tourRow(2, { popularity: 1, welfare: { ...STATED, vetOnCall: false } }),
        ],
        dates: [],
        removedIds: [],
      },
      { version: 2, labels: labels({}) },
    );
    expect(search(after).ids).toEqual([1]);
    expect(facetsOf(search(after).facets!).welfare).toMatchObject({
      vet_on_call: 1,
      herd_turnout: 2,
    });
  });
});
