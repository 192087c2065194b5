import { TACKS } from '@gallop/rider-fit';
import { QUERY_BOUNDS } from './bounds';
import {
  DEFAULT_SORT,
  COMFORT_LEVELS,
  DIFFICULTY_LEVELS,
  FILTER_LIMITS,
  WELFARE_COMMITMENTS,
} from './constants';
import { normalizeMinAge, normalizePage } from './limits';
import { filterCapsFor, type FilterCaps } from './caps';
import {
  distanceUpTo,
  inRange,
  lowerBound,
  positiveUpTo,
  readAccommodation,
  readBoolean,
  readDate,
  readId,
  readLanguage,
  readMaxHours,
  readOperatorType,
  readRiderLevel,
  readRiderWeight,
  readSort,
  readText,
  readTourType,
  setOf,
  setOfKnown,
  upperBound,
} from './readers';

type Simplify<T> = { [K in keyof T]: T[K] };

/**
 * The tour search filter (docs/product.md, Entities) as one reader per field, in the spec's order,
 * with the normalisation of Validation built in. Plain functions, no zod: {@link normalizeFilters}
 * runs in every page's first-load JavaScript. `searchFiltersSchema` wraps the same readers for zod
 * users.
 */
export const FIELD_READERS = {
  /** The search page's slug (`/{slug}`). */
  slug: readText,
  organizer: readId,
  accommodation: (value: unknown) => readAccommodation(value) ?? ('any' as const),
  comfort: setOfKnown(COMFORT_LEVELS),
  maxGroupSize: positiveUpTo(QUERY_BOUNDS.maxGroupSize),
  difficulty: setOfKnown(DIFFICULTY_LEVELS),
  /** Tours for a rider of this level: the tour asks for it or a lower one. */
  riderLevel: readRiderLevel,
  /** Tours ridden in one of these tacks, or whose organizer saddles another on request. */
  tack: setOfKnown(TACKS),
  /** Tours whose longest day in the saddle is at most this many hours (half hours). */
  maxHours: readMaxHours,
  /** Tours with a horse for a rider of this weight (kg) on a date the search matches. */
  riderWeight: readRiderWeight,
  /** Tours whose horses' keeping holds every one of these commitments (decision 122). */
  welfare: setOfKnown(WELFARE_COMMITMENTS),
  // In the search's currency, capped by the default currency's caps here (the spec's 200000 and
  // 30000); `readersFor` gives another currency's (decision 176).
  priceMin: lowerBound(FILTER_LIMITS.priceMax),
  priceMax: upperBound(FILTER_LIMITS.priceMax),
  pricePerDayMin: lowerBound(FILTER_LIMITS.pricePerDayMax),
  pricePerDayMax: upperBound(FILTER_LIMITS.pricePerDayMax),
  minAge: normalizeMinAge,
  dateFrom: readDate,
  dateTo: readDate,
  daysMin: lowerBound(FILTER_LIMITS.daysMax),
  daysMax: upperBound(FILTER_LIMITS.daysMax),
  restKinds: setOf(readId),
  cities: setOf(readId),
  regions: setOf(readId),
  countries: setOf(readId),
  /** A world part (direction kind `world_parts`). */
  continent: readId,
  collections: setOf(readId),
  languages: setOf(readLanguage, QUERY_BOUNDS.languages),
  showplace: readId,
  isCruisesSearch: readBoolean,
  cruisesType: readId,
  cruisesStartCity: readId,
  cruisesCabinsCapacity: positiveUpTo(QUERY_BOUNDS.cabinsCapacity),
  onlyReturningCruises: readBoolean,
  ships: setOf(readId),
  waterObject: readId,
  /** A free-text place searched around `lat`/`lng` within `radius` kilometres. */
  placeName: readText,
  radius: distanceUpTo(QUERY_BOUNDS.radiusMax),
  lat: inRange(-90, 90),
  lng: inRange(-180, 180),
  page: normalizePage,
  sort: (value: unknown) => readSort(value) ?? DEFAULT_SORT,
  isAuthorTourSearch: readBoolean,
  operatorType: (value: unknown) => readOperatorType(value) ?? ('any' as const),
  type: (value: unknown) => readTourType(value) ?? (1 as const),
};

type FieldReaders = typeof FIELD_READERS;

/** Normalised filters: what {@link normalizeFilters} and `queryToFilters` return. */
export type SearchFilters = Simplify<
  {
    [
      K in keyof FieldReaders as undefined extends ReturnType<FieldReaders[K]> ? K : never
    ]?: Exclude<ReturnType<FieldReaders[K]>, undefined>;
  } & {
    [
      K in keyof FieldReaders as undefined extends ReturnType<FieldReaders[K]> ? never : K
    ]: ReturnType<FieldReaders[K]>;
  }
>;
export type FilterField = keyof SearchFilters;

/** The fields in the spec's order, which is also the order of the query string. */
export const FILTER_FIELDS = Object.keys(FIELD_READERS) as FilterField[];

/** Values the normalised filters take when the input names none; the query omits them. */
export const FILTER_DEFAULTS = {
  accommodation: 'any',
  minAge: 0,
  page: 1,
  sort: DEFAULT_SORT,
  operatorType: 'any',
  type: 1,
} as const satisfies Partial<SearchFilters>;

const READ_EACH_TIME = Symbol('read each time');

/**
 * What each reader makes of an absent field (its default, or nothing), read once: a search sets
 * a few of the forty fields, and the API normalises every search it answers. Only primitive
 * results are kept, so no two calls share an object.
 */
const READ_WHEN_ABSENT: Partial<Record<FilterField, unknown>> = Object.fromEntries(
  FILTER_FIELDS.map((key) => {
    const value: unknown = FIELD_READERS[key](undefined);
    // An object would be shared by every call: such a reader runs each time instead.
    return [key, typeof value === 'object' && value !== null ? READ_EACH_TIME : value];
  }),
);

/**
 * The currency price bounds are read in: a currency code (its caps, `filterCapsFor`), or caps
 * given as they are. Without one, the default currency's caps, which are the spec's.
 */
export type PriceCurrency = string | FilterCaps | undefined;

type FieldReaderTable = { [K in keyof FieldReaders]: (value: unknown) => unknown };

/** The readers with the price fields capped by `caps`, one table per distinct pair of caps. */
const READERS_BY_CAPS = new Map<string, FieldReaderTable>();

function readersFor(currency: PriceCurrency): FieldReaderTable {
  if (currency === undefined) return FIELD_READERS;
  const caps = filterCapsFor(currency);
  const key = `${caps.priceMax}/${caps.pricePerDayMax}`;
  let readers = READERS_BY_CAPS.get(key);
  if (readers === undefined) {
    readers = {
      ...FIELD_READERS,
      priceMin: lowerBound(caps.priceMax),
      priceMax: upperBound(caps.priceMax),
      pricePerDayMin: lowerBound(caps.pricePerDayMax),
      pricePerDayMax: upperBound(caps.pricePerDayMax),
    };
    READERS_BY_CAPS.set(key, readers);
  }
  return readers;
}

/**
 * Each field read by its own rule (see {@link normalizeFilters}), without the rules between
 * fields: what a strict reader (the API, which refuses a reversed range) checks before them.
 * Price bounds are read in `currency` (see {@link normalizeFilters}).
 */
export function readFilterFields(input: unknown, currency?: PriceCurrency): SearchFilters {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<
    string,
    unknown
  >;
  const readers = readersFor(currency);
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_FIELDS) {
    const given = source[key];
    // An absent field reads alike in every currency (no price bound).
    const absent = given === undefined ? READ_WHEN_ABSENT[key] : READ_EACH_TIME;
    const value = absent === READ_EACH_TIME ? readers[key](given) : absent;
    if (value !== undefined) filters[key] = value;
  }
  return filters as SearchFilters;
}

/** Minimum and maximum fields of one range. */
export const FILTER_RANGES = [
  ['priceMin', 'priceMax'],
  ['pricePerDayMin', 'pricePerDayMax'],
  ['daysMin', 'daysMax'],
  ['dateFrom', 'dateTo'],
] as const satisfies readonly (readonly [FilterField, FilterField])[];

/**
 * The rules between fields: a reversed range (`priceMin=5000&priceMax=100`) is read the right
 * way round, and half a coordinate (a `lat` without its `lng`) places nothing and is dropped.
 */
export function reconcileFields(filters: SearchFilters, currency?: PriceCurrency): SearchFilters {
  const readers = readersFor(currency);
  const next: Record<string, unknown> = { ...filters };
  for (const [min, max] of FILTER_RANGES) {
    // Both bounds of a range are numbers, or (dates) `YYYY-MM-DD` texts, which compare alike.
    const low = filters[min] as number | string | undefined;
    const high = filters[max] as number | string | undefined;
    if (low === undefined || high === undefined || low <= high) continue;
    // Read again: a bound swapped to 0 (or to its cap) restricts nothing and goes.
    const swapped = { [min]: readers[min](high), [max]: readers[max](low) };
    for (const [field, value] of Object.entries(swapped)) {
      if (value === undefined) delete next[field];
      else next[field] = value;
    }
  }
  if ((filters.lat === undefined) !== (filters.lng === undefined)) {
    delete next['lat'];
    delete next['lng'];
  }
  return next as SearchFilters;
}

/**
 * Normalises any input into {@link SearchFilters} (docs/product.md, Validation): price range
 * clamped to 0..200000, price per day to 0..30000, days to 0..20, minimum age 0 unless 0..17, page
 * at least 1, ids numeric, unknown values dropped; everything else kept within what the API accepts
 * (`QUERY_BOUNDS`), reversed ranges turned round and half coordinates dropped. Bounds that
 * restrict nothing (a minimum of 0, a maximum at its cap) are removed, so equal searches have
 * equal filters.
 *
 * Price bounds are amounts in the search's currency, and the 200000 / 30000 caps are the spec's,
 * written for RUB-sized units: pass the `currency` when it is known, and the bounds are clamped to
 * that currency's caps instead (`filterCapsFor`, decision 176: KRW takes up to 10000000 and
 * 1000000, JPY and KZT 1000000 and 100000), or pass caps (`LARGEST_FILTER_CAPS` keeps any bound
 * some currency takes).
 */
export function normalizeFilters(input: unknown, currency?: PriceCurrency): SearchFilters {
  return reconcileFields(readFilterFields(input, currency), currency);
}
