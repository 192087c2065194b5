// zod/mini: the same schemas as classic zod at a fraction of the bytes; this module runs in
// every page's first-load JavaScript (the web router's validateSearch).
import { z } from 'zod/mini';
import {
  ACCOMMODATION_FILTERS,
  COMFORT_LEVELS,
  DEFAULT_SORT,
  DIFFICULTY_LEVELS,
  FILTER_LIMITS,
  OPERATOR_TYPES,
  SORT_VALUES,
  TOUR_TYPES,
} from './constants';
import { normalizeMinAge, normalizePage, toNumber } from './limits';

// Each field reads untrusted input (a query string, JSON, a form) with a small reader and keeps
// only what its rule allows; the zod schema states the resulting type. A field that fails its
// rule is dropped, never an error: a bad link still opens a search.

type Reader<T> = (value: unknown) => T | undefined;

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** A list from an array, a comma-separated string or a single value. */
function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(listItems);
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return value === undefined || value === null ? [] : [value];
}

function listOf<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    const items = unique(
      listItems(value)
        .map(read)
        .filter((item) => item !== undefined),
    );
    return items.length > 0 ? items : undefined;
  };
}

/** Ids are positive integers; `'12'` reads as 12, anything else is dropped (spec section 5). */
const readId: Reader<number> = (value) => {
  const id = toNumber(value);
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

const readText: Reader<string> = (value) => {
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text ? text : undefined;
};

/** Language values stay strings (codes or ids): letters, digits, `_` and `-`. */
const readLanguage: Reader<string> = (value) => {
  const text = readText(typeof value === 'number' ? String(value) : value);
  return text !== undefined && /^[\w-]+$/.test(text) ? text : undefined;
};

function oneOf<const T extends string | number>(values: readonly T[]): Reader<T> {
  return (value) => {
    const candidate = typeof values[0] === 'number' ? toNumber(value) : readText(value);
    return values.find((allowed) => allowed === candidate);
  };
}

/** Booleans arrive as `true`/`false`, `1`/`0` or their strings. */
const readBoolean: Reader<boolean> = (value) => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
};

/** A calendar date as `YYYY-MM-DD`. */
const readDate: Reader<string> = (value) => {
  const text = readText(value);
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
};

/** Whole units clamped into `0..cap`; a lower bound of 0 restricts nothing and is dropped. */
const lowerBound =
  (cap: number): Reader<number> =>
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return undefined;
    const bound = Math.min(cap, Math.max(0, Math.round(number)));
    return bound > 0 ? bound : undefined;
  };

/** Whole units clamped into `0..cap`; an upper bound at its cap restricts nothing and is dropped. */
const upperBound =
  (cap: number): Reader<number> =>
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return undefined;
    const bound = Math.min(cap, Math.max(0, Math.round(number)));
    return bound < cap ? bound : undefined;
  };

const positiveInteger: Reader<number> = readId;

function inRange(min: number, max: number, exclusiveMin = false): Reader<number> {
  return (value) => {
    const number = toNumber(value);
    if (number === undefined || number > max || number < min) return undefined;
    return exclusiveMin && number === min ? undefined : number;
  };
}

// The casts only restate what the pipe does for the type checker, which cannot see through
// `Awaited<Out>` of a generic transform: a reader's value, checked by `type`, optional in `field`.
function field<Out>(read: Reader<Out>, type: z.ZodMiniType<Out, Out>) {
  const schema = z.catch(
    z.pipe(z.transform<unknown, unknown>(read), z.optional(type as z.ZodMiniType)),
    undefined,
  );
  return schema as unknown as z.ZodMiniOptional<z.ZodMiniType<Out, unknown>>;
}

function withDefault<Out>(read: (value: unknown) => Out, type: z.ZodMiniType<Out, Out>) {
  return z.pipe(
    z.transform<unknown, unknown>(read),
    type as z.ZodMiniType,
  ) as unknown as z.ZodMiniType<Out, unknown>;
}

const id = z.int().check(z.positive());
const ids = z.array(id);
const sortType = z.enum(SORT_VALUES);
const operatorTypeType = z.enum(OPERATOR_TYPES);
const accommodationType = z.enum(ACCOMMODATION_FILTERS);
const tourTypeType = z.literal(TOUR_TYPES);

const readSort = oneOf(SORT_VALUES);
const readOperatorType = oneOf(OPERATOR_TYPES);
const readAccommodation = oneOf(ACCOMMODATION_FILTERS);
const readTourType = oneOf(TOUR_TYPES);

/**
 * The tour search filter (spec section 3) with the normalisation of section 5 built in: parsing
 * any input gives the normalised filters (never throws for an object). Use it as a router's
 * `validateSearch` or call {@link normalizeFilters}.
 */
export const searchFiltersSchema = z.object({
  /** The search page's slug (`/{slug}`). */
  slug: field(readText, z.string()),
  organizer: field(readId, id),
  accommodation: withDefault((value) => readAccommodation(value) ?? 'any', accommodationType),
  comfort: field(listOf(oneOf(COMFORT_LEVELS)), z.array(z.enum(COMFORT_LEVELS))),
  maxGroupSize: field(positiveInteger, id),
  difficulty: field(listOf(oneOf(DIFFICULTY_LEVELS)), z.array(z.literal(DIFFICULTY_LEVELS))),
  priceMin: field(lowerBound(FILTER_LIMITS.priceMax), z.number()),
  priceMax: field(upperBound(FILTER_LIMITS.priceMax), z.number()),
  pricePerDayMin: field(lowerBound(FILTER_LIMITS.pricePerDayMax), z.number()),
  pricePerDayMax: field(upperBound(FILTER_LIMITS.pricePerDayMax), z.number()),
  minAge: withDefault(
    normalizeMinAge,
    z.int().check(z.minimum(0), z.maximum(FILTER_LIMITS.adultAge - 1)),
  ),
  dateFrom: field(readDate, z.string()),
  dateTo: field(readDate, z.string()),
  daysMin: field(lowerBound(FILTER_LIMITS.daysMax), z.number()),
  daysMax: field(upperBound(FILTER_LIMITS.daysMax), z.number()),
  restKinds: field(listOf(readId), ids),
  cities: field(listOf(readId), ids),
  regions: field(listOf(readId), ids),
  countries: field(listOf(readId), ids),
  /** A world part (direction kind `world_parts`). */
  continent: field(readId, id),
  collections: field(listOf(readId), ids),
  languages: field(listOf(readLanguage), z.array(z.string())),
  showplace: field(readId, id),
  isCruisesSearch: field(readBoolean, z.boolean()),
  cruisesType: field(readId, id),
  cruisesStartCity: field(readId, id),
  cruisesCabinsCapacity: field(positiveInteger, id),
  onlyReturningCruises: field(readBoolean, z.boolean()),
  ships: field(listOf(readId), ids),
  waterObject: field(readId, id),
  /** A free-text place searched around `lat`/`lng` within `radius` kilometres. */
  placeName: field(readText, z.string()),
  radius: field(inRange(0, 20_000, true), z.number()),
  lat: field(inRange(-90, 90), z.number()),
  lng: field(inRange(-180, 180), z.number()),
  page: withDefault(normalizePage, z.int().check(z.minimum(1))),
  sort: withDefault((value) => readSort(value) ?? DEFAULT_SORT, sortType),
  isAuthorTourSearch: field(readBoolean, z.boolean()),
  operatorType: withDefault((value) => readOperatorType(value) ?? 'any', operatorTypeType),
  type: withDefault((value) => readTourType(value) ?? 1, tourTypeType),
});

/** Normalised filters: what {@link normalizeFilters} and `queryToFilters` return. */
export type SearchFilters = z.output<typeof searchFiltersSchema>;
export type FilterField = keyof SearchFilters;

/** The fields in the spec's order, which is also the order of the query string. */
export const FILTER_FIELDS = Object.keys(searchFiltersSchema.shape) as FilterField[];

/** Values the normalised filters take when the input names none; the query omits them. */
export const FILTER_DEFAULTS = {
  accommodation: 'any',
  minAge: 0,
  page: 1,
  sort: DEFAULT_SORT,
  operatorType: 'any',
  type: 1,
} as const satisfies Partial<SearchFilters>;

/**
 * Normalises any input into {@link SearchFilters} (spec section 5): price range clamped to
 * 0..200000, price per day to 0..30000, days to 0..20, minimum age 0 unless 0..17, page at least
 * 1, ids numeric, unknown values dropped. Bounds that restrict nothing (a minimum of 0, a maximum
 * at its cap) are removed, so equal searches have equal filters.
 */
export function normalizeFilters(input: unknown): SearchFilters {
  const source = typeof input === 'object' && input !== null ? input : {};
  const parsed = searchFiltersSchema.parse(source);
  for (const key of FILTER_FIELDS) {
    if (parsed[key] === undefined) delete parsed[key];
  }
  return parsed;
}
