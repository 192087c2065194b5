import { RIDER_LEVELS } from '@gallop/rider-fit';
import { QUERY_BOUNDS } from './bounds';
import { ACCOMMODATION_FILTERS, OPERATOR_TYPES, SORT_VALUES, TOUR_TYPES } from './constants';
import { toNumber } from './limits';

// Each field reads untrusted input (a query string, JSON, a form) with a small reader and keeps
// only what its rule allows; the zod schema states the resulting type. A field that fails its
// rule is dropped, never an error: a bad link still opens a search.

export type Reader<T> = (value: unknown) => T | undefined;

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** A list from an array, a comma-separated string or a single value. */
function listItems(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(listItems);
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return value === undefined || value === null ? [] : [value];
}

/** Ascending: numbers by value, texts by code unit (the same in every locale). */
const ascending = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Distinct values read by `read`, the first `max` of them (`QUERY_BOUNDS.listItems`), sorted.
 * Every list filter is a set (a tour matches any of its values, or all for `welfare`), so the
 * order a link gives them in means nothing: sorted, equal searches give equal URLs.
 */
export function setOf<T extends string | number>(
  read: Reader<T>,
  max: number = QUERY_BOUNDS.listItems,
): Reader<T[]> {
  return (value) => {
    const items = unique(
      listItems(value)
        .map(read)
        .filter((item) => item !== undefined),
    ).slice(0, max);
    return items.length > 0 ? items.sort(ascending) : undefined;
  };
}

/** Distinct known values, sorted (see {@link setOf}). */
export function setOfKnown<const T extends string | number>(values: readonly T[]): Reader<T[]> {
  return setOf(oneOf(values), values.length);
}

/**
 * Ids are positive integers; `'12'` reads as 12, anything else is dropped (docs/product.md,
 * Validation), and so is an id beyond the database's integers (`QUERY_BOUNDS.maxId`), which names
 * nothing.
 */
export const readId: Reader<number> = (value) => {
  const id = toNumber(value);
  return id !== undefined && Number.isInteger(id) && id > 0 && id <= QUERY_BOUNDS.maxId
    ? id
    : undefined;
};

/** Trimmed text; empty, or longer than any slug or name (`QUERY_BOUNDS.textLength`), is dropped. */
export const readText: Reader<string> = (value) => {
  const text = typeof value === 'string' ? value.trim() : undefined;
  return text && text.length <= QUERY_BOUNDS.textLength ? text : undefined;
};

/** Language values stay strings (codes or ids): letters, digits, `_` and `-`, 16 at most. */
export const readLanguage: Reader<string> = (value) => {
  const text = readText(typeof value === 'number' ? String(value) : value);
  return text !== undefined && text.length <= QUERY_BOUNDS.languageLength && /^[\w-]+$/.test(text)
    ? text
    : undefined;
};

function oneOf<const T extends string | number>(values: readonly T[]): Reader<T> {
  return (value) => {
    const candidate = typeof values[0] === 'number' ? toNumber(value) : readText(value);
    return values.find((allowed) => allowed === candidate);
  };
}

/** Booleans arrive as `true`/`false`, `1`/`0` or their strings. */
export const readBoolean: Reader<boolean> = (value) => {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
};

/** A calendar date as `YYYY-MM-DD`. */
export const readDate: Reader<string> = (value) => {
  const text = readText(value);
  if (text === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) ? text : undefined;
};

/** Whole units clamped into `0..cap`; a lower bound of 0 restricts nothing and is dropped. */
export const lowerBound =
  (cap: number): Reader<number> =>
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return undefined;
    const bound = Math.min(cap, Math.max(0, Math.round(number)));
    return bound > 0 ? bound : undefined;
  };

/** Whole units clamped into `0..cap`; an upper bound at its cap restricts nothing and is dropped. */
export const upperBound =
  (cap: number): Reader<number> =>
  (value) => {
    const number = toNumber(value);
    if (number === undefined) return undefined;
    const bound = Math.min(cap, Math.max(0, Math.round(number)));
    return bound < cap ? bound : undefined;
  };

/** A whole number from 1, clamped to `max`: a larger one asks for the most there is. */
export function positiveUpTo(max: number): Reader<number> {
  return (value) => {
    const number = toNumber(value);
    if (number === undefined || !Number.isInteger(number) || number < 1) return undefined;
    return Math.min(number, max);
  };
}

/** A number in `min..max`; outside it (a latitude of 91) it names nothing and is dropped. */
export function inRange(min: number, max: number): Reader<number> {
  return (value) => {
    const number = toNumber(value);
    return number === undefined || number > max || number < min ? undefined : number;
  };
}

/** A distance above 0, clamped to `max`: a wider circle asks for the widest there is. */
export function distanceUpTo(max: number): Reader<number> {
  return (value) => {
    const number = toNumber(value);
    return number === undefined || number <= 0 ? undefined : Math.min(number, max);
  };
}

/**
 * Hours in the saddle to the nearest half hour, clamped to `QUERY_BOUNDS.hoursMin`..`hoursMax`;
 * 0 or less names nothing, and the cap (no tour rides longer) restricts nothing: both dropped.
 */
export const readMaxHours: Reader<number> = (value) => {
  const number = toNumber(value);
  if (number === undefined || number <= 0) return undefined;
  const { hoursMin, hoursMax } = QUERY_BOUNDS;
  const hours = Math.min(hoursMax, Math.max(hoursMin, Math.round(number * 2) / 2));
  return hours < hoursMax ? hours : undefined;
};

/**
 * A rider's weight to the nearest kilogram, within the rider passport's limits
 * (`QUERY_BOUNDS.riderWeightMin`..`riderWeightMax`); outside them it is no rider's and is dropped.
 */
export const readRiderWeight: Reader<number> = (value) => {
  const number = toNumber(value);
  const { riderWeightMin, riderWeightMax } = QUERY_BOUNDS;
  return number === undefined || number < riderWeightMin || number > riderWeightMax
    ? undefined
    : Math.round(number);
};

export const readSort = oneOf(SORT_VALUES);
export const readRiderLevel = oneOf(RIDER_LEVELS);
export const readOperatorType = oneOf(OPERATOR_TYPES);
export const readAccommodation = oneOf(ACCOMMODATION_FILTERS);
export const readTourType = oneOf(TOUR_TYPES);
