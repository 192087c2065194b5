/**
 * The in-process search index: the search-facing columns of every published tour and of its
 * bookable dates, in typed arrays. Counting and faceting tens of thousands of tours in SQL costs
 * hundreds of milliseconds per search (each facet kind must count over the result *less* its own
 * filter, so every facet query walks nearly the whole catalogue); the same pass over typed arrays
 * takes a few milliseconds. PostgreSQL stays the system of record: the index is rebuilt from it
 * when the catalogue version or the day changes (see `index-provider.ts`), and card pages are
 * still loaded from the database by id. Semantics mirror `../conditions.ts` exactly; the
 * equivalence test compares both on every kind of filter.
 */

import { TACKS } from '@gallop/search-filters';
import { childAgeRange, welfareCommitmentsOf, welfareMaskOf, type EffectiveWelfare } from './rules';
import {
  chunked,
  finish,
  runInSlices,
  sortSteps,
  type SliceOptions,
  type SlicedRun,
  type Steps,
} from './steps';

/** Days since 1970-01-01 (UTC) of a `YYYY-MM-DD` date: dates compare as integers. */
export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / 86_400_000);
}

/** An array column of every tour in one flat array: tour `i` owns `values[offsets[i]..offsets[i+1])`. */
export interface RaggedColumn {
  offsets: Int32Array;
  values: Int32Array;
}

/** The row of a published tour the index is built from (see `load-index.ts`). */
export interface IndexTourRow {
  id: number;
  popularity: number;
  fromPriceUsd: number | null;
  type: number;
  isCruise: boolean;
  lastStartDate: string | null;
  maxGroupSize: number;
  /** The youngest traveller the tour takes at all; with the three below, the `minAge` filter. */
  minAge: number;
  countryIds: number[];
  regionIds: number[];
  cityIds: number[];
  restKindIds: number[];
  collectionIds: number[];
  languageCodes: string[];
  showplaceIds: number[];
  comfort: string;
  accommodation: string;
  difficulty: number;
  organizerId: number;
  operatorType: string;
  cruiseType: number | null;
  startCityId: number | null;
  /** The tour's own cabins capacity, else its ship's. */
  cabinsCapacity: number | null;
  isReturningCruise: boolean;
  shipId: number | null;
  waterObjectId: number | null;
  lat: number;
  lng: number;
  /** The riding requirements the search filters on (decision 106). 0 beginner … 4 advanced. */
  riderLevel: number;
  /** `english`, `western` or `other` (`TACKS`). */
  tack: string;
  otherTackOnRequest: boolean;
  /** Hours in the saddle on the longest day, above 0 and at most 12. */
  hoursLongestDay: number;
  /** The standard horses' weight limit (kg), and the heavier horses' (equal without any). */
  maxRiderWeightKg: number;
  heavyRiderWeightKg: number;
  /** The riding ages (null: no upper age), and whether non-riders come along (decision 118). */
  minRidingAge: number;
  maxRidingAge: number | null;
  nonRidersWelcome: boolean;
  /**
   * The tour's effective horse-welfare statement (its values over its organizer's); null when
   * the organizer has not stated one. Kept as the commitments it holds (`welfareMask`).
   */
  welfare: EffectiveWelfare | null;
}

/** A bookable date (future as of the index's day, not busy, a free seat). */
export interface IndexDateRow {
  tourId: number;
  startDate: string;
  duration: number;
  priceUsd: number;
  pricePerDayUsd: number;
  /** Places on heavier horses still free (for riders above the standard weight limit). */
  heavyPlacesFree: number;
}

/** The names facet values are shown with; a value without a name is never offered. */
export interface IndexLabels {
  countries: Map<number, string>;
  regions: Map<number, string>;
  cities: Map<number, string>;
  restKinds: Map<number, string>;
  collections: Map<number, string>;
  languages: Map<string, string>;
  organizers: Map<number, string>;
  worldParts: Map<number, string>;
  showplaces: Map<number, string>;
  waterObjects: Map<number, string>;
  ships: Map<number, string>;
  /** Country id → world part id: a tour is in the world parts of its countries. */
  worldPartOfCountry: Map<number, number>;
}

/** Text values stored as small integers (their position in `Dictionary.values`). */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }

  /** The code of a known value, or -1 (a value no tour has matches nothing). */
  find(value: string): number {
    return this.codes.get(value) ?? -1;
  }
}

/** Durations 0..20 days, the last bucket meaning "20 or more" (the filter's days cap). */
export const DURATION_BUCKETS = 21;

/** The segment of tours of one type, cruises or not (see `TourIndex.segments`). */
export function segmentKey(type: number, isCruise: boolean): string {
  return `${type}:${isCruise ? 'cruise' : 'land'}`;
}

/**
 * Ids below this pack with a price into one exactly representable double (`price * limit + id`),
 * so price orders sort natively without a comparator (the price sorts, the open listing and the
 * price ladder).
 */
export const PACKED_ID_LIMIT = 2 ** 21;

/** A missing optional id or number (`null` in the database): it equals and exceeds nothing. */
export const NONE = -1;

/** `TourIndex.childAgeTo` of a tour without an upper age: above any age. */
const NO_AGE_LIMIT = 2 ** 31 - 1;

/** `TourIndex.firstDay` of a tour without bookable dates: later than any day. */
const FIRST_DAY_NONE = 2 ** 31 - 1;

/**
 * `TourIndex.heavyDates`: how many of a tour's bookable dates have a heavier-horse place free.
 * With none or all of them, a rider who needs one is decided by the tour alone; with some, by
 * the dates a search matches.
 */
export const HEAVY_NONE = 0;
export const HEAVY_SOME = 1;
const HEAVY_ALL = 2;

/**
 * Hours in the saddle as whole half hours, rounded up: `maxHours` takes half hours only, and for
 * a half hour `h`, `hours ≤ h` exactly when `halfHoursOf(hours) ≤ 2h`.
 */
const halfHoursOf = (hours: number) => Math.ceil(hours * 2);

export interface TourIndex {
  /** The catalogue version and the day the index was built for. */
  version: number;
  today: string;
  todayDay: number;
  builtAt: number;
  size: number;
  /** The largest tour id (ids below 2^21 let price sorts pack price and id in one number). */
  maxId: number;
  ids: Int32Array;
  /**
   * Tour positions in the default order (popularity desc, id asc). Tours are stored in that
   * order, so this is `0, 1, 2, …`: position order is the default order.
   */
  defaultOrder: Int32Array;
  /**
   * The searchable tours of each kind (`segmentKey(type, isCruise)`): not past as of `today`, in
   * the default order. Every search walks one segment, never the whole catalogue.
   */
  segments: Map<string, Int32Array>;
  popularity: Int32Array;
  /** Cheapest bookable date in USD minor units, `NONE` when the tour has none. */
  fromPrice: Int32Array;
  type: Uint8Array;
  isCruise: Uint8Array;
  lastStartDay: Int32Array;
  maxGroupSize: Int32Array;
  /**
   * The ages a child can join the tour at (`childAgeRange`, decision 149): from `childAgeFrom` to
   * `childAgeTo` (`NO_AGE_LIMIT`: no upper age), none when the first is above the second.
   */
  childAgeFrom: Int32Array;
  childAgeTo: Int32Array;
  countries: RaggedColumn;
  regions: RaggedColumn;
  cities: RaggedColumn;
  restKinds: RaggedColumn;
  collections: RaggedColumn;
  /** Language codes as `languageDictionary` codes. */
  languages: RaggedColumn;
  showplaces: RaggedColumn;
  /** The world parts of the tour's countries, each once (`labels.worldPartOfCountry`). */
  worldParts: RaggedColumn;
  /**
   * The cruise columns, a value or none per tour: only a cruise holds one (its cabins capacity
   * is its own, else its ship's; `returningCruises` holds 1 for a cruise that returns).
   */
  waterObjects: RaggedColumn;
  cruiseTypes: RaggedColumn;
  cruiseStartCities: RaggedColumn;
  ships: RaggedColumn;
  cabinsCapacities: RaggedColumn;
  returningCruises: RaggedColumn;
  comfort: Int32Array;
  accommodation: Int32Array;
  difficulty: Int32Array;
  organizer: Int32Array;
  operatorType: Int32Array;
  /** The level a tour asks for: 0 beginner … 4 advanced (`RIDER_LEVELS`). */
  riderLevel: Int32Array;
  /** Hours in the saddle on the longest day as half hours, rounded up (`halfHoursOf`). */
  halfHoursLongestDay: Int32Array;
  /**
   * The tacks a tour can be ridden in, as `TACKS` positions: its own, or every tack when its
   * organizer saddles another on request (so the `tack` filter is a list filter, `tack` facet).
   */
  tacks: RaggedColumn;
  /**
   * The welfare commitments a tour holds as a bitmask (`welfareMaskOf`, 0 to 31): a filter on
   * several commitments is then a one-of filter on the masks holding them all, with value bitsets.
   */
  welfareMask: Int32Array;
  /** The standard and the heavier horses' weight limits, kilograms (`riderWeight`). */
  maxRiderWeight: Int16Array;
  heavyRiderWeight: Int16Array;
  /** Whether none, some or all of the bookable dates have a heavier-horse place free (`HEAVY_*`). */
  heavyDates: Uint8Array;
  /** Unit-sphere coordinates of each tour, for radius searches. */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  comfortDictionary: Dictionary;
  accommodationDictionary: Dictionary;
  operatorTypeDictionary: Dictionary;
  languageDictionary: Dictionary;
  /** Bookable dates, grouped by tour: tour `i` owns `dates.*[dateOffsets[i]..dateOffsets[i+1])`. */
  dateOffsets: Int32Array;
  /**
   * Per tour, over all its bookable dates: the duration buckets (bit `min(days, 20)`), the
   * cheapest and the dearest price (`NONE` without dates). Searches without date filters read
   * their facets from these, not from the dates.
   */
  durationBuckets: Int32Array;
  minPrice: Int32Array;
  maxPrice: Int32Array;
  /**
   * Per tour, the first and the last start day of its bookable dates (`FIRST_DAY_NONE` and
   * `NONE` without dates): with the summaries above they decide most date-filtered tours
   * without reading the dates.
   */
  firstDay: Int32Array;
  lastDay: Int32Array;
  dates: {
    startDay: Int32Array;
    duration: Int32Array;
    priceUsd: Int32Array;
    pricePerDayUsd: Int32Array;
    /** 1 when the date has a heavier-horse place free (read only for `riderWeight`). */
    heavyFree: Uint8Array;
  };
  labels: IndexLabels;
}

const orNone = (value: number | null) => (value === null ? NONE : value);

const RADIANS = Math.PI / 180;

/** Unit-sphere coordinates of a latitude/longitude (as earthdistance's `ll_to_earth`, scaled). */
export function unitVector(lat: number, lng: number): [number, number, number] {
  const phi = lat * RADIANS;
  const lambda = lng * RADIANS;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

export interface BuildIndexInput {
  version: number;
  today: string;
  tours: readonly IndexTourRow[];
  /** Bookable dates, in any order. */
  dates: readonly IndexDateRow[];
  labels: IndexLabels;
  now?: number;
}

/** The whole index from rows at hand (tests, small catalogues); see `TourIndexBuilder`. */
export function buildTourIndex(input: BuildIndexInput): TourIndex {
  const builder = new TourIndexBuilder();
  builder.addTours(input.tours);
  builder.addDates(input.dates);
  return builder.build(input);
}

/** The scalar columns, accumulated as plain arrays until the size is known. */
const SCALAR_COLUMNS = [
  'ids',
  'popularity',
  'fromPrice',
  'type',
  'isCruise',
  'lastStartDay',
  'maxGroupSize',
  'childAgeFrom',
  'childAgeTo',
  'comfort',
  'accommodation',
  'difficulty',
  'organizer',
  'operatorType',
  'riderLevel',
  'halfHoursLongestDay',
  'welfareMask',
  'maxRiderWeight',
  'heavyRiderWeight',
] as const;
type ScalarColumn = (typeof SCALAR_COLUMNS)[number];
type TourIndexColumns = Pick<TourIndex, ScalarColumn>;

/** The scalar columns stored as one byte per tour. */
const FLAG_COLUMNS = new Set<ScalarColumn>(['type', 'isCruise']);
/** The scalar columns stored as two bytes per tour (weights in kilograms: PostgreSQL smallints). */
const SMALL_COLUMNS = new Set<ScalarColumn>(['maxRiderWeight', 'heavyRiderWeight']);

type BuildInput = Pick<BuildIndexInput, 'version' | 'today' | 'labels' | 'now'>;

/**
 * Added positions in the default order: popularity descending, then id ascending. Both packed in
 * one number when they fit (ids below 2^21, popularity within 2^31), so the sort needs no
 * comparator and runs in steps; a comparator sort of a million tours took ~600 ms in one piece.
 */
function* defaultOrderOf(popularity: Int32Array, ids: Int32Array): Steps<Int32Array> {
  const size = ids.length;
  let highest = 0;
  let lowest = 0;
  let maxId = 0;
  for (let i = 0; i < size; i += 1) {
    if (popularity[i]! > highest) highest = popularity[i]!;
    if (popularity[i]! < lowest) lowest = popularity[i]!;
    if (ids[i]! > maxId) maxId = ids[i]!;
  }
  if (maxId >= PACKED_ID_LIMIT || highest - lowest >= 2 ** 31) {
    return Int32Array.from({ length: size }, (_, i) => i).sort(
      (a, b) => popularity[b]! - popularity[a]! || ids[a]! - ids[b]!,
    );
  }
  const keys = new Float64Array(size);
  const addedAt = new Int32Array(maxId + 1);
  yield* chunked(size, (from, to) => {
    for (let i = from; i < to; i += 1) {
      keys[i] = (highest - popularity[i]!) * PACKED_ID_LIMIT + ids[i]!;
      addedAt[ids[i]!] = i;
    }
  });
  yield* sortSteps(keys);
  const order = new Int32Array(size);
  yield* chunked(size, (from, to) => {
    for (let i = from; i < to; i += 1) order[i] = addedAt[keys[i]! % PACKED_ID_LIMIT]!;
  });
  return order;
}

/** Per tour, the summaries of its dates (see `TourIndex.durationBuckets` and `firstDay`). */
function* summariesOf(dateOffsets: Int32Array, dates: TourIndex['dates']) {
  const size = dateOffsets.length - 1;
  const durationBuckets = new Int32Array(size);
  const minPrice = new Int32Array(size).fill(NONE);
  const maxPrice = new Int32Array(size).fill(NONE);
  const firstDay = new Int32Array(size).fill(FIRST_DAY_NONE);
  const lastDay = new Int32Array(size).fill(NONE);
  const heavyDates = new Uint8Array(size);
  yield* chunked(size, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      let heavy = 0;
      for (let d = dateOffsets[tour]!; d < dateOffsets[tour + 1]!; d += 1) {
        const price = dates.priceUsd[d]!;
        const day = dates.startDay[d]!;
        durationBuckets[tour]! |= 1 << Math.min(dates.duration[d]!, DURATION_BUCKETS - 1);
        if (minPrice[tour] === NONE || price < minPrice[tour]!) minPrice[tour] = price;
        if (price > maxPrice[tour]!) maxPrice[tour] = price;
        if (day < firstDay[tour]!) firstDay[tour] = day;
        if (day > lastDay[tour]!) lastDay[tour] = day;
        heavy += dates.heavyFree[d]!;
      }
      const count = dateOffsets[tour + 1]! - dateOffsets[tour]!;
      heavyDates[tour] = heavy === 0 ? HEAVY_NONE : heavy === count ? HEAVY_ALL : HEAVY_SOME;
    }
  });
  return { durationBuckets, minPrice, maxPrice, firstDay, lastDay, heavyDates };
}

const RAGGED_COLUMNS = {
  countries: 'countryIds',
  regions: 'regionIds',
  cities: 'cityIds',
  restKinds: 'restKindIds',
  collections: 'collectionIds',
  showplaces: 'showplaceIds',
} as const;

/** The cruise columns and the row field each holds (see `TourIndex.waterObjects`). */
const CRUISE_COLUMNS = {
  waterObjects: (tour: IndexTourRow) => tour.waterObjectId,
  cruiseTypes: (tour: IndexTourRow) => tour.cruiseType,
  cruiseStartCities: (tour: IndexTourRow) => tour.startCityId,
  ships: (tour: IndexTourRow) => tour.shipId,
  cabinsCapacities: (tour: IndexTourRow) => tour.cabinsCapacity,
  returningCruises: (tour: IndexTourRow) => (tour.isReturningCruise ? 1 : null),
} as const;

type RaggedName = keyof typeof RAGGED_COLUMNS | keyof typeof CRUISE_COLUMNS | 'languages' | 'tacks';

const NO_VALUES: readonly number[] = [];

/** Every tack's position in `TACKS`: a tour whose organizer saddles another holds them all. */
const EVERY_TACK: readonly number[] = TACKS.map((_, position) => position);

/** The tacks a tour can be ridden in (`TourIndex.tacks`); an unknown tack names none. */
function tacksOf(tour: IndexTourRow): readonly number[] {
  if (tour.otherTackOnRequest) return EVERY_TACK;
  const position = (TACKS as readonly string[]).indexOf(tour.tack);
  return position === -1 ? NO_VALUES : [position];
}

/**
 * A column being read, in a typed array that doubles when full. Held in plain arrays, a million
 * tours' columns made a 1.2 GB heap whose collections held the event loop for up to half a second
 * while the index was read; a typed array's values live outside the heap the collector walks.
 */
class GrowingColumn<Values extends Int32Array | Float64Array> {
  length = 0;
  constructor(private values: Values) {}

  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new (this.values.constructor as new (length: number) => Values)(
        this.values.length * 2,
      );
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }

  /** The values pushed so far (a view: pushing more may leave it behind). */
  view(): Values {
    return this.values.subarray(0, this.length) as Values;
  }
}

const intColumn = () => new GrowingColumn(new Int32Array(1024));

/** A growable ragged column: each tour's values appended in tour order. */
class RaggedBuilder {
  private readonly offsets = intColumn();
  private readonly values = intColumn();
  constructor() {
    this.offsets.push(0);
  }
  add(list: readonly number[]) {
    for (const value of list) this.values.push(value);
    this.offsets.push(this.values.length);
  }
  /** Tour `tour`'s values of `column`, each passed through `map` (a dictionary's re-coding). */
  addFrom(column: RaggedColumn, tour: number, map?: (value: number) => number) {
    const end = column.offsets[tour + 1]!;
    for (let k = column.offsets[tour]!; k < end; k += 1) {
      this.values.push(map ? map(column.values[k]!) : column.values[k]!);
    }
    this.offsets.push(this.values.length);
  }
  /** The column with tour `i` holding the values added for tour `order[i]`, in steps. */
  *finish(order: Int32Array): Steps<RaggedColumn> {
    const offsets = new Int32Array(order.length + 1);
    const values = new Int32Array(this.values.length);
    const added = this.offsets.view();
    const addedValues = this.values.view();
    yield* chunked(order.length, (from, to) => {
      let at = offsets[from]!;
      for (let i = from; i < to; i += 1) {
        const end = added[order[i]! + 1]!;
        for (let k = added[order[i]!]!; k < end; k += 1) values[at++] = addedValues[k]!;
        offsets[i + 1] = at;
      }
    });
    return { offsets, values };
  }
}

/** Per tour, the world parts of its countries, each once, in steps. */
function* worldPartsOf(
  countries: RaggedColumn,
  worldPartOfCountry: ReadonlyMap<number, number>,
): Steps<RaggedColumn> {
  const tours = countries.offsets.length - 1;
  const offsets = new Int32Array(tours + 1);
  const values = intColumn();
  const parts: number[] = [];
  yield* chunked(tours, (from, to) => {
    for (let tour = from; tour < to; tour += 1) {
      parts.length = 0;
      for (let k = countries.offsets[tour]!; k < countries.offsets[tour + 1]!; k += 1) {
        const part = worldPartOfCountry.get(countries.values[k]!);
        if (part !== undefined && !parts.includes(part)) parts.push(part);
      }
      for (const part of parts) values.push(part);
      offsets[tour + 1] = values.length;
    }
  });
  return { offsets, values: values.view().slice() };
}

/**
 * Builds an index from rows given in chunks (the loader pages through the catalogue), so a
 * million tours never sit in memory as row objects: each chunk is folded into plain columns at
 * once. Add every tour before the dates.
 */
export class TourIndexBuilder {
  private readonly scalars = Object.fromEntries(
    SCALAR_COLUMNS.map((name) => [name, intColumn()]),
  ) as Record<ScalarColumn, GrowingColumn<Int32Array>>;
  private readonly ragged = Object.fromEntries(
    [...Object.keys(RAGGED_COLUMNS), ...Object.keys(CRUISE_COLUMNS), 'languages', 'tacks'].map(
      (name) => [name, new RaggedBuilder()],
    ),
  ) as Record<RaggedName, RaggedBuilder>;
  private readonly coordinates = new GrowingColumn(new Float64Array(3 * 1024));
  private readonly position = new Map<number, number>();
  private readonly dateColumns = {
    owner: intColumn(),
    startDay: intColumn(),
    duration: intColumn(),
    priceUsd: intColumn(),
    pricePerDayUsd: intColumn(),
    heavyFree: intColumn(),
  };
  readonly comfortDictionary = new Dictionary();
  readonly accommodationDictionary = new Dictionary();
  readonly operatorTypeDictionary = new Dictionary();
  readonly languageDictionary = new Dictionary();

  get size(): number {
    return this.scalars.ids.length;
  }

  addTours(rows: readonly IndexTourRow[]) {
    const column = this.scalars;
    for (const tour of rows) {
      this.position.set(tour.id, this.size);
      column.ids.push(tour.id);
      column.popularity.push(tour.popularity);
      column.fromPrice.push(orNone(tour.fromPriceUsd));
      column.type.push(tour.type);
      column.isCruise.push(tour.isCruise ? 1 : 0);
      // No date at all: the tour is past (it never passes `last_start_date >= today`).
      column.lastStartDay.push(tour.lastStartDate === null ? NONE : dayNumber(tour.lastStartDate));
      column.maxGroupSize.push(tour.maxGroupSize);
      const ages = childAgeRange(tour);
      column.childAgeFrom.push(ages.from);
      column.childAgeTo.push(Math.min(ages.to, NO_AGE_LIMIT));
      column.comfort.push(this.comfortDictionary.code(tour.comfort));
      column.accommodation.push(this.accommodationDictionary.code(tour.accommodation));
      column.difficulty.push(tour.difficulty);
      column.organizer.push(tour.organizerId);
      column.operatorType.push(this.operatorTypeDictionary.code(tour.operatorType));
      column.riderLevel.push(tour.riderLevel);
      column.halfHoursLongestDay.push(halfHoursOf(tour.hoursLongestDay));
      column.welfareMask.push(welfareMaskOf(welfareCommitmentsOf(tour.welfare)));
      column.maxRiderWeight.push(tour.maxRiderWeightKg);
      column.heavyRiderWeight.push(tour.heavyRiderWeightKg);
      this.ragged.tacks.add(tacksOf(tour));
      for (const [name, field] of Object.entries(RAGGED_COLUMNS)) {
        this.ragged[name as RaggedName].add(tour[field]);
      }
      for (const [name, valueOf] of Object.entries(CRUISE_COLUMNS)) {
        const value = tour.isCruise ? valueOf(tour) : null;
        this.ragged[name as RaggedName].add(value === null ? NO_VALUES : [value]);
      }
      this.ragged.languages.add(
        tour.languageCodes.map((code) => this.languageDictionary.code(code)),
      );
      const [x, y, z] = unitVector(tour.lat, tour.lng);
      this.coordinates.push(x);
      this.coordinates.push(y);
      this.coordinates.push(z);
    }
  }

  /**
   * Every tour of a built index except those `dropped` says, with its dates, as the index holds
   * them: no round trip through rows, so a kept tour comes out exactly as it went in (its unit
   * vector, its day numbers). `applyChangedTours` adds the changed tours after them.
   */
  addIndexTours(index: TourIndex, dropped: (id: number) => boolean) {
    const column = this.scalars;
    const recode = (from: Dictionary, into: Dictionary) => (code: number) =>
      into.code(from.values[code]!);
    const comfort = recode(index.comfortDictionary, this.comfortDictionary);
    const accommodation = recode(index.accommodationDictionary, this.accommodationDictionary);
    const operatorType = recode(index.operatorTypeDictionary, this.operatorTypeDictionary);
    const language = recode(index.languageDictionary, this.languageDictionary);
    const copied = [
      ...Object.keys(RAGGED_COLUMNS),
      ...Object.keys(CRUISE_COLUMNS),
      'tacks',
    ] as RaggedName[];
    for (let tour = 0; tour < index.size; tour += 1) {
      const id = index.ids[tour]!;
      if (dropped(id)) continue;
      const owner = this.size;
      this.position.set(id, owner);
      column.ids.push(id);
      column.popularity.push(index.popularity[tour]!);
      column.fromPrice.push(index.fromPrice[tour]!);
      column.type.push(index.type[tour]!);
      column.isCruise.push(index.isCruise[tour]!);
      column.lastStartDay.push(index.lastStartDay[tour]!);
      column.maxGroupSize.push(index.maxGroupSize[tour]!);
      column.childAgeFrom.push(index.childAgeFrom[tour]!);
      column.childAgeTo.push(index.childAgeTo[tour]!);
      column.comfort.push(comfort(index.comfort[tour]!));
      column.accommodation.push(accommodation(index.accommodation[tour]!));
      column.difficulty.push(index.difficulty[tour]!);
      column.organizer.push(index.organizer[tour]!);
      column.operatorType.push(operatorType(index.operatorType[tour]!));
      column.riderLevel.push(index.riderLevel[tour]!);
      column.halfHoursLongestDay.push(index.halfHoursLongestDay[tour]!);
      column.welfareMask.push(index.welfareMask[tour]!);
      column.maxRiderWeight.push(index.maxRiderWeight[tour]!);
      column.heavyRiderWeight.push(index.heavyRiderWeight[tour]!);
      for (const name of copied) this.ragged[name].addFrom(index[name], tour);
      this.ragged.languages.addFrom(index.languages, tour, language);
      this.coordinates.push(index.x[tour]!);
      this.coordinates.push(index.y[tour]!);
      this.coordinates.push(index.z[tour]!);
      const dates = this.dateColumns;
      for (let d = index.dateOffsets[tour]!; d < index.dateOffsets[tour + 1]!; d += 1) {
        dates.owner.push(owner);
        dates.startDay.push(index.dates.startDay[d]!);
        dates.duration.push(index.dates.duration[d]!);
        dates.priceUsd.push(index.dates.priceUsd[d]!);
        dates.pricePerDayUsd.push(index.dates.pricePerDayUsd[d]!);
        dates.heavyFree.push(index.dates.heavyFree[d]!);
      }
    }
  }

  /** Bookable dates of tours already added (dates of other tours are ignored). */
  addDates(rows: readonly IndexDateRow[]) {
    const column = this.dateColumns;
    for (const date of rows) {
      const owner = this.position.get(date.tourId);
      if (owner === undefined) continue;
      column.owner.push(owner);
      column.startDay.push(dayNumber(date.startDate));
      column.duration.push(date.duration);
      column.priceUsd.push(date.priceUsd);
      column.pricePerDayUsd.push(date.pricePerDayUsd);
      column.heavyFree.push(date.heavyPlacesFree > 0 ? 1 : 0);
    }
  }

  /** The index of everything added, built at once (tests, small catalogues). */
  build(input: BuildInput): TourIndex {
    return finish(this.buildSteps(input));
  }

  /**
   * The index of everything added, laid out in slices (`runInSlices`): at a million tours the
   * layout takes seconds, and requests go on meanwhile.
   */
  layOut(input: BuildInput, options?: SliceOptions): Promise<SlicedRun<TourIndex>> {
    return runInSlices(this.buildSteps(input), options);
  }

  /**
   * The index of everything added, built in steps (`steps.ts`): the loader runs them a slice at a
   * time, so serving requests goes on while a million tours are sorted and laid out (2 s or more
   * in one piece).
   */
  *buildSteps(input: BuildInput): Steps<TourIndex> {
    const size = this.size;
    const scalars = this.scalars;
    // Tours are stored in the default order (popularity desc, id asc), the order every search
    // walks its segment in: each column, and each tour's dates, is then read front to back
    // rather than at scattered positions (at 100k tours that was a cache miss per tour and
    // column, and most of a search's time).
    const order = yield* defaultOrderOf(scalars.popularity.view(), scalars.ids.view());
    const columns = {} as Record<ScalarColumn, Int32Array | Int16Array | Uint8Array>;
    for (const name of SCALAR_COLUMNS) {
      const column = FLAG_COLUMNS.has(name)
        ? new Uint8Array(size)
        : SMALL_COLUMNS.has(name)
          ? new Int16Array(size)
          : new Int32Array(size);
      const values = scalars[name].view();
      yield* chunked(size, (from, to) => {
        for (let i = from; i < to; i += 1) column[i] = values[order[i]!]!;
      });
      columns[name] = column;
    }
    const x = new Float64Array(size);
    const y = new Float64Array(size);
    const z = new Float64Array(size);
    const coordinates = this.coordinates.view();
    /** Stored position of each tour by the position it was added at. */
    const positionOf = new Int32Array(size);
    yield* chunked(size, (from, to) => {
      for (let i = from; i < to; i += 1) {
        const old = order[i]!;
        x[i] = coordinates[3 * old]!;
        y[i] = coordinates[3 * old + 1]!;
        z[i] = coordinates[3 * old + 2]!;
        positionOf[old] = i;
      }
    });
    const defaultOrder = Int32Array.from({ length: size }, (_, i) => i);
    const { dateOffsets, dates } = yield* this.datesByTour(positionOf);
    const summaries = yield* summariesOf(dateOffsets, dates);

    const todayDay = dayNumber(input.today);
    const segmentLists = new Map<string, number[]>();
    const { lastStartDay, type, isCruise } = columns;
    yield* chunked(size, (from, to) => {
      for (let tour = from; tour < to; tour += 1) {
        if (lastStartDay[tour]! < todayDay) continue;
        const key = segmentKey(type[tour]!, isCruise[tour] === 1);
        let list = segmentLists.get(key);
        if (!list) segmentLists.set(key, (list = []));
        list.push(tour);
      }
    });
    const segments = new Map(
      [...segmentLists].map(([key, list]) => [key, Int32Array.from(list)] as const),
    );
    const ragged = {} as Record<RaggedName, RaggedColumn>;
    for (const name of Object.keys(this.ragged) as RaggedName[]) {
      ragged[name] = yield* this.ragged[name].finish(order);
    }
    const worldParts = yield* worldPartsOf(ragged.countries, input.labels.worldPartOfCountry);
    const ids = columns.ids as Int32Array;
    let maxId = 0;
    for (let i = 0; i < size; i += 1) if (ids[i]! > maxId) maxId = ids[i]!;

    return {
      version: input.version,
      today: input.today,
      todayDay,
      builtAt: input.now ?? Date.now(),
      size,
      maxId,
      ...(columns as TourIndexColumns),
      x,
      y,
      z,
      defaultOrder,
      segments,
      ...ragged,
      worldParts,
      comfortDictionary: this.comfortDictionary,
      accommodationDictionary: this.accommodationDictionary,
      operatorTypeDictionary: this.operatorTypeDictionary,
      languageDictionary: this.languageDictionary,
      dateOffsets,
      ...summaries,
      dates,
      labels: input.labels,
    };
  }

  /** The dates grouped by tour position (a counting sort: two passes, no comparisons). */
  private *datesByTour(positionOf: Int32Array) {
    const size = positionOf.length;
    const added = {
      owner: this.dateColumns.owner.view(),
      startDay: this.dateColumns.startDay.view(),
      duration: this.dateColumns.duration.view(),
      priceUsd: this.dateColumns.priceUsd.view(),
      pricePerDayUsd: this.dateColumns.pricePerDayUsd.view(),
      heavyFree: this.dateColumns.heavyFree.view(),
    };
    const owners = new Int32Array(added.owner.length);
    const dateOffsets = new Int32Array(size + 1);
    yield* chunked(owners.length, (from, to) => {
      for (let row = from; row < to; row += 1) {
        const owner = positionOf[added.owner[row]!]!;
        owners[row] = owner;
        dateOffsets[owner + 1]! += 1;
      }
    });
    for (let i = 0; i < size; i += 1) dateOffsets[i + 1]! += dateOffsets[i]!;
    const dateCount = dateOffsets[size]!;
    const dates = {
      startDay: new Int32Array(dateCount),
      duration: new Int32Array(dateCount),
      priceUsd: new Int32Array(dateCount),
      pricePerDayUsd: new Int32Array(dateCount),
      heavyFree: new Uint8Array(dateCount),
    };
    const next = dateOffsets.slice(0, size);
    yield* chunked(owners.length, (from, to) => {
      for (let row = from; row < to; row += 1) {
        const owner = owners[row]!;
        const slot = next[owner]!;
        next[owner] = slot + 1;
        dates.startDay[slot] = added.startDay[row]!;
        dates.duration[slot] = added.duration[row]!;
        dates.priceUsd[slot] = added.priceUsd[row]!;
        dates.pricePerDayUsd[slot] = added.pricePerDayUsd[row]!;
        dates.heavyFree[slot] = added.heavyFree[row]!;
      }
    });
    return { dateOffsets, dates };
  }
}
