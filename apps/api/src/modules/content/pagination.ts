import type { components } from '@gallop/api-client';
import { HttpError } from '#src/http/http-error.ts';

/**
 * Request validation lets `Infinity` and `1e400` through integer parameters (bounds included);
 * such a number would fail the query (a 5xx), so it is refused here as the contract means it to
 * be: a 400. Absent optional parameters are skipped.
 */
export function assertWholeNumbers(values: Record<string, number | undefined>): void {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && !Number.isSafeInteger(value)) {
      errors[name] = ['must be a whole number'];
    }
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, 'Invalid query parameters', errors);
  }
}

/** PostgreSQL text cannot hold NUL: a slug with one names nothing (and must not reach a query). */
export const isStorableText = (text: string) => !text.includes('\u0000');

/** Whether `page` starts past the last of `total` items (then no query is needed). */
export const isPastEnd = (page: number, perPage: number, total: number) =>
  (page - 1) * perPage >= total;

/** The contract's `Pagination` block for one page of `total` items. */
export function pagination(
  page: number,
  perPage: number,
  total: number,
): components['schemas']['Pagination'] {
  return { page, per_page: perPage, total, page_count: Math.ceil(total / perPage) };
}
