/**
 * A search over the in-process index (`tour-index.ts`): the same filter semantics as the SQL in
 * `../conditions.ts` and `../facets.ts` (README.md next to them), evaluated in one pass over the
 * tours and their bookable dates. The pass yields the total, the page of ids in the requested
 * order, and, on request, every facet: each tour gets a bit per facet filter it fails; a tour
 * failing none counts for every kind, a tour failing exactly one counts for that kind only (the
 * count a visitor gets by changing that kind's choice), any other tour for none.
 */
import { FILTER_LIMITS } from '@gallop/search-filters';
import type { Rates } from '#src/modules/money/rates.ts';
import {
  effectiveDateFrom,
  isCruiseSearch,
  lowerUsd,
  requiredOperatorTypes,
  TOURIST_BASE_ACCOMMODATIONS,
  upperUsd,
  type Place,
  type TourFacet,
} from '../conditions.ts';
import type { FacetRow } from '../facets.ts';
import type { TourSearchFilter } from '../filters.ts';
import { membership, positionsWithAny, postingSize } from './postings.ts';
import {
  dayNumber,
  NONE,
  segmentKey,
  unitVector,
  type RaggedColumn,
  type TourIndex,
} from './tour-index.ts';

/** earthdistance's `earth()` radius in metres: the SQL radius search measures with it. */
const EARTH_RADIUS_M = 6_378_168;

type TourTest = (tour: number) => boolean;

interface DateBounds {
  fromDay: number;
  toDay: number;
  daysMin: number;
  daysMax: number;
  priceMin: number;
  priceMax: number;
  perDayMin: number;
  perDayMax: number;
  /** Whether any date-level filter is set (otherwise `fromPrice` answers "has a date"). */
  any: boolean;
}

/** A facet filter on a list column: the tours holding one of `values` pass it. */
interface ListFilter {
  column: RaggedColumn;
  values: readonly number[];
}

export interface IndexQuery {
  /** The tours of the requested type, cruises or not, not past (in the default order). */
  segment: Int32Array;
  common: TourTest[];
  /**
   * Facet kinds the filter sets, each with its test; the position is the kind's bit. A filter
   * on a list column also names it, so a search can walk that column's posting lists.
   */
  facets: { kind: TourFacet; test: TourTest; list?: ListFilter }[];
  dates: DateBounds;
}

function overlaps(column: RaggedColumn, wanted: ReadonlySet<number>): TourTest {
  const { offsets, values } = column;
  return (tour) => {
    for (let k = offsets[tour]!; k < offsets[tour + 1]!; k += 1) {
      if (wanted.has(values[k]!)) return true;
    }
    return false;
  };
}

function oneOf(column: Int32Array, wanted: ReadonlySet<number>): TourTest {
  return (tour) => wanted.has(column[tour]!);
}

function compileFacets(index: TourIndex, filter: TourSearchFilter): IndexQuery['facets'] {
  const facets: IndexQuery['facets'] = [];
  const add = (kind: TourFacet, test: TourTest) => facets.push({ kind, test });
  const addList = (kind: TourFacet, column: RaggedColumn, values: readonly number[]) =>
    facets.push({ kind, test: overlaps(column, new Set(values)), list: { column, values } });
  if (filter.countries) addList('countries', index.countries, filter.countries);
  if (filter.regions) addList('regions', index.regions, filter.regions);
  if (filter.cities) addList('cities', index.cities, filter.cities);
  if (filter.restKinds) addList('rest_kinds', index.restKinds, filter.restKinds);
  if (filter.collections) addList('collections', index.collections, filter.collections);
  if (filter.languages) {
    const codes = filter.languages.map((code) => index.languageDictionary.find(code));
    addList('languages', index.languages, codes);
  }
  if (filter.comfort) {
    const codes = filter.comfort.map((value) => index.comfortDictionary.find(value));
    add('comfort', oneOf(index.comfort, new Set(codes)));
  }
  if (filter.accommodation !== 'any') {
    const kinds =
      filter.accommodation === 'tourist-base'
        ? TOURIST_BASE_ACCOMMODATIONS
        : [filter.accommodation];
    const codes = kinds.map((kind) => index.accommodationDictionary.find(kind));
    add('accommodation', oneOf(index.accommodation, new Set(codes)));
  }
  if (filter.difficulty) add('difficulty', oneOf(index.difficulty, new Set(filter.difficulty)));
  if (filter.organizer !== undefined) {
    const organizer = filter.organizer;
    add('organizers', (tour) => index.organizer[tour] === organizer);
  }
  const operatorTypes = requiredOperatorTypes(filter).map((type) =>
    index.operatorTypeDictionary.find(type),
  );
  if (operatorTypes.length > 0) {
    add('operator_types', (tour) =>
      operatorTypes.every((type) => index.operatorType[tour] === type),
    );
  }
  return facets;
}

function compileCommon(
  index: TourIndex,
  filter: TourSearchFilter,
  place: Place | undefined,
): TourTest[] {
  // Type, cruise and "not past" are the segment the search walks (see `compileIndexQuery`).
  const tests: TourTest[] = [];
  const { maxGroupSize, minAge, continent, showplace, cruisesType, cruisesStartCity } = filter;
  if (maxGroupSize !== undefined) tests.push((tour) => index.maxGroupSize[tour]! <= maxGroupSize);
  if (minAge > 0) tests.push((tour) => index.minAge[tour]! <= minAge);
  if (continent !== undefined) {
    const countries = new Set<number>();
    for (const [country, part] of index.labels.worldPartOfCountry) {
      if (part === continent) countries.add(country);
    }
    tests.push(overlaps(index.countries, countries));
  }
  if (showplace !== undefined) tests.push(overlaps(index.showplaces, new Set([showplace])));
  if (cruisesType !== undefined) tests.push((tour) => index.cruiseType[tour] === cruisesType);
  if (cruisesStartCity !== undefined) {
    tests.push((tour) => index.startCity[tour] === cruisesStartCity);
  }
  const cabins = filter.cruisesCabinsCapacity;
  if (cabins !== undefined) {
    tests.push(
      (tour) => index.cabinsCapacity[tour] !== NONE && index.cabinsCapacity[tour]! >= cabins,
    );
  }
  if (filter.onlyReturningCruises) tests.push((tour) => index.isReturningCruise[tour] === 1);
  if (filter.ships) tests.push(oneOf(index.ship, new Set(filter.ships)));
  const { waterObject } = filter;
  if (waterObject !== undefined) tests.push((tour) => index.waterObject[tour] === waterObject);
  if (place) {
    // Great-circle distance ≤ r  ⇔  the unit vectors' dot product ≥ cos(r / R).
    const [x, y, z] = unitVector(place.lat, place.lng);
    const angle = (place.radiusKm * 1000) / EARTH_RADIUS_M;
    const minDot = angle >= Math.PI ? -Infinity : Math.cos(angle);
    tests.push(
      (tour) => index.x[tour]! * x + index.y[tour]! * y + index.z[tour]! * z >= minDot - 1e-12,
    );
  }
  return tests;
}

function compileDates(
  filter: TourSearchFilter,
  options: { today: string; currency: string; rates: Rates },
): DateBounds {
  const dateFrom = effectiveDateFrom(filter, options.today);
  const bounds: DateBounds = {
    fromDay: dateFrom === undefined ? -Infinity : dayNumber(dateFrom),
    toDay: filter.dateTo === undefined ? Infinity : dayNumber(filter.dateTo),
    daysMin: filter.daysMin ?? -Infinity,
    daysMax: filter.daysMax ?? Infinity,
    priceMin: filter.priceMin === undefined ? -Infinity : lowerUsd(filter.priceMin, options),
    priceMax: filter.priceMax === undefined ? Infinity : upperUsd(filter.priceMax, options),
    perDayMin:
      filter.pricePerDayMin === undefined ? -Infinity : lowerUsd(filter.pricePerDayMin, options),
    perDayMax:
      filter.pricePerDayMax === undefined ? Infinity : upperUsd(filter.pricePerDayMax, options),
    any: false,
  };
  bounds.any =
    dateFrom !== undefined ||
    filter.dateTo !== undefined ||
    filter.daysMin !== undefined ||
    filter.daysMax !== undefined ||
    filter.priceMin !== undefined ||
    filter.priceMax !== undefined ||
    filter.pricePerDayMin !== undefined ||
    filter.pricePerDayMax !== undefined;
  return bounds;
}

export function compileIndexQuery(
  index: TourIndex,
  filter: TourSearchFilter,
  options: { currency: string; rates: Rates; place?: Place | undefined },
): IndexQuery {
  const segment = index.segments.get(segmentKey(filter.type, isCruiseSearch(filter)));
  return {
    segment: segment ?? new Int32Array(0),
    common: compileCommon(index, filter, options.place),
    facets: compileFacets(index, filter),
    dates: compileDates(filter, { ...options, today: index.today }),
  };
}

export interface IndexSearchOptions {
  sort: TourSearchFilter['sort'];
  offset: number;
  limit: number;
  withFacets: boolean;
}

export interface IndexSearchResult {
  total: number;
  /** The page's tour ids, in order. */
  ids: number[];
  /** Counted facet values (as `../facets.ts` reads them), when asked for. */
  facets: FacetRow[] | undefined;
}

/** Ids below this pack with a price into one exactly representable double (see `PriceOrder`). */
const PACKED_ID_LIMIT = 2 ** 21;

/**
 * The matches of a price-sorted search: cheapest first (id ascending on ties), or dearest first
 * (id descending). Price and id are packed into one number, so a native typed-array sort orders
 * them without a comparator; ids too large to pack fall back to sorting pairs.
 */
class PriceOrder {
  private readonly packed: Float64Array | undefined;
  private readonly pairs: [price: number, id: number][] = [];
  private count = 0;

  constructor(index: TourIndex) {
    this.packed = index.maxId < PACKED_ID_LIMIT ? scratchOf(index).prices : undefined;
  }

  add(id: number, price: number) {
    if (this.packed) this.packed[this.count] = price * PACKED_ID_LIMIT + id;
    else this.pairs.push([price, id]);
    this.count += 1;
  }

  page(descending: boolean, offset: number, limit: number): number[] {
    if (!this.packed) {
      this.pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      if (descending) this.pairs.reverse();
      return this.pairs.slice(offset, offset + limit).map(([, id]) => id);
    }
    const keys = this.packed.subarray(0, this.count);
    const wanted = Math.min(offset + limit, this.count);
    // A page near the start needs the first `wanted` keys only, not the whole order.
    const first =
      wanted * PARTIAL_SORT_FACTOR <= this.count
        ? firstKeys(keys, wanted, descending)
        : descending
          ? keys.sort().reverse()
          : keys.sort();
    return Array.from(first.subarray(offset, wanted), (key) => key % PACKED_ID_LIMIT);
  }
}

/** Below this share of the matches (1 / factor), a page is selected rather than sorted. */
const PARTIAL_SORT_FACTOR = 8;

/**
 * The `count` smallest keys in ascending order (the largest in descending order, when
 * `descending`), in one pass with a bounded heap: O(n log count) instead of sorting all n keys.
 * Keys are distinct (each holds a tour id), so the result is exactly the sorted order's head.
 */
export function firstKeys(keys: Float64Array, count: number, descending: boolean): Float64Array {
  // A max-heap of the best `count` keys so far; descending orders work on negated keys.
  const sign = descending ? -1 : 1;
  const heap = new Float64Array(count);
  let size = 0;
  for (let i = 0; i < keys.length; i += 1) {
    const key = sign * keys[i]!;
    if (size < count) {
      let child = size;
      size += 1;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[child] = heap[parent]!;
        child = parent;
      }
      heap[child] = key;
    } else if (key < heap[0]!) {
      let parent = 0;
      for (;;) {
        const left = 2 * parent + 1;
        if (left >= size) break;
        const right = left + 1;
        const larger = right < size && heap[right]! > heap[left]! ? right : left;
        if (heap[larger]! <= key) break;
        heap[parent] = heap[larger]!;
        parent = larger;
      }
      heap[parent] = key;
    }
  }
  heap.sort();
  if (descending) for (let i = 0; i < size; i += 1) heap[i] = -heap[i]!;
  return heap;
}

/** Where a kind's values live: an array column or one value per tour, and how a value reads. */
interface FacetColumn {
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

/** The largest value of a column (ids and codes are small non-negative integers). */
function maxValue(column: FacetColumn): number {
  const values = column.ragged?.values ?? column.scalar!;
  let max = 0;
  for (let k = 0; k < values.length; k += 1) if (values[k]! > max) max = values[k]!;
  return max;
}

/** The name a counted value is shown with; `undefined` drops a value that names no row. */
function labelOf(index: TourIndex, kind: TourFacet, value: string): string | undefined {
  const { labels } = index;
  switch (kind) {
    case 'countries':
      return labels.countries.get(Number(value));
    case 'regions':
      return labels.regions.get(Number(value));
    case 'cities':
      return labels.cities.get(Number(value));
    case 'rest_kinds':
      return labels.restKinds.get(Number(value));
    case 'collections':
      return labels.collections.get(Number(value));
    case 'languages':
      return labels.languages.get(value);
    case 'organizers':
      return labels.organizers.get(Number(value));
    default:
      return '';
  }
}

/** Facet columns and their largest values, computed once per index. */
const columnsOfIndex = new WeakMap<TourIndex, { column: FacetColumn; size: number }[]>();

function columnsOf(index: TourIndex) {
  let columns = columnsOfIndex.get(index);
  if (!columns) {
    columns = Object.values(facetColumns(index)).map((column) => ({
      column,
      size: maxValue(column) + 1,
    }));
    columnsOfIndex.set(index, columns);
  }
  return columns;
}

/** A list of tour positions, filled during the pass (its buffer is reused between searches). */
class TourList {
  length = 0;
  constructor(readonly items: Int32Array) {}
  push(tour: number) {
    this.items[this.length] = tour;
    this.length += 1;
  }
}

/** Adds one to each value of `column` for the listed tours (a tight loop per column). */
function countColumn(column: FacetColumn, counts: Int32Array, tours: TourList) {
  const { items, length } = tours;
  if (column.scalar) {
    const values = column.scalar;
    for (let n = 0; n < length; n += 1) {
      const value = values[items[n]!]!;
      counts[value] = counts[value]! + 1;
    }
    return;
  }
  const { offsets, values } = column.ragged!;
  for (let n = 0; n < length; n += 1) {
    const tour = items[n]!;
    const end = offsets[tour + 1]!;
    for (let k = offsets[tour]!; k < end; k += 1) {
      const value = values[k]!;
      counts[value] = counts[value]! + 1;
    }
  }
}

/**
 * Facet counts: the tours that pass every filter count for every kind; a tour that fails only
 * kind K's filter counts for K alone. Counts live in typed arrays indexed by value.
 */
class FacetCounter {
  private readonly kinds: { column: FacetColumn; counts: Int32Array }[];
  /** Tours per duration bucket (distinct per tour). */
  readonly durations = new Int32Array(FILTER_LIMITS.daysMax + 1);
  /** Cheapest and dearest price (`[low, high]`) of the dates the price facet considers. */
  readonly priceRange = new Float64Array([Infinity, -Infinity]);

  constructor(private readonly index: TourIndex) {
    this.kinds = columnsOf(index).map(({ column, size }) => ({
      column,
      counts: new Int32Array(size),
    }));
  }

  count(passing: TourList, failingOne: ReadonlyMap<TourFacet, TourList>) {
    for (const { column, counts } of this.kinds) {
      countColumn(column, counts, passing);
      const failing = failingOne.get(column.kind);
      if (failing) countColumn(column, counts, failing);
    }
  }

  rows(): FacetRow[] {
    const rows: FacetRow[] = [];
    for (const { column, counts } of this.kinds) {
      counts.forEach((count, code) => {
        if (count === 0) return;
        const value = column.text ? column.text(code) : String(code);
        const label = labelOf(this.index, column.kind, value);
        if (label === undefined) return;
        rows.push({ facet: column.kind, value, label, count, low: null, high: null });
      });
    }
    this.durations.forEach((count, bucket) => {
      if (count > 0) {
        rows.push({
          facet: 'durations',
          value: String(bucket),
          label: '',
          count,
          low: null,
          high: null,
        });
      }
    });
    const [low, high] = this.priceRange as unknown as [number, number];
    const found = low !== Infinity;
    rows.push({
      facet: 'price',
      value: null,
      label: null,
      count: 0,
      low: found ? low : null,
      high: found ? high : null,
    });
    return rows;
  }
}

/**
 * Buffers a search fills, kept per index: a search runs synchronously from start to end, so one
 * set serves every search of the process without allocating (and collecting) megabytes each time.
 */
interface Scratch {
  passing: Int32Array;
  /** One list per facet filter position (up to the number of facet kinds). */
  failing: Int32Array[];
  prices: Float64Array;
}
const scratches = new WeakMap<TourIndex, Scratch>();

function scratchOf(index: TourIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      passing: new Int32Array(index.size),
      failing: [],
      prices: new Float64Array(index.maxId < PACKED_ID_LIMIT ? index.size : 0),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

function failingList(index: TourIndex, position: number): TourList {
  const { failing } = scratchOf(index);
  failing[position] ??= new Int32Array(index.size);
  return new TourList(failing[position]);
}

/**
 * The tours a search without facets needs to look at: the positions holding a wanted value of
 * its most selective list filter (every result passes every facet filter), or undefined to
 * walk the whole segment when no list filter narrows it enough to be worth it.
 */
function narrowestCandidates(query: IndexQuery): Int32Array | undefined {
  let best: ListFilter | undefined;
  let bestSize = query.segment.length / 4;
  for (const { list } of query.facets) {
    if (!list) continue;
    const size = postingSize(list.column, list.values);
    if (size < bestSize) {
      best = list;
      bestSize = size;
    }
  }
  return best ? positionsWithAny(best.column, best.values) : undefined;
}

/** Runs a compiled query over the index: total, one page of ids, and the facets on request. */
export function searchIndex(
  index: TourIndex,
  query: IndexQuery,
  options: IndexSearchOptions,
): IndexSearchResult {
  const { common, facets, dates: bounds } = query;
  const { startDay, duration, priceUsd, pricePerDayUsd } = index.dates;
  const { dateOffsets, fromPrice, ids } = index;
  const { segment } = query;
  const counter = options.withFacets ? new FacetCounter(index) : undefined;
  const priceRange = counter?.priceRange;
  const durations = counter?.durations;
  const passing = new TourList(scratchOf(index).passing);
  // Tours that fail exactly one facet filter, by that filter's position (facets only).
  const failingOne = counter ? facets.map((_, position) => failingList(index, position)) : [];
  const byPrice = options.sort !== 'default' ? new PriceOrder(index) : undefined;
  const daysCap = FILTER_LIMITS.daysMax;
  // Without facets, a tour failing any facet filter is out: walk a posting list if one is short.
  const candidates = counter ? undefined : narrowestCandidates(query);
  const walk = candidates ?? segment;
  const inSegment = candidates ? membership(segment, index.size) : undefined;

  tours: for (let n = 0; n < walk.length; n += 1) {
    const tour = walk[n]!;
    if (inSegment !== undefined && inSegment[tour] === 0) continue;
    for (let c = 0; c < common.length; c += 1) if (!common[c]!(tour)) continue tours;
    let failed = -1;
    for (let bit = 0; bit < facets.length; bit += 1) {
      if (facets[bit]!.test(tour)) continue;
      if (failed !== -1) continue tours; // two kinds fail: the tour counts for nothing
      failed = bit;
    }
    // Failing one kind matters only to that kind's facet.
    if (failed !== -1 && !counter) continue;
    const facetDates = counter !== undefined && failed === -1;

    // Date-level conditions, per group, on one and the same date.
    let matches = false;
    let cheapest = Infinity;
    let buckets = 0;
    if (!bounds.any) {
      matches = fromPrice[tour] !== NONE;
      cheapest = fromPrice[tour]!;
      if (facetDates && index.maxPrice[tour] !== NONE) {
        // Every bookable date counts: the per-tour summaries answer without the dates.
        buckets = index.durationBuckets[tour]!;
        if (index.minPrice[tour]! < priceRange![0]!) priceRange![0] = index.minPrice[tour]!;
        if (index.maxPrice[tour]! > priceRange![1]!) priceRange![1] = index.maxPrice[tour]!;
      }
    } else {
      const end = dateOffsets[tour + 1]!;
      for (let d = dateOffsets[tour]!; d < end; d += 1) {
        const day = startDay[d]!;
        if (day < bounds.fromDay || day > bounds.toDay) continue;
        const days = duration[d]!;
        const inDays = days >= bounds.daysMin && days <= bounds.daysMax;
        const price = priceUsd[d]!;
        const perDay = pricePerDayUsd[d]!;
        const inPrice =
          price >= bounds.priceMin &&
          price <= bounds.priceMax &&
          perDay >= bounds.perDayMin &&
          perDay <= bounds.perDayMax;
        if (inDays && inPrice && bounds.any) {
          matches = true;
          if (price < cheapest) cheapest = price;
        }
        if (facetDates) {
          if (inPrice) buckets |= 1 << (days < daysCap ? days : daysCap);
          if (inDays) {
            if (price < priceRange![0]!) priceRange![0] = price;
            if (price > priceRange![1]!) priceRange![1] = price;
          }
        }
      }
    }
    for (let bucket = 0; buckets !== 0; bucket += 1, buckets >>>= 1) {
      if (buckets & 1) durations![bucket]! += 1;
    }
    if (!matches) continue;
    if (failed !== -1) {
      failingOne[failed]!.push(tour);
      continue;
    }
    passing.push(tour);
    if (byPrice) byPrice.add(ids[tour]!, cheapest);
  }

  if (counter) {
    counter.count(
      passing,
      new Map(facets.map((facet, bit) => [facet.kind, failingOne[bit]!] as const)),
    );
  }
  const page = byPrice
    ? byPrice.page(options.sort === '-price', options.offset, options.limit)
    : Array.from(
        passing.items.subarray(
          Math.min(options.offset, passing.length),
          Math.min(options.offset + options.limit, passing.length),
        ),
        (tour) => ids[tour]!,
      );
  return { total: passing.length, ids: page, facets: counter?.rows() };
}
