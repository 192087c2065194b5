/**
 * The blog index's address (apart from the API module, so the first load does not carry it):
 * `?page=N`, a whole number from 2 up; anything else is the first page.
 */
export function validateBlogSearch(search: Record<string, unknown>): { page?: number } {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page <= 100_000 ? { page } : {};
}
