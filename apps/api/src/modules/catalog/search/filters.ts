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
import { convertAmount, SITE_CURRENCY, type Rates } from '#src/shared/money/rates.ts';

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
 * The currency of a catalogue page's stored price bounds (`seo_pages.filters`): whole US dollars,
 * the site currency, whatever the visitor's. A page stands for one set of tours: "tours under
 * 1,000" read in each visitor's currency listed tours under €1,000 for one and under ¥1,000
 * (none) for another.
 */
const STORED_PRICE_CURRENCY = SITE_CURRENCY;

/** The price bounds: amounts in the request's currency, or a page's in dollars. */
const PRICE_FIELDS = ['priceMin', 'priceMax', 'pricePerDayMin', 'pricePerDayMax'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];

/**
 * The request's prices: its currency (`X-Currency`), and the rates a catalogue page's dollar
 * bounds are converted at. A currency alone will do where no page's bounds are read (no page, or
 * a page in dollars for a visitor in dollars).
 */
export type FilterPrices = string | { currency: string; rates: Rates };

const currencyOf = (prices: FilterPrices | undefined) =>
  typeof prices === 'object' ? prices.currency : prices;

/**
 * A catalogue page's stored price bounds in the request's currency: read as dollars (whole, within
 * the dollar's caps, decision 176), then converted at the current rates and left unrounded, so
 * they stand for the same dollar figures (`usdMinorIn` converts them back) and the page lists the
 * same tours in every currency. Not clamped to the request currency's caps either: those are what
 * a visitor's slider reaches, not what a page may ask (US$10,000 is past RUB's 500,000).
 */
function storedPriceBounds(
  stored: Record<string, unknown>,
  prices: FilterPrices | undefined,
): Partial<Record<PriceField, number>> {
  const dollars = readFilterFields(
    Object.fromEntries(PRICE_FIELDS.map((field) => [field, stored[field]])),
    STORED_PRICE_CURRENCY,
  );
  const currency = currencyOf(prices) ?? STORED_PRICE_CURRENCY;
  const bounds: Partial<Record<PriceField, number>> = {};
  for (const field of PRICE_FIELDS) {
    const amount = dollars[field];
    if (amount === undefined) continue;
    if (currency === STORED_PRICE_CURRENCY) {
      bounds[field] = amount;
    } else if (typeof prices === 'object') {
      bounds[field] = convertAmount(amount, STORED_PRICE_CURRENCY, currency, prices.rates);
    } else {
      throw new Error(`A catalogue page's ${field} in ${currency} needs the rates`);
    }
  }
  return bounds;
}

/**
 * The merged filter field by field, before the rules between fields (which turn a reversed range
 * round and drop half a coordinate): what `assertConsistent` checks. An SEO page's stored filters
 * (if any), overridden field by field by the fields the query sets. The query's price bounds are
 * amounts in the request's currency (`X-Currency`), clamped to its caps (decision 176: ₩10,000,000
 * in KRW, the spec's 200,000 in USD): the contract takes any bound up to the largest cap, and one
 * at or above its currency's cap restricts nothing, as the spec's cap did. The page's own bounds
 * are dollars converted into that currency (`storedPriceBounds`). Without a currency, the
 * spec's caps and dollars.
 */
export function mergedFields(
  stored: Record<string, unknown> | undefined,
  query: Record<string, unknown>,
  prices?: FilterPrices,
): TourSearchFilter {
  const { fields, pageBounds } = mergeParts(stored, query);
  return { ...readFilterFields(fields, currencyOf(prices)), ...pageBounds(prices) };
}

/**
 * The effective filter: `mergedFields`, normalised (unknown values dropped, bounds clamped, bounds
 * that restrict nothing removed, a reversed range turned round, half a coordinate dropped).
 */
export function mergeFilters(
  stored: Record<string, unknown> | undefined,
  query: Record<string, unknown>,
  prices?: FilterPrices,
): TourSearchFilter {
  const { fields, pageBounds } = mergeParts(stored, query);
  const merged = { ...normalizeFilters(fields, currencyOf(prices)), ...pageBounds(prices) };
  // A page's bound against the visitor's, reversed (`assertConsistent` makes it a 400 first in
  // the API), is turned round as the rest of the filter is; both are already read.
  for (const [min, max] of PRICE_RANGES) {
    const low = merged[min];
    const high = merged[max];
    if (low !== undefined && high !== undefined && low > high) {
      merged[min] = high;
      merged[max] = low;
    }
  }
  return merged;
}

const PRICE_RANGES = [
  ['priceMin', 'priceMax'],
  ['pricePerDayMin', 'pricePerDayMax'],
] as const satisfies readonly (readonly [PriceField, PriceField])[];

/**
 * The stored fields less their price bounds, overridden by the fields the query sets; and the
 * page's bounds the query leaves, in the request's currency (a bound the visitor sets replaces
 * the page's, and is in the visitor's currency).
 */
function mergeParts(stored: Record<string, unknown> | undefined, query: Record<string, unknown>) {
  const given = setQueryFields(query);
  const storedFields: Record<string, unknown> = { ...stored };
  for (const field of PRICE_FIELDS) delete storedFields[field];
  const left: Record<string, unknown> = {};
  for (const field of PRICE_FIELDS) {
    if (stored?.[field] !== undefined && !(field in given)) left[field] = stored[field];
  }
  return {
    fields: { ...storedFields, ...given },
    pageBounds: (prices: FilterPrices | undefined) => storedPriceBounds(left, prices),
  };
}

/** The filter fields the query sets (see `isSet`), as given: what overrides a page's filters. */
export function setQueryFields(query: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const field of FILTER_FIELDS) {
    if (isSet(field, query[field])) fields[field] = query[field];
  }
  return fields;
}

const isPriceField = (field: string): field is PriceField =>
  (PRICE_FIELDS as readonly string[]).includes(field);

/**
 * The filter a page stands for (`ToursPage.filter`), in the query's terms: set fields only, no
 * paging, sorting or slug, booleans as 0/1 as the contract's query flags, price bounds in whole
 * units of the request's currency (a page's dollar bounds are converted unrounded).
 */
export function describeFilter(filter: TourSearchFilter): Record<string, unknown> {
  const { page: _page, sort: _sort, slug: _slug, ...rest } = filter;
  const described: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rest)) {
    if (!isSet(field as FilterField, value)) continue;
    if (isPriceField(field) && typeof value === 'number') described[field] = Math.round(value);
    else described[field] = typeof value === 'boolean' ? Number(value) : value;
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
