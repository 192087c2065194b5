import type { components } from '@gallop/api-client';

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
