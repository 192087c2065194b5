/**
 * A search over the in-process index (`tour-index.ts`): the same filter semantics as the SQL
 * search in the API (`conditions.ts`, `facets.ts`, its README), evaluated in one pass over the
 * tours and their bookable dates. The pass yields the total, the page of ids in the requested
 * order, and, on request, every facet: each tour gets a bit per facet filter it fails; a tour
 * failing none counts for every kind, a tour failing exactly one counts for that kind only (the
 * count a visitor gets by changing that kind's choice), any other tour for none.
 */
import type { RiderPassport } from '@gallop/rider-fit';
import {
  FILTER_LIMITS,
  isCruiseSearch,
  TACKS,
  WELFARE_COMMITMENTS,
  type SearchFilters,
} from '@gallop/search-filters';
import { fitOrderOf, type FitOrder } from './fit-order';
import {
  AT_MOST_FACETS,
  compareByName,
  effectiveDateFrom,
  lowerUsd,
  ORGANIZER_FACET_LIMIT,
  requiredOperatorTypes,
  riderLevelRank,
  TOUR_FACETS,
  TOURIST_BASE_ACCOMMODATIONS,
  upperUsd,
  welfareMaskOf,
  type FacetRow,
  type Place,
  type ToUsdMinor,
  type TourFacet,
} from './rules';
import { openListingOf, openListingPage } from './open-listing';
import {
  columnsOf,
  countAllColumns,
  countColumn,
  countRecords,
  facetRecordsOf,
  largestValue,
  type FacetColumn,
} from './facet-columns';
import { firstKeys } from './first-keys';
import { dayBucketsOf, searchDateWindow, windowTours } from './date-window';
import { windowCutOf, windowKindCounts } from './window-kind-counts';
import { searchDurationRange } from './duration-range';
import { searchPriceRange } from './price-range';
import { priceRangeFacets, type PriceRangeFacets } from './price-range-facets';
import { durationRangeFacets, windowFacets } from './one-date-kind-facets';
import { EARTH_RADIUS_M, insideRadius, searchRadius, type RadiusQuery } from './radius';
import { readyValueAnswers } from './value-facets';
import {
  BUCKETS,
  DATE_STRIDE,
  DATES_FROM,
  DATES_TO,
  DAYS,
  FIRST_DAY,
  LAST_DAY,
  MAX_PRICE,
  MIN_PRICE,
  PER_DAY,
  PRICE,
  START_DAY,
  TOUR_STRIDE,
  walkRecordsOf,
} from './walk-records';
import { failingAtMostOne, hasCheapBits, listBits, wordsOf, type BitFilter } from './facet-bits';
import {
  HAS_DATE,
  periodMasksOf,
  UNDECIDED,
  windowDecides,
  windowFortnights,
  windowMaskOf,
  windowProofBits,
  windowTourBits,
} from './period-masks';
import { membership, positionsWithAny, postingSize } from './postings';
import { segmentStructure } from './segment-structures';
import type { Steps } from './steps';
import {
  dayNumber,
  DURATION_BUCKETS,
  HEAVY_NONE,
  HEAVY_SOME,
  NONE,
  PACKED_ID_LIMIT,
  segmentKey,
  unitVector,
  type RaggedColumn,
  type TourIndex,
} from './tour-index';

type TourTest = (tour: number) => boolean;

export interface DateBounds {
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

/** Bounds that every date passes (no date filter set). */
export const OPEN_DATE_BOUNDS: Readonly<DateBounds> = {
  fromDay: -Infinity,
  toDay: Infinity,
  daysMin: -Infinity,
  daysMax: Infinity,
  priceMin: -Infinity,
  priceMax: Infinity,
  perDayMin: -Infinity,
  perDayMax: Infinity,
  any: false,
};

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
  facets: ({ kind: TourFacet } & BitFilter)[];
  dates: DateBounds;
  /** The `organizer` filter: the organizer facet lists it even outside its top. */
  selectedOrganizer: number | undefined;
  /** The radius search, when set (its test is also one of `common`). */
  radius?: RadiusQuery | undefined;
  /**
   * The `riderWeight` filter, when set. Its test in `common` keeps the tours whose standard
   * horses carry the rider, or whose heavier horses do and have a place free on some bookable
   * date; a tour of the second kind then matches only on a date with a place free (as every
   * other date-level filter, on one and the same date), which the walk checks.
   */
  riderWeight?: number | undefined;
  /**
   * Walk the whole segment, with no shortcut (no answer without the walk, no posting lists or
   * bitsets narrowing it): the plain pass every shortcut must agree with (tests).
   */
  walkSegment?: boolean;
  /**
   * Shortcut paths turned off one by one (`SHORTCUT_PATHS`): the search takes the route it would
   * take without them. Benchmarks and tests only (`bench:index --each-path`).
   */
  withoutPaths?: ReadonlySet<ShortcutPath> | undefined;
}

/**
 * The shortcut paths a search may take instead of the plain walk or its plain steps (DESIGN.md,
 * section 7), each of which `IndexQuery.withoutPaths` turns off on its own.
 */
export const SHORTCUT_PATHS = [
  'open',
  'price-range',
  'price-range-facets',
  'one-value',
  'value-in-price-range',
  'window',
  'duration-range',
  'radius',
  'window-facets',
  'duration-facets',
  'postings',
  'intersection',
  'only-list',
  'union',
  'failing-bits',
  'list-bits',
  'window-bits',
  'period-masks',
  'summaries',
] as const;
export type ShortcutPath = (typeof SHORTCUT_PATHS)[number];

/** Whether the search may take `path` (`IndexQuery.withoutPaths`). */
function takes(query: IndexQuery, path: ShortcutPath): boolean {
  return query.withoutPaths === undefined || !query.withoutPaths.has(path);
}

/**
 * The wanted values as a lookup table indexed by value (ids and dictionary codes are small
 * non-negative integers): a typed-array read per value instead of a hash lookup, in a test
 * every tour of a segment may run. The table stops at the column's largest value, so a huge id
 * in a query (which no tour has) costs nothing.
 */
function lookup(values: Int32Array, wanted: ReadonlySet<number>): Uint8Array {
  const table = new Uint8Array(largestValue(values) + 1);
  for (const value of wanted) {
    if (Number.isInteger(value) && value >= 0 && value < table.length) table[value] = 1;
  }
  return table;
}

function overlaps(column: RaggedColumn, wanted: ReadonlySet<number>): TourTest {
  const { offsets, values } = column;
  const table = lookup(values, wanted);
  return (tour) => {
    const end = offsets[tour + 1]!;
    for (let k = offsets[tour]!; k < end; k += 1) {
      if (table[values[k]!] === 1) return true;
    }
    return false;
  };
}

/** The values 0 … `last`: an "at most" filter on a column of small values, as a one-of filter. */
function upTo(last: number): Set<number> {
  return new Set(Array.from({ length: Math.max(0, last + 1) }, (_, value) => value));
}

/** The welfare masks (0 … 2^commitments − 1) holding every commitment of `wanted`. */
function masksHolding(wanted: number): Set<number> {
  const masks = new Set<number>();
  for (let mask = 0; mask < 1 << WELFARE_COMMITMENTS.length; mask += 1) {
    if ((mask & wanted) === wanted) masks.add(mask);
  }
  return masks;
}

/** A one-of filter on a column, with its table (so `facet-bits.ts` can read the column). */
function oneOf(column: Int32Array, wanted: ReadonlySet<number>): Omit<BitFilter, 'list'> {
  const table = lookup(column, wanted);
  return { test: (tour) => table[column[tour]!] === 1, oneOf: { column, table } };
}

function compileFacets(index: TourIndex, filter: SearchFilters): IndexQuery['facets'] {
  const facets: IndexQuery['facets'] = [];
  const add = (kind: TourFacet, filter: TourTest | Omit<BitFilter, 'list'>) =>
    facets.push(typeof filter === 'function' ? { kind, test: filter } : { kind, ...filter });
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
  // The riding requirements: a level and the longest day "at most" the filter's, a tack among
  // those a tour can be ridden in (its own, or any when another is saddled on request).
  if (filter.riderLevel !== undefined) {
    add('rider_level', oneOf(index.riderLevel, upTo(riderLevelRank(filter.riderLevel))));
  }
  if (filter.tack) {
    addList(
      'tack',
      index.tacks,
      filter.tack.map((tack) => TACKS.indexOf(tack)),
    );
  }
  if (filter.maxHours !== undefined) {
    // In half hours (`halfHoursLongestDay`): `maxHours` is a whole number of them.
    add('max_hours', oneOf(index.halfHoursLongestDay, upTo(filter.maxHours * 2)));
  }
  if (filter.welfare) {
    // Every chosen commitment: the masks holding them all, as a one-of filter on the mask column.
    add('welfare', oneOf(index.welfareMask, masksHolding(welfareMaskOf(filter.welfare))));
  }
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
  if (filter.continent !== undefined) addList('world_parts', index.worldParts, [filter.continent]);
  if (filter.showplace !== undefined) addList('showplaces', index.showplaces, [filter.showplace]);
  if (filter.waterObject !== undefined) {
    addList('water_objects', index.waterObjects, [filter.waterObject]);
  }
  if (filter.cruisesType !== undefined) {
    addList('cruise_types', index.cruiseTypes, [filter.cruisesType]);
  }
  if (filter.cruisesStartCity !== undefined) {
    addList('cruise_start_cities', index.cruiseStartCities, [filter.cruisesStartCity]);
  }
  if (filter.ships) addList('ships', index.ships, filter.ships);
  if (filter.cruisesCabinsCapacity !== undefined) {
    // "At least N" is a list filter of the capacities from N up: its tours then come from
    // posting lists and bitsets like any other list's.
    const { cabinsCapacities } = index;
    const largest = largestValue(cabinsCapacities.values);
    const capacities: number[] = [];
    for (let value = filter.cruisesCabinsCapacity; value <= largest; value += 1) {
      capacities.push(value);
    }
    addList('cabins_capacity', cabinsCapacities, capacities);
  }
  if (filter.onlyReturningCruises) addList('returning_cruises', index.returningCruises, [1]);
  return facets;
}

/** The radius search of a place: great-circle distance ≤ r ⇔ unit vectors' dot ≥ cos(r / R). */
export function compileRadius(place: Place): RadiusQuery {
  const [x, y, z] = unitVector(place.lat, place.lng);
  const angle = (place.radiusKm * 1000) / EARTH_RADIUS_M;
  const minDot = angle >= Math.PI ? -Infinity : Math.cos(angle);
  return { lat: place.lat, lng: place.lng, angle, x, y, z, minDot };
}

/** The tests every facet applies: group size, a child's age, rider weight and radius. */
function compileCommon(
  index: TourIndex,
  filter: SearchFilters,
  radius: RadiusQuery | undefined,
): TourTest[] {
  // Type, cruise and "not past" are the segment the search walks (see `compileIndexQuery`).
  const tests: TourTest[] = [];
  const { maxGroupSize, minAge, riderWeight } = filter;
  if (maxGroupSize !== undefined) tests.push((tour) => index.maxGroupSize[tour]! <= maxGroupSize);
  if (minAge > 0) {
    // A child of that age can join: rides, or comes along without riding (`childCanJoin`, 149).
    const { childAgeFrom, childAgeTo } = index;
    tests.push((tour) => childAgeFrom[tour]! <= minAge && minAge <= childAgeTo[tour]!);
  }
  if (riderWeight !== undefined) {
    // A horse for the rider on some bookable date (`hasHorseFor` of @gallop/rider-fit); whether
    // one of the dates the search matches has it, the walk checks (`IndexQuery.riderWeight`).
    const { maxRiderWeight, heavyRiderWeight, heavyDates } = index;
    tests.push(
      (tour) =>
        riderWeight <= maxRiderWeight[tour]! ||
        (riderWeight <= heavyRiderWeight[tour]! && heavyDates[tour] !== HEAVY_NONE),
    );
  }
  if (radius) {
    tests.push((tour) => insideRadius(radius, index.x[tour]!, index.y[tour]!, index.z[tour]!));
  }
  return tests;
}

/** A filter's date-level bounds in the index's units (days, USD minor units). */
export function dateBoundsOf(
  filter: SearchFilters,
  { today, toUsdMinor }: { today: string; toUsdMinor: ToUsdMinor },
): DateBounds {
  const dateFrom = effectiveDateFrom(filter, today);
  const lower = (amount: number | undefined) =>
    amount === undefined ? -Infinity : lowerUsd(amount, toUsdMinor);
  const upper = (amount: number | undefined) =>
    amount === undefined ? Infinity : upperUsd(amount, toUsdMinor);
  const bounds: DateBounds = {
    fromDay: dateFrom === undefined ? -Infinity : dayNumber(dateFrom),
    toDay: filter.dateTo === undefined ? Infinity : dayNumber(filter.dateTo),
    daysMin: filter.daysMin ?? -Infinity,
    daysMax: filter.daysMax ?? Infinity,
    priceMin: lower(filter.priceMin),
    priceMax: upper(filter.priceMax),
    perDayMin: lower(filter.pricePerDayMin),
    perDayMax: upper(filter.pricePerDayMax),
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

/** What a query needs besides the filter: the price bounds' conversion and the radius centre. */
export interface IndexQueryOptions {
  toUsdMinor: ToUsdMinor;
  place?: Place | undefined;
}

/** The filter as the index runs it (see `IndexQuery`); `searchIndex` runs it. */
export function compileIndexQuery(
  index: TourIndex,
  filter: SearchFilters,
  options: IndexQueryOptions,
): IndexQuery {
  const segment = index.segments.get(segmentKey(filter.type, isCruiseSearch(filter)));
  const radius = options.place && compileRadius(options.place);
  return {
    segment: segment ?? new Int32Array(0),
    radius,
    common: compileCommon(index, filter, radius),
    facets: compileFacets(index, filter),
    dates: dateBoundsOf(filter, { today: index.today, toUsdMinor: options.toUsdMinor }),
    selectedOrganizer: filter.organizer,
    riderWeight: filter.riderWeight,
  };
}

export interface IndexSearchOptions {
  sort: SearchFilters['sort'];
  offset: number;
  limit: number;
  withFacets: boolean;
  /**
   * The rider passport `sort: 'fit'` orders by (`fit-order.ts`); other sorts ignore it. Without
   * one that reads, `fit` is the default order.
   */
  passport?: RiderPassport | null | undefined;
  /** How many organizers the facet lists (`ORGANIZER_FACET_LIMIT`; tests use fewer). */
  organizerFacetLimit?: number | undefined;
}

/** The options of a search in an order every path answers itself (`fit` regroups the default). */
interface OrderedSearchOptions extends IndexSearchOptions {
  sort: Exclude<SearchFilters['sort'], 'fit'>;
}

export interface IndexSearchResult {
  total: number;
  /** The page's tour ids, in order. */
  ids: number[];
  /**
   * Counted facet values (as `../facets.ts` reads them), when asked for. Of the organizers,
   * only those that can be listed, with an `organizers_total` row when others were left out.
   */
  facets: FacetRow[] | undefined;
}

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

/** The name a counted value is shown with; `undefined` drops a value that names no row. */
function labelOf(index: TourIndex, kind: TourFacet, value: string): string | undefined {
  const { labels } = index;
  switch (kind) {
    case 'countries':
      return labels.countries.get(Number(value));
    case 'regions':
      return labels.regions.get(Number(value));
    case 'cities':
    case 'cruise_start_cities':
      return labels.cities.get(Number(value));
    case 'world_parts':
      return labels.worldParts.get(Number(value));
    case 'showplaces':
      return labels.showplaces.get(Number(value));
    case 'water_objects':
      return labels.waterObjects.get(Number(value));
    case 'ships':
      return labels.ships.get(Number(value));
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

/** A list of tour positions, filled during the pass (its buffer is reused between searches). */
class TourList {
  length = 0;
  constructor(readonly items: Int32Array) {}
  push(tour: number) {
    this.items[this.length] = tour;
    this.length += 1;
  }
}

/**
 * Every facet column's counts over a whole segment, computed once per segment (segments belong
 * to one index): a facet's count is then also "the segment less the tours that do not count",
 * which is less work when most tours count (see `FacetCounter.count`).
 */
const segmentCountsOf = segmentStructure('facet counts', countAllColumns);

/** The same over the segment's tours with a bookable date (what an unfiltered search counts). */
const bookableCountsOf = segmentStructure(
  'bookable facet counts',
  (index: TourIndex, segment: Int32Array): Steps<Int32Array[]> =>
    countAllColumns(
      index,
      segment.filter((tour) => index.fromPrice[tour] !== NONE),
    ),
);

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

  /**
   * Counts each kind over the tours that count for it: those passing every filter and those
   * failing that kind's filter alone. `rest` (the walked segment's tours that count for no kind,
   * and the whole segment's counts) allows counting the complement instead when it is the
   * smaller side: segment − rest − the other kinds' failing tours. `known` gives one kind's
   * counts outright (see `onlyListFilter`).
   */
  count(
    passing: TourList,
    failingOne: ReadonlyMap<TourFacet, TourList>,
    rest: { excluded: TourList; segment: readonly Int32Array[] } | undefined,
    known?: { kind: TourFacet; counts: Int32Array },
  ) {
    let allFailing = 0;
    for (const list of failingOne.values()) allFailing += list.length;
    const countsDirectly = (kind: TourFacet) => {
      const own = failingOne.get(kind)?.length ?? 0;
      return !rest || passing.length + own <= rest.excluded.length + allFailing - own;
    };
    // The passing tours count for every kind counted directly: with two or more such kinds, one
    // pass over their facet records (every kind's values side by side) instead of one per kind
    // (decision 082).
    const directKinds = this.kinds.filter(
      ({ column }) => known?.kind !== column.kind && countsDirectly(column.kind),
    ).length;
    const passed = directKinds >= 2 ? this.recordCounts([passing]) : undefined;
    // Likewise the tours the complement takes away: with two or more such kinds, one pass over
    // the excluded and every failing list's records instead of one per kind and list (decision
    // 085). Kind K then adds its own failing tours back, as they count for it.
    const complementKinds = rest
      ? this.kinds.filter(
          ({ column }) => known?.kind !== column.kind && !countsDirectly(column.kind),
        ).length
      : 0;
    const removed =
      rest && complementKinds >= 2
        ? this.recordCounts([rest.excluded, ...failingOne.values()])
        : undefined;
    this.kinds.forEach(({ column, counts }, position) => {
      if (known?.kind === column.kind) {
        counts.set(known.counts);
        return;
      }
      const own = failingOne.get(column.kind);
      if (!rest || countsDirectly(column.kind)) {
        if (passed)
          counts.set(passed.all.subarray(passed.bases[position], passed.bases[position + 1]));
        else countColumn(column, counts, passing);
        if (own) countColumn(column, counts, own);
        return;
      }
      counts.set(rest.segment[position]!);
      if (removed) {
        const base = removed.bases[position]!;
        for (let value = 0; value < counts.length; value += 1) {
          counts[value] = counts[value]! - removed.all[base + value]!;
        }
        if (own) countColumn(column, counts, own);
        return;
      }
      countColumn(column, counts, rest.excluded, -1);
      for (const list of failingOne.values()) {
        if (list !== own) countColumn(column, counts, list, -1);
      }
    });
  }

  /** Every kind's counts over the listed tours, side by side (`FacetRecords.bases` layout). */
  private recordCounts(lists: readonly TourList[]): { all: Int32Array; bases: Int32Array } {
    const records = facetRecordsOf(this.index);
    const all = new Int32Array(records.bases.at(-1)!);
    for (const list of lists) countRecords(records, all, list.items.subarray(0, list.length));
    return { all, bases: records.bases };
  }

  /** Every kind's counts given outright (a search that filters nothing, `openSearch`). */
  setAll(counts: readonly Int32Array[]) {
    this.kinds.forEach(({ counts: own }, position) => own.set(counts[position]!));
  }

  /** One kind's counts given outright (`position` in `columnsOf` order). */
  setOne(position: number, counts: readonly Int32Array[]) {
    this.kinds[position]!.counts.set(counts[position]!);
  }

  /**
   * The counted values as rows. Of the organizers, when more than `organizers.limit` counted,
   * only the top `limit` in the facet order and the selected one (`organizerRows`).
   */
  rows(organizers: { limit: number; selected: number | undefined }): FacetRow[] {
    const rows: FacetRow[] = [];
    for (const { column, counts } of this.kinds) {
      if (column.kind === 'organizers') {
        rows.push(...organizerRows(this.index, counts, organizers));
        continue;
      }
      if (column.kind === 'rider_level' || column.kind === 'max_hours') {
        rows.push(...atMostRows(column.kind, counts));
        continue;
      }
      if (column.kind === 'welfare') {
        rows.push(...welfareRows(counts));
        continue;
      }
      // Kinds named by constants (comfort, accommodation ...) are few and named elsewhere.
      const ranks = NAMED_BY_INDEX.has(column.kind)
        ? nameRanksOf(this.index, column, counts.length)
        : undefined;
      counts.forEach((count, code) => {
        if (count === 0) return;
        const value = column.text ? column.text(code) : String(code);
        const label = labelOf(this.index, column.kind, value);
        if (label === undefined) return;
        rows.push({
          facet: column.kind,
          value,
          label,
          count,
          low: null,
          high: null,
          nameRank: ranks?.[code],
        });
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

/** Column values per unit of an "at most" kind's options: levels are ranks, hours half hours. */
const AT_MOST_SCALE = { rider_level: 1, max_hours: 2 } as const;

/**
 * An "at most" kind's rows (`AT_MOST_FACETS`): each option counts the tours at or below it, the
 * sum of the counts by exact value (rank, or half hour) up to it; options without tours are left
 * out, as SQL lists only counted values.
 */
function atMostRows(kind: keyof typeof AT_MOST_FACETS, counts: Int32Array): FacetRow[] {
  const rows: FacetRow[] = [];
  let sum = 0;
  let value = 0;
  for (const option of AT_MOST_FACETS[kind]) {
    const last = option.rank * AT_MOST_SCALE[kind];
    for (; value <= last && value < counts.length; value += 1) sum += counts[value]!;
    if (sum > 0) {
      rows.push({ facet: kind, value: option.value, label: '', count: sum, low: null, high: null });
    }
  }
  return rows;
}

/**
 * The welfare facet's rows: each commitment counts the tours whose mask holds it (the counts are
 * by mask); commitments without tours are left out, as SQL lists only counted values.
 */
function welfareRows(countsByMask: Int32Array): FacetRow[] {
  return WELFARE_COMMITMENTS.flatMap((commitment, bit) => {
    let count = 0;
    for (let mask = 0; mask < countsByMask.length; mask += 1) {
      if ((mask >> bit) & 1) count += countsByMask[mask]!;
    }
    return count > 0
      ? [{ facet: 'welfare' as const, value: commitment, label: '', count, low: null, high: null }]
      : [];
  });
}

/**
 * Kinds whose values the index names (`labelOf`). The others are named by constants where the
 * facets are shaped (comfort, accommodation ...), and organizers are ranked by `nameOrderOf`.
 */
const NAMED_ELSEWHERE = new Set<TourFacet>([
  'comfort',
  'accommodation',
  'difficulty',
  'rider_level',
  'tack',
  'max_hours',
  'welfare',
  'operator_types',
  'organizers',
  'cruise_types',
  'cabins_capacity',
  'returning_cruises',
]);
const NAMED_BY_INDEX = new Set(TOUR_FACETS.filter((kind) => !NAMED_ELSEWHERE.has(kind)));

const nameRankCache = new WeakMap<TourIndex, Map<TourFacet, Int32Array>>();

/**
 * Each value code's place in its facet's order among equal counts (name, then value), once per
 * index and kind, so that `toFilterFacets` compares numbers instead of collating names. A code
 * that names nothing reads -1 (its row is dropped).
 */
function nameRanksOf(index: TourIndex, column: FacetColumn, size: number): Int32Array {
  let byKind = nameRankCache.get(index);
  if (!byKind) nameRankCache.set(index, (byKind = new Map()));
  let ranks = byKind.get(column.kind);
  if (ranks?.length !== size) {
    const named: { code: number; value: string; text: string }[] = [];
    for (let code = 0; code < size; code += 1) {
      const value = column.text ? column.text(code) : String(code);
      const text = labelOf(index, column.kind, value);
      if (text !== undefined) named.push({ code, value, text });
    }
    named.sort(compareByName);
    ranks = new Int32Array(size).fill(-1);
    named.forEach(({ code }, position) => (ranks![code] = position));
    byKind.set(column.kind, ranks);
  }
  return ranks;
}

/**
 * The organizers in the facet's order among equal counts (name, then id), once per index:
 * `rank` by id (-1 for an id that names no organizer), `idAt` by rank.
 */
interface NameOrder {
  rank: Int32Array;
  idAt: Int32Array;
}
const nameOrders = new WeakMap<TourIndex, NameOrder>();

function nameOrderOf(index: TourIndex, size: number): NameOrder {
  let order = nameOrders.get(index);
  if (!order) {
    const named = [...index.labels.organizers]
      .filter(([id]) => Number.isInteger(id) && id >= 0 && id < size)
      .map(([id, name]) => ({ value: id, text: name }))
      .sort(compareByName);
    const rank = new Int32Array(size).fill(-1);
    named.forEach(({ value }, position) => (rank[value] = position));
    order = { rank, idAt: Int32Array.from(named, ({ value }) => value) };
    nameOrders.set(index, order);
  }
  return order;
}

/**
 * The organizer facet's rows: every named organizer with a count when there are at most `limit`;
 * otherwise only the first `limit` in the facet order (count desc, name, id), the selected one
 * when it counted, and an `organizers_total` row with how many counted. `toFilterFacets` then
 * sorts a hundred rows, not 20,000 (decision 043). Count and name rank are packed into one
 * distinct number, so the bounded heap of the price sort (`firstKeys`) picks the top.
 */
function organizerRows(
  index: TourIndex,
  counts: Int32Array,
  { limit, selected }: { limit: number; selected: number | undefined },
): FacetRow[] {
  const { rank, idAt } = nameOrderOf(index, counts.length);
  const row = (id: number): FacetRow => ({
    facet: 'organizers',
    value: String(id),
    label: index.labels.organizers.get(id)!,
    count: counts[id]!,
    low: null,
    high: null,
    nameRank: rank[id],
  });
  // Counted and named (the SQL drops values that name no row). One typed pass: with 20,000
  // organizers at a million tours, building a plain array and mapping it with
  // `Float64Array.from` took a quarter of a price-range search with facets.
  const ranks = idAt.length;
  // Larger key, earlier in the order: more tours, then a smaller name rank.
  const keyOf = (id: number) => counts[id]! * ranks + (ranks - 1 - rank[id]!);
  const isCounted = (id: number) => counts[id]! > 0 && rank[id]! >= 0;
  const keys = organizerKeysOf(index, counts.length);
  let counted = 0;
  for (let id = 0; id < counts.length; id += 1) {
    if (isCounted(id)) keys[counted++] = keyOf(id);
  }
  const idOf = (key: number) => idAt[ranks - 1 - (key % ranks)]!;
  if (counted <= limit) {
    // All of them, in id order: the keys were filled so.
    const rows: FacetRow[] = [];
    for (let n = 0; n < counted; n += 1) rows.push(row(idOf(keys[n]!)));
    return rows;
  }
  const top = firstKeys(keys.subarray(0, counted), limit, true);
  const rows = Array.from(top, (key) => row(idOf(key)));
  // An id outside the counts reads `undefined`, which is not > 0.
  if (selected !== undefined && isCounted(selected) && !top.includes(keyOf(selected))) {
    rows.push(row(selected));
  }
  rows.push({
    facet: 'organizers_total',
    value: null,
    label: null,
    count: counted,
    low: null,
    high: null,
  });
  return rows;
}

/** A reused buffer for the organizers' keys (a search runs synchronously to its end). */
const organizerKeys = new WeakMap<TourIndex, Float64Array>();
function organizerKeysOf(index: TourIndex, size: number): Float64Array {
  let keys = organizerKeys.get(index);
  if (!keys || keys.length < size) organizerKeys.set(index, (keys = new Float64Array(size)));
  return keys;
}

/**
 * Buffers a search fills, kept per index: a search runs synchronously from start to end, so one
 * set serves every search of the process without allocating (and collecting) megabytes each time.
 */
interface Scratch {
  passing: Int32Array;
  /** Tours of the segment that count for no facet (facet searches only). */
  excluded: Int32Array;
  /** One list per facet filter position (up to the number of facet kinds). */
  failing: Int32Array[];
  prices: Float64Array;
  /** Per facet filter position, its passing tours' bits (`walkTest`), made on first use. */
  listBits: Int32Array[];
}
const scratches = new WeakMap<TourIndex, Scratch>();

function scratchOf(index: TourIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      passing: new Int32Array(index.size),
      excluded: new Int32Array(index.size),
      failing: [],
      listBits: [],
      prices: new Float64Array(index.maxId < PACKED_ID_LIMIT ? index.size : 0),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * Walked tours per index word from which a list filter's test reads bits instead of each tour's
 * values: the bits cost a pass over the words per wanted value (`listBits`), the values a scattered
 * read or two per walked tour, several times a word's cost.
 */
const LIST_BITS_WALK = 1 / 8;

/**
 * The walk's test of facet filter `position`: a list filter on a column with value bitsets
 * (decision 085) reads one bit per tour when the walk is long enough to repay OR-ing its values'
 * bitsets; otherwise the filter's own test.
 */
function walkTest(index: TourIndex, query: IndexQuery, position: number, walked: number): TourTest {
  const facet = query.facets[position]!;
  const words = wordsOf(index);
  if (
    !facet.list ||
    !takes(query, 'list-bits') ||
    walked < words * LIST_BITS_WALK * new Set(facet.list.values).size
  ) {
    return facet.test;
  }
  const scratch = scratchOf(index);
  const bits = (scratch.listBits[position] ??= new Int32Array(words));
  if (!listBits(facet.list.column, facet.list.values, bits)) return facet.test;
  return (tour) => (bits[tour >>> 5]! & (1 << (tour & 31))) !== 0;
}

function failingList(index: TourIndex, position: number): TourList {
  const { failing } = scratchOf(index);
  failing[position] ??= new Int32Array(index.size);
  return new TourList(failing[position]);
}

/**
 * What a search walks instead of its whole segment, and what it already knows of those tours, so
 * the walk does not test again what chose them.
 */
interface WalkPlan {
  tours: Int32Array;
  /** Posting lists span every segment: the walk skips tours outside its own. */
  checkSegment: boolean;
  /** Facet positions every tour of `tours` passes (their posting lists chose them). */
  proven: readonly number[];
  /** Per tour of `tours`, the facet position it fails (-1: none), read off bitsets. */
  failed?: Int8Array | undefined;
  /**
   * A union of two list filters' tours: per tour, which of the two it holds (`sortedUnion`), and
   * the two filters' positions; a tour missing from one fails that filter.
   */
  union?: { sides: Uint8Array; first: number; second: number } | undefined;
  /** Every tour of `tours` may have a date in the window (`windowBitsOf` chose them). */
  inWindow?: boolean;
}

/**
 * The tours a date window may hold, as a bitset over positions (`windowTourBits`), or undefined
 * when the search sets no window.
 */
function windowBitsOf(index: TourIndex, bounds: DateBounds): Int32Array | undefined {
  if (!bounds.any) return undefined;
  const masks = periodMasksOf(index);
  const fortnights = windowFortnights(masks, bounds);
  return fortnights && windowTourBits(index, masks, fortnights);
}

/**
 * Walked tours per index tour from which a walk with a date window first drops the tours its
 * window's bitset rules out: below it, joining the fortnights' bitsets (a pass over a few of them)
 * costs more than it saves.
 */
const WINDOW_BITS_WALK = 1 / 64;

/** The facet list filters, with their positions, shortest posting lists first. */
function listsBySize(query: IndexQuery) {
  return query.facets
    .map((facet, position) => ({ list: facet.list, position }))
    .filter((entry): entry is { list: ListFilter; position: number } => entry.list !== undefined)
    .map((entry) => ({ ...entry, size: postingSize(entry.list.column, entry.list.values) }))
    .sort((a, b) => a.size - b.size);
}

const positionsOf = ({ list }: { list: ListFilter }) => positionsWithAny(list.column, list.values);

/**
 * The tours a search without facets needs to look at: the positions holding a wanted value of
 * its most selective list filter (every result passes every facet filter), and of the next one
 * too when a second list filter is also selective (the intersection of two ascending lists, a
 * merge or a gallop, is far cheaper than testing each tour of the first), or undefined to walk
 * the whole segment when no list filter narrows it enough to be worth it.
 */
function narrowestCandidates(query: IndexQuery): WalkPlan | undefined {
  if (!takes(query, 'postings')) return undefined;
  const [first, second] = listsBySize(query).filter(({ size }) => size < query.segment.length / 4);
  if (!first) return undefined;
  if (!second || !takes(query, 'intersection'))
    return { tours: positionsOf(first), checkSegment: true, proven: [first.position] };
  return {
    tours: sortedIntersection(positionsOf(first), positionsOf(second)),
    checkSegment: true,
    proven: [first.position, second.position],
  };
}

/**
 * The tours a facet search with two or more facet filters needs to look at: a tour counts for a
 * facet only when it fails at most one facet filter, so it holds a wanted value of at least one
 * of any two list filters. The union of the two shortest posting lists when it is short;
 * otherwise the tours failing at most one filter, found by bitsets; or undefined to walk the
 * whole segment (and count the complement) when neither is much smaller. With three filters or
 * more whose bits are cheap (lists and one-of columns), the bitsets leave fewer tours than any
 * union of two, and are preferred unless the union is shorter than a pass over the segment's
 * words (decision 073).
 */
function facetCandidates(index: TourIndex, query: IndexQuery): WalkPlan | undefined {
  const lists = listsBySize(query);
  const unionSize = lists.length >= 2 ? lists[0]!.size + lists[1]!.size : Infinity;
  const bitsNarrower =
    query.facets.length >= 3 &&
    unionSize > query.segment.length / UNION_PER_WORD &&
    query.facets.every(hasCheapBits);
  if (unionSize < query.segment.length / 4 && !bitsNarrower && takes(query, 'union')) {
    const [first, second] = lists as [(typeof lists)[0], (typeof lists)[0]];
    const { tours, sides } = sortedUnion(positionsOf(first), positionsOf(second));
    return {
      tours,
      checkSegment: true,
      // The union tells each tour's result for both filters: no test runs for them.
      proven: [first.position, second.position],
      union: { sides, first: first.position, second: second.position },
    };
  }
  // Otherwise the tours failing at most one filter, by bitsets (decision 055), unless nearly
  // every tour is one: then the segment's walk counts the complement, which is less work.
  if (query.facets.length < 2 || !takes(query, 'failing-bits')) return undefined;
  // Only tours a date window may hold: a tour without a date in it counts for nothing.
  const within = takes(query, 'window-bits') ? windowBitsOf(index, query.dates) : undefined;
  const { tours, failed } = failingAtMostOne(index, query.segment, query.facets, within);
  if (tours.length > query.segment.length / 2) return undefined;
  // The bitsets answer every facet filter for every tour: no test runs again.
  const proven = query.facets.map((_, position) => position);
  return { tours, checkSegment: false, proven, failed, inWindow: within !== undefined };
}

/**
 * Union tours per segment word below which the union of two lists is walked even when bitsets
 * would leave fewer tours: the bitsets cost a few passes over the segment's words.
 */
const UNION_PER_WORD = 32;

/**
 * Longer list per shorter one from which `sortedIntersection` gallops through the longer list
 * instead of merging (a merge reads every position of both).
 */
const GALLOP_RATIO = 8;

/** The positions in both of two ascending lists (each once), ascending. */
export function sortedIntersection(a: Int32Array, b: Int32Array): Int32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length >= short.length * GALLOP_RATIO) return gallopingIntersection(short, long);
  const both = new Int32Array(short.length);
  let i = 0;
  let j = 0;
  let at = 0;
  // No branch on the comparisons: which list steps next is as good as random, and the
  // mispredicted branches cost up to half the merge (two lists of 60,000 positions out of a
  // million: 1.1–1.5 ms with branches, 0.5–0.8 ms without).
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    both[at] = x;
    at += Number(x === y);
    i += Number(x <= y);
    j += Number(y <= x);
  }
  return both.subarray(0, at);
}

/** `sortedIntersection` of a short list with a much longer one: a search per short position. */
function gallopingIntersection(short: Int32Array, long: Int32Array): Int32Array {
  const both = new Int32Array(short.length);
  let at = 0;
  let j = 0;
  for (let i = 0; i < short.length && j < long.length; i += 1) {
    const wanted = short[i]!;
    if (long[j]! < wanted) {
      // Steps of 1, 2, 4 ... past `wanted`, then a binary search in the last step.
      let low = j + 1;
      let step = 1;
      while (low + step < long.length && long[low + step]! < wanted) {
        low += step + 1;
        step *= 2;
      }
      let high = Math.min(long.length, low + step + 1);
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (long[middle]! < wanted) low = middle + 1;
        else high = middle;
      }
      j = low;
    }
    if (j < long.length && long[j]! === wanted) both[at++] = wanted;
  }
  return both.subarray(0, at);
}

/** Bits of `sortedUnion`'s `sides`: the position is in the first list, in the second. */
export const IN_FIRST = 1;
export const IN_SECOND = 2;

/**
 * The positions of two ascending lists, ascending, each once, and per position which lists hold
 * it (`IN_FIRST | IN_SECOND`), so a walk over a union of two list filters knows which of them each
 * tour passes without testing it again.
 */
export function sortedUnion(
  a: Int32Array,
  b: Int32Array,
): { tours: Int32Array; sides: Uint8Array } {
  const union = new Int32Array(a.length + b.length);
  const sides = new Uint8Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let at = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) {
      sides[at] = IN_FIRST;
      union[at++] = a[i++]!;
    } else if (a[i]! > b[j]!) {
      sides[at] = IN_SECOND;
      union[at++] = b[j++]!;
    } else {
      sides[at] = IN_FIRST | IN_SECOND;
      union[at++] = a[i++]!;
      j += 1;
    }
  }
  while (i < a.length) {
    sides[at] = IN_FIRST;
    union[at++] = a[i++]!;
  }
  while (j < b.length) {
    sides[at] = IN_SECOND;
    union[at++] = b[j++]!;
  }
  return { tours: union.subarray(0, at), sides: sides.subarray(0, at) };
}

/** The last duration bucket: it holds every duration from its own number of days up. */
const LONGEST_BUCKET = DURATION_BUCKETS - 1;

/**
 * How a search without facets decides a tour's date filters from its summaries (first and last
 * day, cheapest and dearest price, duration buckets) before reading its dates: `possible` are
 * the duration buckets that may hold a wanted duration (a tour with none is out); when one kind
 * of date filter is set alone, `accept` says which summaries prove a matching date.
 */
export interface DateShortcut {
  possibleBuckets: number;
  accept: 'price' | 'days' | 'window' | undefined;
  /** No price-per-day filter (the summaries hold no per-day prices). */
  withoutPerDay: boolean;
  /** Buckets every date of which has a wanted duration (for `accept: 'days'`). */
  acceptBuckets: number;
}

export function dateShortcut(bounds: DateBounds, needsCheapest: boolean): DateShortcut {
  let possibleBuckets = 0;
  let acceptBuckets = 0;
  for (let bucket = 0; bucket <= LONGEST_BUCKET; bucket += 1) {
    const longest = bucket === LONGEST_BUCKET;
    const fromDays = bucket;
    const toDays = longest ? Infinity : bucket;
    if (toDays >= bounds.daysMin && fromDays <= bounds.daysMax) possibleBuckets |= 1 << bucket;
    if (fromDays >= bounds.daysMin && toDays <= bounds.daysMax) acceptBuckets |= 1 << bucket;
  }
  const window = bounds.fromDay !== -Infinity || bounds.toDay !== Infinity;
  const price = bounds.priceMin !== -Infinity || bounds.priceMax !== Infinity;
  const perDay = bounds.perDayMin !== -Infinity || bounds.perDayMax !== Infinity;
  const days = bounds.daysMin !== -Infinity || bounds.daysMax !== Infinity;
  const kinds = [window, price, perDay, days].filter(Boolean).length;
  let accept: DateShortcut['accept'];
  // The cheapest date is the cheapest matching one when price is the only filter; otherwise a
  // price sort needs the dates themselves.
  if (kinds === 1 && price) accept = 'price';
  else if (kinds === 1 && days && !needsCheapest) accept = 'days';
  else if (kinds === 1 && window && !needsCheapest) accept = 'window';
  return { possibleBuckets, accept, acceptBuckets, withoutPerDay: !perDay };
}

/**
 * The list filter of a search that sets nothing else (no other facet filter, no common test, no
 * date filter but a price range or a date window), whose posting list is short enough to walk
 * instead of the segment. Its own kind counts the tours the rest of the search matches: every
 * bookable tour of the segment, those in the price range, or those with a date in the window
 * (`ownKindCounts`).
 */
function onlyListFilter(index: TourIndex, query: IndexQuery): ListFilter | undefined {
  const [only] = query.facets;
  if (query.facets.length !== 1 || !only!.list) return undefined;
  if (query.common.length > 0) return undefined;
  if (query.dates.any) {
    const accept = dateShortcut(query.dates, false).accept;
    const windowAlone = accept === 'window' && index.maxId < PACKED_ID_LIMIT;
    if (accept !== 'price' && !windowAlone) return undefined;
  }
  const { column, values } = only!.list;
  return postingSize(column, values) < query.segment.length / 4 ? only!.list : undefined;
}

/** The counts of an only list filter's own kind: the segment's tours the rest matches. */
function ownKindCounts(index: TourIndex, query: IndexQuery) {
  const kind = query.facets[0]!.kind;
  const position = columnsOf(index).findIndex(({ column }) => column.kind === kind);
  return { kind, counts: ownKindColumn(index, query, position) };
}

function ownKindColumn(index: TourIndex, query: IndexQuery, position: number): Int32Array {
  const { segment, dates } = query;
  if (!dates.any) return bookableCountsOf(index, segment)[position]!;
  if (dateShortcut(dates, false).accept === 'price') {
    return priceRangeFacets(index, segment, dates, position).columns[position]!;
  }
  const { column, size } = columnsOf(index)[position]!;
  const buckets = dayBucketsOf(index, segment);
  // A list kind over a window with a whole fortnight: its table and the window's ends (077).
  const cut = windowCutOf(index, segment, buckets, dates);
  const counted = cut && windowKindCounts(index, segment, cut, position);
  if (counted) return counted;
  const tours = windowTours(buckets, dates);
  const counts = new Int32Array(size);
  countColumn(column, counts, { items: tours, length: tours.length });
  return counts;
}

/** Whether no date of the tour can match (a tour without dates has no duration bucket). */
function ruledOutBySummaries(
  records: Int32Array,
  at: number,
  bounds: DateBounds,
  shortcut: DateShortcut,
): boolean {
  return (
    records[at + LAST_DAY]! < bounds.fromDay ||
    records[at + FIRST_DAY]! > bounds.toDay ||
    records[at + MAX_PRICE]! < bounds.priceMin ||
    records[at + MIN_PRICE]! > bounds.priceMax ||
    (records[at + BUCKETS]! & shortcut.possibleBuckets) === 0
  );
}

/**
 * Whether the summaries prove a matching date when one kind of date filter is set alone: the
 * cheapest date (price; it is then the price the tour sorts by), a bucket wholly inside the
 * duration range, or the first or last day inside the window.
 */
function provenBySummaries(
  records: Int32Array,
  at: number,
  bounds: DateBounds,
  shortcut: DateShortcut,
): boolean {
  switch (shortcut.accept) {
    case 'price': {
      const cheapest = records[at + MIN_PRICE]!;
      return cheapest >= bounds.priceMin && cheapest <= bounds.priceMax;
    }
    case 'days':
      return (records[at + BUCKETS]! & shortcut.acceptBuckets) !== 0;
    case 'window': {
      // No closure here: this runs for every tour of a segment.
      const first = records[at + FIRST_DAY]!;
      const last = records[at + LAST_DAY]!;
      return (
        (first >= bounds.fromDay && first <= bounds.toDay) ||
        (last >= bounds.fromDay && last <= bounds.toDay)
      );
    }
    default:
      return false;
  }
}

/** `facetSummary`: the tour's dates must be read. */
const SCAN = -1;
/** `facetSummary` flags (0: no date in the window, so nothing counts). */
const EVERY_DATE_IN_PRICE = 1;
const EVERY_DATE_IN_DAYS = 2;
const EVERY_DATE_MATCHES = EVERY_DATE_IN_PRICE | EVERY_DATE_IN_DAYS;

/**
 * What a facet search's date pass would find for a tour, from its summaries, when they decide
 * it: with every date inside the date window and no price-per-day filter, each of the price and
 * duration filters holds for every date or for none. The duration facet counts the durations of
 * the dates in the price range, the price facet the prices of the dates in the duration range,
 * and the tour matches when both hold for every date (its cheapest date is then its cheapest).
 */
function facetSummary(
  records: Int32Array,
  at: number,
  bounds: DateBounds,
  shortcut: DateShortcut,
): number {
  const buckets = records[at + BUCKETS]!;
  const first = records[at + FIRST_DAY]!;
  const last = records[at + LAST_DAY]!;
  if (buckets === 0 || last < bounds.fromDay || first > bounds.toDay) return 0;
  if (!shortcut.withoutPerDay || first < bounds.fromDay || last > bounds.toDay) return SCAN;
  const low = records[at + MIN_PRICE]!;
  const high = records[at + MAX_PRICE]!;
  const everyInPrice = low >= bounds.priceMin && high <= bounds.priceMax;
  const noneInPrice = high < bounds.priceMin || low > bounds.priceMax;
  const everyInDays = (buckets & ~shortcut.acceptBuckets) === 0;
  const noneInDays = (buckets & shortcut.possibleBuckets) === 0;
  if (!(everyInPrice || noneInPrice) || !(everyInDays || noneInDays)) return SCAN;
  return (everyInPrice ? EVERY_DATE_IN_PRICE : 0) | (everyInDays ? EVERY_DATE_IN_DAYS : 0);
}

function organizerOptions(query: IndexQuery, options: IndexSearchOptions) {
  return {
    limit: options.organizerFacetLimit ?? ORGANIZER_FACET_LIMIT,
    selected: query.selectedOrganizer,
  };
}

/** Whether the search filters nothing beyond its segment (type, cruises, not past). */
function filtersNothing(query: IndexQuery): boolean {
  return query.common.length === 0 && query.facets.length === 0 && !query.dates.any;
}

/**
 * The list column and value of a search that sets one value of one list filter and nothing else
 * (`valueAnswersOf`), or, `withPriceRange`, nothing but a price range besides, with the column's
 * position among the facet columns.
 */
function onlyListValue(index: TourIndex, query: IndexQuery, withPriceRange = false) {
  const [only] = query.facets;
  if (query.facets.length !== 1 || !only!.list || query.common.length > 0) return undefined;
  if (query.dates.any) {
    if (!withPriceRange || dateShortcut(query.dates, false).accept !== 'price') return undefined;
  }
  const list = only!.list;
  if (new Set(list.values).size !== 1 || index.maxId >= PACKED_ID_LIMIT) return undefined;
  const kind = query.facets[0]!.kind;
  const position = columnsOf(index).findIndex(({ column }) => column.kind === kind);
  return { column: list.column, value: list.values[0]!, position };
}

/** Whether a search sets a radius and nothing else (`searchRadius`). */
function filtersRadiusAlone(index: TourIndex, query: IndexQuery) {
  return (
    query.radius !== undefined &&
    query.common.length === 1 &&
    query.facets.length === 0 &&
    !query.dates.any &&
    index.maxId < PACKED_ID_LIMIT
  );
}

/** The one kind of date filter a search sets, when it sets nothing else (`answerWithoutWalk`). */
function filtersOneDateKind(index: TourIndex, query: IndexQuery): DateShortcut['accept'] {
  if (query.common.length > 0 || query.facets.length > 0) return undefined;
  if (index.maxId >= PACKED_ID_LIMIT) return undefined;
  return dateShortcut(query.dates, false).accept;
}

/**
 * A search that filters nothing, answered from its segment's open listing (decision 049): the page
 * without walking the segment, and the facets from counts made once per segment.
 */
function openSearch(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
  fit?: FitOrder,
): IndexSearchResult {
  const listing = openListingOf(index, query.segment);
  const ids = fit
    ? fit.page(listing.bookable, options.offset, options.limit)
    : openListingPage(index, listing, options.sort, options.offset, options.limit);
  const facets = options.withFacets ? openFacetRows(index, query, options) : undefined;
  return { total: listing.bookable.length, ids, facets };
}

/**
 * The facet rows of a search that filters nothing, made once per segment (at a million tours,
 * thousands of rows and the organizers' top took 2–3 ms a search). The rows are shared: they are
 * read, never changed (`toFilterFacets`). Another organizer limit than the product's (tests) is
 * counted each time.
 */
const openFacetRowsOf = segmentStructure(
  'open facet rows',
  function* (index: TourIndex, segment: Int32Array): Steps<FacetRow[]> {
    // Its parts in steps first: the rows themselves are counted from them in one go.
    yield* openListingOf.steps(index, segment);
    yield* bookableCountsOf.steps(index, segment);
    return countOpenFacetRows(index, segment, ORGANIZER_FACET_LIMIT);
  },
);

function openFacetRows(index: TourIndex, query: IndexQuery, options: IndexSearchOptions) {
  const { limit } = organizerOptions(query, options);
  return limit === ORGANIZER_FACET_LIMIT
    ? openFacetRowsOf(index, query.segment)
    : countOpenFacetRows(index, query.segment, limit);
}

function countOpenFacetRows(index: TourIndex, segment: Int32Array, limit: number): FacetRow[] {
  const listing = openListingOf(index, segment);
  const counter = new FacetCounter(index);
  counter.setAll(bookableCountsOf(index, segment));
  counter.durations.set(listing.durations.subarray(0, counter.durations.length));
  counter.priceRange.set(listing.priceRange);
  // A search that filters nothing selects no organizer.
  return counter.rows({ limit, selected: undefined });
}

/**
 * A search whose one filter is one value of a list column (`onlyListValue`: a country, a rest
 * kind, a cruise type …), answered from the value's kept listing and counts (decisions 052 and
 * 072); undefined while a large value's are built between requests (decision 086).
 */
function oneValueSearch(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
  only: { column: RaggedColumn; value: number; position: number },
  fit?: FitOrder,
): IndexSearchResult | undefined {
  const answers = readyValueAnswers(
    index,
    query.segment,
    only.column,
    only.value,
    options.withFacets,
  );
  // Being built between requests (decision 086): the walk answers meanwhile.
  if (!answers) return undefined;
  const { listing } = answers;
  const ids = fit
    ? fit.page(listing.bookable, options.offset, options.limit)
    : openListingPage(index, listing, options.sort, options.offset, options.limit);
  let facets: FacetRow[] | undefined;
  if (options.withFacets) {
    const counter = new FacetCounter(index);
    counter.setAll(answers.counts!);
    // The value's own kind counts every bookable tour of the segment (a visitor changing it).
    counter.setOne(only.position, bookableCountsOf(index, query.segment));
    counter.durations.set(listing.durations.subarray(0, counter.durations.length));
    counter.priceRange.set(listing.priceRange);
    facets = counter.rows(organizerOptions(query, options));
  }
  return { total: listing.bookable.length, ids, facets };
}

/**
 * The searches answered from per-segment structures instead of the walk (decisions 049, 052 and
 * 053): nothing filtered, a price range alone (with or without facets), one list value (with or
 * without facets), and without facets one list value in a price range, a radius, a date window
 * or (default order) a duration range alone. Undefined: walk.
 */
function answerWithoutWalk(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
): IndexSearchResult | undefined {
  if (filtersNothing(query) && takes(query, 'open')) return openSearch(index, query, options);
  const oneDateKind = filtersOneDateKind(index, query);
  const priceRangePath = options.withFacets ? 'price-range-facets' : 'price-range';
  if (oneDateKind === 'price' && takes(query, priceRangePath)) {
    const answer = searchPriceRange(index, query.segment, query.dates, options);
    if (!options.withFacets) return { ...answer, facets: undefined };
    const facets = priceRangeFacets(index, query.segment, query.dates);
    return { ...answer, facets: facetRowsOf(index, facets, query, options) };
  }
  // One list value alone: its kept answers.
  const onlyValue = takes(query, 'one-value') ? onlyListValue(index, query) : undefined;
  const valueAnswer = onlyValue && oneValueSearch(index, query, options, onlyValue);
  if (valueAnswer) return valueAnswer;
  const valueInPriceRange =
    query.dates.any && takes(query, 'value-in-price-range')
      ? onlyListValue(index, query, true)
      : undefined;
  if (valueInPriceRange) {
    // The value's bookable tours (default order) and their price structures, kept with the value.
    const { column, value, position } = valueInPriceRange;
    const answers = readyValueAnswers(index, query.segment, column, value, false, {
      withFacets: options.withFacets,
    });
    // Being built between requests (decision 086): the walk answers meanwhile.
    if (!answers) return undefined;
    const { listing } = answers;
    const answer = searchPriceRange(index, listing.bookable, query.dates, options);
    if (!options.withFacets) return { ...answer, facets: undefined };
    // Every kind but its own counts the value's tours in the range (decision 063); its own kind
    // counts the segment's tours in the range (a visitor changing the value).
    const facets = priceRangeFacets(index, listing.bookable, query.dates);
    const own = priceRangeFacets(index, query.segment, query.dates, position);
    const counter = new FacetCounter(index);
    counter.setAll(facets.columns);
    counter.setOne(position, own.columns);
    counter.durations.set(facets.durations.subarray(0, counter.durations.length));
    counter.priceRange.set(facets.priceRange);
    return { ...answer, facets: counter.rows(organizerOptions(query, options)) };
  }
  if (options.withFacets) return oneDateKindWithFacets(index, query, options, oneDateKind);
  if (filtersRadiusAlone(index, query) && takes(query, 'radius')) {
    const answer = searchRadius(index, query.segment, query.radius!, options);
    if (answer) return { ...answer, facets: undefined };
  }
  if (oneDateKind === 'window' && takes(query, 'window')) {
    return { ...searchDateWindow(index, query.segment, query.dates, options), facets: undefined };
  }
  if (oneDateKind === 'days' && options.sort === 'default' && takes(query, 'duration-range')) {
    const { possibleBuckets, acceptBuckets } = dateShortcut(query.dates, false);
    // Exact buckets only: "20 days and more" split by a bound needs the dates.
    if (possibleBuckets === acceptBuckets) {
      const answer = searchDurationRange(index, query.segment, acceptBuckets, options);
      return { ...answer, facets: undefined };
    }
  }
  return undefined;
}

/** Facets given outright, every kind at once (`priceRangeFacets`, `windowFacets` …), as rows. */
function facetRowsOf(
  index: TourIndex,
  facets: PriceRangeFacets,
  query: IndexQuery,
  options: OrderedSearchOptions,
): FacetRow[] {
  const counter = new FacetCounter(index);
  counter.setAll(facets.columns);
  counter.durations.set(facets.durations.subarray(0, counter.durations.length));
  counter.priceRange.set(facets.priceRange);
  return counter.rows(organizerOptions(query, options));
}

/**
 * A facet search whose one filter is a date window, or a duration range of whole buckets
 * (decision 082): the total and page as without facets, the facets from per-segment tables
 * (`one-date-kind-facets.ts`). Undefined: walk.
 */
function oneDateKindWithFacets(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
  oneDateKind: DateShortcut['accept'],
): IndexSearchResult | undefined {
  if (oneDateKind === 'window' && takes(query, 'window-facets')) {
    const answer = searchDateWindow(index, query.segment, query.dates, options);
    const facets = windowFacets(index, query.segment, query.dates);
    return { ...answer, facets: facetRowsOf(index, facets, query, options) };
  }
  if (oneDateKind !== 'days' || !takes(query, 'duration-facets')) return undefined;
  const { possibleBuckets, acceptBuckets } = dateShortcut(query.dates, false);
  if (possibleBuckets !== acceptBuckets) return undefined;
  // The page and total as the same search without facets finds them (a price sort walks).
  const answer = orderedSearch(index, query, { ...options, withFacets: false });
  const facets = durationRangeFacets(index, query.segment, acceptBuckets);
  return { ...answer, facets: facetRowsOf(index, facets, query, options) };
}

/** Runs a compiled query over the index: total, one page of ids, and the facets on request. */
export function searchIndex(
  index: TourIndex,
  query: IndexQuery,
  options: IndexSearchOptions,
): IndexSearchResult {
  if (options.sort !== 'fit')
    return orderedSearch(index, query, { ...options, sort: options.sort });
  const byDefault: OrderedSearchOptions = { ...options, sort: 'default' };
  // Without a passport that reads, "fits me first" is the default order (no error).
  const fit = fitOrderOf(index, query.dates, options.passport);
  return fit ? fitSearch(index, query, byDefault, fit) : orderedSearch(index, query, byDefault);
}

function orderedSearch(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
): IndexSearchResult {
  const answered = query.walkSegment ? undefined : answerWithoutWalk(index, query, options);
  return answered ?? walkSearch(index, query, options);
}

/**
 * "Fits me first": the default order's matches regrouped by verdict (`fit-order.ts`), so the
 * order reads every match (until the fitting ones fill the page), not one page; the total and
 * facets are the default order's. A search that filters nothing and one list value alone page
 * their listing's positions, the walk its passing tours. The other answers without the walk give
 * their first matches as ids in the default order: `FIRST_MATCHES` pages' worth first, which
 * usually holds a page of fitting tours, else every match (asked for a page as long as their
 * total, without the facets the first answer counted).
 */
function fitSearch(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
  fit: FitOrder,
): IndexSearchResult {
  if (!query.walkSegment) {
    if (filtersNothing(query) && takes(query, 'open')) {
      return openSearch(index, query, options, fit);
    }
    const onlyValue = takes(query, 'one-value') ? onlyListValue(index, query) : undefined;
    const valueAnswer = onlyValue && oneValueSearch(index, query, options, onlyValue, fit);
    if (valueAnswer) return valueAnswer;
    const { offset, limit } = options;
    const first = answerWithoutWalk(index, query, {
      ...options,
      offset: 0,
      limit: FIRST_MATCHES * (offset + limit),
    });
    if (first) {
      const all = first.ids.length >= first.total;
      const page = fit.pageOfIds(first.ids, offset, limit, !all);
      if (page) return { ...first, ids: page };
      const every = answerWithoutWalk(index, query, {
        ...options,
        offset: 0,
        limit: EVERY_MATCH,
        withFacets: false,
      });
      if (every) return { ...first, ids: fit.pageOfIds(every.ids, offset, limit)! };
    }
  }
  return walkSearch(index, query, options, fit);
}

/** The first matches asked of an answer without the walk, in pages: usually a page of fits. */
const FIRST_MATCHES = 8;
/** A page as long as any search's matches. */
const EVERY_MATCH = 2 ** 31 - 1;

/**
 * The walk over a segment or its candidates (see DESIGN.md, "The walk"); with `fit`, the page
 * is its passing tours regrouped by verdict.
 */
function walkSearch(
  index: TourIndex,
  query: IndexQuery,
  options: OrderedSearchOptions,
  fit?: FitOrder,
): IndexSearchResult {
  const { common, facets, dates: bounds } = query;
  // Summaries and dates side by side: the walk's tours are often scattered (decision 062).
  const { tours: records, dates: dateRecords } = walkRecordsOf(index);
  const { ids, fromPrice } = index;
  const { segment, riderWeight } = query;
  const { maxRiderWeight, heavyDates } = index;
  const heavyFree = index.dates.heavyFree;
  const counter = options.withFacets ? new FacetCounter(index) : undefined;
  const priceRange = counter?.priceRange;
  const durations = counter?.durations;
  const passing = new TourList(scratchOf(index).passing);
  // Tours that fail exactly one facet filter, by that filter's position (facets only).
  const failingOne = counter ? facets.map((_, position) => failingList(index, position)) : [];
  const byPrice = options.sort !== 'default' ? new PriceOrder(index) : undefined;
  const daysCap = FILTER_LIMITS.daysMax;
  // Without facets, a tour failing any facet filter is out: walk a posting list if one is short.
  // With facets, so can a search whose only filter is one list (and maybe a price range): its own
  // kind then counts what the rest matches, known in advance (`ownKindCounts`).
  const narrow = !query.walkSegment;
  const onlyList =
    counter && narrow && takes(query, 'only-list') ? onlyListFilter(index, query) : undefined;
  const plan: WalkPlan | undefined = !narrow
    ? undefined
    : counter
      ? onlyList
        ? { tours: positionsOf({ list: onlyList }), checkSegment: true, proven: [0] }
        : facetCandidates(index, query)
      : narrowestCandidates(query);
  const walk = plan?.tours ?? segment;
  const inSegment = plan?.checkSegment ? membership(index, segment) : undefined;
  // A tour without a date in a fortnight the window touches is out before its records are read
  // (decision 080): a bit in a bitset of a few hundred kilobytes instead of a scattered record.
  const inWindow =
    !plan?.inWindow && walk.length >= index.size * WINDOW_BITS_WALK && takes(query, 'window-bits')
      ? windowBitsOf(index, bounds)
      : undefined;
  const knownFailures = plan?.failed;
  const union = plan?.union;
  // The facet tests the plan has not answered, with their positions.
  const testPositions = facets
    .map((_, position) => position)
    .filter((position) => !plan?.proven.includes(position));
  const tests = testPositions.map((position) => walkTest(index, query, position, walk.length));
  const shortcut = dateShortcut(bounds, byPrice !== undefined);
  const summaries = takes(query, 'summaries');
  // A date window that tours' fortnights may decide without their dates (decision 075).
  const periodMasks = periodMasksOf(index);
  const window = takes(query, 'period-masks') ? windowMaskOf(periodMasks, bounds) : undefined;
  // Once the window's bits have dropped the tours without a date in it, the masks' other answer
  // comes from bits too (decision 080): a bit per tour instead of its scattered 12-byte masks.
  const windowProof =
    window !== undefined && (plan?.inWindow === true || inWindow !== undefined)
      ? windowProofBits(index, periodMasks, window)
      : undefined;
  // A facet search walking the whole segment keeps what counts for no facet, for the complement.
  const excluded = counter && !plan ? new TourList(scratchOf(index).excluded) : undefined;

  tours: for (let n = 0; n < walk.length; n += 1) {
    const tour = walk[n]!;
    if (inSegment !== undefined && inSegment[tour] === 0) continue;
    if (inWindow !== undefined && (inWindow[tour >>> 5]! & (1 << (tour & 31))) === 0) {
      excluded?.push(tour);
      continue;
    }
    for (let c = 0; c < common.length; c += 1) {
      if (!common[c]!(tour)) {
        excluded?.push(tour);
        continue tours;
      }
    }
    let failed = knownFailures === undefined ? -1 : knownFailures[n]!;
    if (union !== undefined) {
      // A union's tour holds at least one of its two lists: it fails the other or neither.
      const side = union.sides[n]!;
      if ((side & IN_FIRST) === 0) failed = union.first;
      else if ((side & IN_SECOND) === 0) failed = union.second;
    }
    for (let t = 0; t < tests.length; t += 1) {
      if (tests[t]!(tour)) continue;
      if (failed !== -1) {
        excluded?.push(tour); // two kinds fail: the tour counts for nothing
        continue tours;
      }
      failed = testPositions[t]!;
    }
    // Failing one kind matters only to that kind's facet.
    if (failed !== -1 && !counter) continue;
    const facetDates = counter !== undefined && failed === -1;
    // A rider only heavier horses carry, on a tour with a place free on some of its dates but not
    // all: only those dates count, for matching, the facets and the price that orders it, so they
    // are read (no summary, fortnight or cheapest-date column decides them).
    const heavyOnly =
      riderWeight !== undefined &&
      maxRiderWeight[tour]! < riderWeight &&
      heavyDates[tour] === HEAVY_SOME;

    // Date-level conditions, per group, on one and the same date.
    const at = tour * TOUR_STRIDE;
    let matches = false;
    let cheapest = Infinity;
    let buckets = 0;
    let summary: number;
    // Whether a date matches is all a tour needs when it counts for no facet's dates and takes no
    // place in a price order: its fortnights may tell.
    const decided =
      window !== undefined && !facetDates && !heavyOnly && (byPrice === undefined || failed !== -1)
        ? windowProof !== undefined
          ? (windowProof[tour >>> 5]! & (1 << (tour & 31))) !== 0
            ? HAS_DATE
            : UNDECIDED
          : windowDecides(periodMasks.masks, tour, window)
        : UNDECIDED;
    if (decided !== UNDECIDED) {
      matches = decided === HAS_DATE;
    } else if (!bounds.any && !(heavyOnly && (facetDates || byPrice !== undefined))) {
      // One field: its column, which a walk over a whole segment reads densely (a heavier rider's
      // tour here has a date with a place free: the common test saw to it).
      matches = fromPrice[tour] !== NONE;
      cheapest = fromPrice[tour]!;
      if (facetDates && records[at + MAX_PRICE] !== NONE) {
        // Every bookable date counts: the per-tour summaries answer without the dates.
        buckets = records[at + BUCKETS]!;
        if (records[at + MIN_PRICE]! < priceRange![0]!) priceRange![0] = records[at + MIN_PRICE]!;
        if (records[at + MAX_PRICE]! > priceRange![1]!) priceRange![1] = records[at + MAX_PRICE]!;
      }
    } else if (
      facetDates &&
      !heavyOnly &&
      summaries &&
      (summary = facetSummary(records, at, bounds, shortcut)) !== SCAN
    ) {
      // Decided from the tour's summaries (see `facetSummary`).
      if (summary & EVERY_DATE_IN_PRICE) buckets = records[at + BUCKETS]!;
      if (summary & EVERY_DATE_IN_DAYS) {
        if (records[at + MIN_PRICE]! < priceRange![0]!) priceRange![0] = records[at + MIN_PRICE]!;
        if (records[at + MAX_PRICE]! > priceRange![1]!) priceRange![1] = records[at + MAX_PRICE]!;
      }
      if ((summary & EVERY_DATE_MATCHES) === EVERY_DATE_MATCHES) {
        matches = true;
        cheapest = records[at + MIN_PRICE]!;
      }
    } else if (!facetDates && summaries && ruledOutBySummaries(records, at, bounds, shortcut)) {
      // No date of the tour can match.
    } else if (
      !facetDates &&
      !heavyOnly &&
      summaries &&
      provenBySummaries(records, at, bounds, shortcut)
    ) {
      matches = true;
      cheapest = records[at + MIN_PRICE]!;
    } else {
      // Without date filters only a heavier rider's tour reads its dates here (see above): the
      // bounds are open, and its dates with a place free match, price it and give the facets.
      const end = records[at + DATES_TO]! * DATE_STRIDE;
      for (let d = records[at + DATES_FROM]! * DATE_STRIDE; d < end; d += DATE_STRIDE) {
        const day = dateRecords[d + START_DAY]!;
        if (day < bounds.fromDay || day > bounds.toDay) continue;
        const days = dateRecords[d + DAYS]!;
        const inDays = days >= bounds.daysMin && days <= bounds.daysMax;
        const price = dateRecords[d + PRICE]!;
        const perDay = dateRecords[d + PER_DAY]!;
        const inPrice =
          price >= bounds.priceMin &&
          price <= bounds.priceMax &&
          perDay >= bounds.perDayMin &&
          perDay <= bounds.perDayMax;
        // A date without a heavier horse free does not match a rider who needs one, nor price
        // the tour for them (its card shows the dates that carry them).
        const carries = !heavyOnly || heavyFree[d / DATE_STRIDE] === 1;
        if (inDays && inPrice && carries) {
          matches = true;
          if (price < cheapest) cheapest = price;
        }
        if (facetDates && carries) {
          if (inPrice) buckets |= 1 << (days < daysCap ? days : daysCap);
          if (inDays) {
            if (price < priceRange![0]!) priceRange![0] = price;
            if (price > priceRange![1]!) priceRange![1] = price;
          }
        }
      }
    }
    // One step per set bit (a tour has few durations), highest first.
    while (buckets !== 0) {
      const bucket = 31 - Math.clz32(buckets);
      durations![bucket]! += 1;
      buckets ^= 1 << bucket;
    }
    if (!matches) {
      excluded?.push(tour);
      continue;
    }
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
      excluded && { excluded, segment: segmentCountsOf(index, segment) },
      onlyList && ownKindCounts(index, query),
    );
  }
  const page = byPrice
    ? byPrice.page(options.sort === '-price', options.offset, options.limit)
    : fit
      ? fit.page(passing.items.subarray(0, passing.length), options.offset, options.limit)
      : Array.from(
          passing.items.subarray(
            Math.min(options.offset, passing.length),
            Math.min(options.offset + options.limit, passing.length),
          ),
          (tour) => ids[tour]!,
        );
  return {
    total: passing.length,
    ids: page,
    facets: counter?.rows(organizerOptions(query, options)),
  };
}
