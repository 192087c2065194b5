import {
  FILTER_DEFAULTS,
  FILTER_FIELDS,
  type FilterField,
  type PriceCurrency,
  type SearchFilters,
  normalizeFilters,
} from './fields';

/** The API query and the address bar state: one string per field, lists comma-separated. */
export type FilterQuery = Partial<Record<FilterField, string>>;

function isDefault(field: FilterField, value: unknown): boolean {
  return (
    field in FILTER_DEFAULTS && FILTER_DEFAULTS[field as keyof typeof FILTER_DEFAULTS] === value
  );
}

function toQueryValue(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

/**
 * Builds the query for the API and the address bar from filters (normalised first). Dropped:
 * empty values, the default sort, operator type and accommodation `any`, page 1, minimum age 0,
 * minima at 0 and maxima at their caps, and tour type 1. Booleans are `0`/`1`; lists are joined
 * with commas. `queryToFilters` reads it back to the same normalised filters. Price bounds are in
 * `currency` and capped by its caps (see `normalizeFilters`); the spec's caps without one.
 */
export function filtersToQuery(
  filters: Partial<SearchFilters> | Record<string, unknown>,
  currency?: PriceCurrency,
): FilterQuery {
  const normalized = normalizeFilters(filters, currency);
  const query: FilterQuery = {};
  for (const field of FILTER_FIELDS) {
    const value = normalized[field];
    if (isDefault(field, value)) continue;
    const text = toQueryValue(value);
    if (text !== undefined) query[field] = text;
  }
  return query;
}

/**
 * Reads filters back from a query: `URLSearchParams`, a query string (`'?page=2&cities=1,2'`) or
 * a record such as a router's parsed search (values may be strings, numbers, booleans or arrays;
 * repeated keys and comma-separated lists both work). The result is normalised, price bounds in
 * `currency` (see `normalizeFilters`).
 */
export function queryToFilters(
  query: URLSearchParams | string | Readonly<Record<string, unknown>>,
  currency?: PriceCurrency,
): SearchFilters {
  if (typeof query !== 'string' && !(query instanceof URLSearchParams)) {
    return normalizeFilters(query, currency);
  }
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return normalizeFilters(record, currency);
}
