/**
 * The tour search filter as the search module reads it: the spec's fields, normalised by
 * `@gallop/search-filters` (the same rules the web applies to its URLs), merged from an SEO page's
 * stored filters and the query string, and checked for contradictory ranges.
 */
import {
  FILTER_DEFAULTS,
  FILTER_FIELDS,
  FILTER_RANGES,
  normalizeFilters,
  readFilterFields,
  type FilterField,
  type SearchFilters,
} from '@gallop/search-filters';
import { HttpError } from '#src/http/http-error.ts';

export type TourSearchFilter = SearchFilters;

/** Tours per page of `/spa/tours` and `/spa/tours-page`. */
export const PAGE_SIZE = 20;

/** Radius (km) of a place search when `placeName` or `lat`/`lng` come without `radius`. */
export const DEFAULT_RADIUS_KM = 100;

const DEFAULTS: Partial<Record<FilterField, unknown>> = FILTER_DEFAULTS;

/** Whether a query value says something: not absent, not empty, not the field's default. */
function isSet(field: FilterField, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value) && value.length === 0) return false;
  // Fastify fills contract defaults (type=1, page=1, sort=default ...) into the query, so a
  // default there cannot override a page's stored value (an excursions page stores type=2).
  return DEFAULTS[field] !== value;
}

/**
 * The effective filter: an SEO page's stored filters (if any), overridden field by field by the
 * fields the query sets, then normalised (unknown values dropped, bounds clamped, bounds that
 * restrict nothing removed). Price bounds are amounts in the request's `currency` (`X-Currency`)
 * and are clamped to its caps (decision 176: ₩10,000,000 in KRW, the spec's 200,000 in USD): the
 * contract takes any bound up to the largest cap, and one at or above its currency's cap
 * restricts nothing, as the spec's cap did. Without a currency, the spec's caps.
 */
export function mergeFilters(
  stored: Record<string, unknown> | undefined,
  query: Record<string, unknown>,
  currency?: string,
): TourSearchFilter {
  return normalizeFilters({ ...stored, ...setQueryFields(query) }, currency);
}

/**
 * The merged filter field by field, before the rules between fields (which turn a reversed range
 * round and drop half a coordinate): what `assertConsistent` checks. Price bounds in `currency`,
 * as `mergeFilters` reads them.
 */
export function mergedFields(
  stored: Record<string, unknown> | undefined,
  query: Record<string, unknown>,
  currency?: string,
): TourSearchFilter {
  return readFilterFields({ ...stored, ...setQueryFields(query) }, currency);
}

/** The filter fields the query sets (see `isSet`), as given: what overrides a page's filters. */
export function setQueryFields(query: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    if (isSet(field, query[field])) fields[field] = query[field];
  }
  return fields;
}

/**
 * The filter a page stands for (`ToursPage.filter`), in the query's terms: set fields only, no
 * paging, sorting or slug, booleans as 0/1 as the contract's query flags.
 */
export function describeFilter(filter: TourSearchFilter): Record<string, unknown> {
  const { page: _page, sort: _sort, slug: _slug, ...rest } = filter;
  const described: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rest)) {
    if (!isSet(field as FilterField, value)) continue;
    described[field] = typeof value === 'boolean' ? Number(value) : value;
  }
  return described;
}

function inverted(
  filter: TourSearchFilter,
  min: 'priceMin' | 'pricePerDayMin' | 'daysMin' | 'dateFrom',
  max: 'priceMax' | 'pricePerDayMax' | 'daysMax' | 'dateTo',
): boolean {
  const low = filter[min];
  const high = filter[max];
  return low !== undefined && high !== undefined && low > high;
}

/**
 * A range whose minimum exceeds its maximum is a client mistake, not an empty search: answer 400
 * with the field, as for any other invalid parameter. So is half a coordinate. Checked on the
 * fields as given (`mergedFields`): the web turns such a filter right before it asks.
 */
export function assertConsistent(filter: TourSearchFilter): void {
  const errors: Record<string, string[]> = {};
  for (const [min, max] of FILTER_RANGES) {
    if (inverted(filter, min, max)) errors[min] = [`must not be greater than ${max}`];
  }
  if ((filter.lat === undefined) !== (filter.lng === undefined)) {
    const [missing, given] = filter.lat === undefined ? ['lat', 'lng'] : ['lng', 'lat'];
    errors[missing] = [`is required when ${given} is given`];
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, 'Invalid query parameters', errors);
  }
}
