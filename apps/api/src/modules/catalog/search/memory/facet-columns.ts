/**
 * The facet columns of the index (the kinds `expand=filters` counts by value) and the tight loop
 * that counts them over a list of tours: shared by the walk (`query-index.ts`) and the answers
 * made without it (`price-range-facets.ts`).
 */
import type { TourFacet } from '../conditions.ts';
import type { RaggedColumn, TourIndex } from './tour-index.ts';

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
    organizers: { kind: 'organizers', scalar: index.organizer },
    operator_types: {
      kind: 'operator_types',
      scalar: index.operatorType,
      text: dictionary(index.operatorTypeDictionary.values),
    },
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
