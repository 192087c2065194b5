/**
 * The facet columns of the index (the kinds `expand=filters` counts by value) and the tight loop
 * that counts them over a list of tours: shared by the walk (`query-index.ts`) and the answers
 * made without it (`price-range-facets.ts`).
 */
import { TACKS } from '@gallop/search-filters';
import type { TourFacet } from './rules';
import { keptStructure } from './segment-structures';
import { chunked, type Steps } from './steps';
import type { RaggedColumn, TourIndex } from './tour-index';

/** The largest value each column holds, read once (columns belong to one index). */
const largestValues = new WeakMap<Int32Array, number>();

export function largestValue(values: Int32Array): number {
  let largest = largestValues.get(values);
  if (largest === undefined) {
    largest = -1;
    for (let k = 0; k < values.length; k += 1) if (values[k]! > largest) largest = values[k]!;
    largestValues.set(values, largest);
  }
  return largest;
}

/** Where a kind's values live: an array column or one value per tour, and how a value reads. */
export interface FacetColumn {
  kind: TourFacet;
  ragged?: RaggedColumn;
  scalar?: Int32Array;
  /** Text of a dictionary code; ids read as their decimal text. */
  text?: (code: number) => string;
}

function facetColumns(index: TourIndex): Record<TourFacet, FacetColumn> {
  const dictionary = (values: string[]) => (code: number) => values[code]!;
  return {
    countries: { kind: 'countries', ragged: index.countries },
    regions: { kind: 'regions', ragged: index.regions },
    cities: { kind: 'cities', ragged: index.cities },
    rest_kinds: { kind: 'rest_kinds', ragged: index.restKinds },
    collections: { kind: 'collections', ragged: index.collections },
    languages: {
      kind: 'languages',
      ragged: index.languages,
      text: dictionary(index.languageDictionary.values),
    },
    comfort: {
      kind: 'comfort',
      scalar: index.comfort,
      text: dictionary(index.comfortDictionary.values),
    },
    accommodation: {
      kind: 'accommodation',
      scalar: index.accommodation,
      text: dictionary(index.accommodationDictionary.values),
    },
    difficulty: { kind: 'difficulty', scalar: index.difficulty },
    // Counted by exact level and half hour; `AT_MOST_FACETS` sums them into "at most" options.
    rider_level: { kind: 'rider_level', scalar: index.riderLevel },
    tack: { kind: 'tack', ragged: index.tacks, text: (code) => TACKS[code]! },
    max_hours: { kind: 'max_hours', scalar: index.halfHoursLongestDay },
    // Counted by mask; `welfareRows` sums each commitment over the masks holding it.
    welfare: { kind: 'welfare', scalar: index.welfareMask },
    organizers: { kind: 'organizers', scalar: index.organizer },
    operator_types: {
      kind: 'operator_types',
      scalar: index.operatorType,
      text: dictionary(index.operatorTypeDictionary.values),
    },
    world_parts: { kind: 'world_parts', ragged: index.worldParts },
    showplaces: { kind: 'showplaces', ragged: index.showplaces },
    water_objects: { kind: 'water_objects', ragged: index.waterObjects },
    cruise_types: { kind: 'cruise_types', ragged: index.cruiseTypes },
    cruise_start_cities: { kind: 'cruise_start_cities', ragged: index.cruiseStartCities },
    ships: { kind: 'ships', ragged: index.ships },
    cabins_capacity: { kind: 'cabins_capacity', ragged: index.cabinsCapacities },
    returning_cruises: { kind: 'returning_cruises', ragged: index.returningCruises },
  };
}

/** Facet columns and their largest values, computed once per index. */
const columnsOfIndex = new WeakMap<TourIndex, { column: FacetColumn; size: number }[]>();

export function columnsOf(index: TourIndex) {
  let columns = columnsOfIndex.get(index);
  if (!columns) {
    columns = Object.values(facetColumns(index)).map((column) => ({
      column,
      // Ids and codes are small non-negative integers: counts are indexed by value.
      size: Math.max(0, largestValue(column.ragged?.values ?? column.scalar!)) + 1,
    }));
    columnsOfIndex.set(index, columns);
  }
  return columns;
}

/**
 * Adds `delta` (1, or -1 to take tours away) to each value of `column` for the listed tours (a
 * tight loop per column).
 */
export function countColumn(
  column: FacetColumn,
  counts: Int32Array,
  tours: { items: Int32Array; length: number },
  delta = 1,
) {
  const { items, length } = tours;
  if (column.scalar) {
    const values = column.scalar;
    for (let n = 0; n < length; n += 1) {
      const value = values[items[n]!]!;
      counts[value] = counts[value]! + delta;
    }
    return;
  }
  const { offsets, values } = column.ragged!;
  for (let n = 0; n < length; n += 1) {
    const tour = items[n]!;
    const end = offsets[tour + 1]!;
    for (let k = offsets[tour]!; k < end; k += 1) {
      const value = values[k]!;
      counts[value] = counts[value]! + delta;
    }
  }
}

/** Per facet column (`columnsOf` order), its counts by value over `tours`, in steps. */
export function* countAllColumns(index: TourIndex, tours: Int32Array): Steps<Int32Array[]> {
  const all: Int32Array[] = [];
  for (const { column, size } of columnsOf(index)) {
    const counts = new Int32Array(size);
    yield* chunked(tours.length, (from, to) =>
      countColumn(column, counts, { items: tours.subarray(from, to), length: to - from }),
    );
    all.push(counts);
  }
  return all;
}

/** Offsets `0, 1, 2 …` per index: every one-value column read as lists of one shares them. */
const identityOffsets = new WeakMap<TourIndex, Int32Array>();

/**
 * A column's values as lists per tour (`offsets`, `values`): a list column as it is, a one-value
 * column with offsets `0, 1, 2 …` (made once per index), so one loop reads either.
 */
export function valueListsOf(index: TourIndex, column: FacetColumn): RaggedColumn {
  if (column.ragged) return column.ragged;
  let offsets = identityOffsets.get(index);
  if (!offsets) {
    offsets = new Int32Array(index.size + 1);
    for (let n = 0; n <= index.size; n += 1) offsets[n] = n;
    identityOffsets.set(index, offsets);
  }
  return { offsets, values: column.scalar! };
}

/**
 * Every facet value of each tour side by side (decision 082): tour `t`'s values are
 * `values[offsets[t]..offsets[t + 1])`, each raised by its kind's `bases` entry, so one flat
 * array of counts holds every kind (kind `k` at `[bases[k], bases[k + 1])`). Counting every kind
 * over scattered tours then reads one run per tour instead of one or two reads per kind.
 */
export interface FacetRecords {
  offsets: Int32Array;
  values: Int32Array;
  /** Per kind (`columnsOf` order), where its counts start; the last entry is the total. */
  bases: Int32Array;
}

const facetRecords = keptStructure(function* (index: TourIndex): Steps<FacetRecords> {
  const kinds = columnsOf(index).map(({ column }) => valueListsOf(index, column));
  const bases = new Int32Array(kinds.length + 1);
  columnsOf(index).forEach(({ size }, kind) => (bases[kind + 1] = bases[kind]! + size));
  const offsets = new Int32Array(index.size + 1);
  yield* chunked(index.size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      let length = 0;
      for (const { offsets: own } of kinds) length += own[tour + 1]! - own[tour]!;
      offsets[tour + 1] = offsets[tour]! + length;
    }
  });
  const values = new Int32Array(offsets[index.size]!);
  yield* chunked(index.size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      let at = offsets[tour]!;
      kinds.forEach(({ offsets: own, values: ownValues }, kind) => {
        for (let k = own[tour]!; k < own[tour + 1]!; k += 1)
          values[at++] = bases[kind]! + ownValues[k]!;
      });
    }
  });
  return { offsets, values, bases };
});

/** The facet records of `index`, built on first use (the preparation builds them first). */
export const facetRecordsOf = facetRecords.of;
export const facetRecordSteps = facetRecords.steps;

/** Adds 1 to every kind's counts (`FacetRecords.bases` layout) for each listed tour. */
export function countRecords(records: FacetRecords, counts: Int32Array, tours: Int32Array) {
  const { offsets, values } = records;
  for (let n = 0; n < tours.length; n += 1) {
    const tour = tours[n]!;
    const end = offsets[tour + 1]!;
    for (let k = offsets[tour]!; k < end; k += 1) counts[values[k]!] = counts[values[k]!]! + 1;
  }
}
