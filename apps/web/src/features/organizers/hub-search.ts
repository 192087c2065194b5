/**
 * The providers hub's address: `?page=N` shows pages 1..N. Apart from the API module, so the
 * route tree (first load) does not carry the hub's data code.
 */
export function validateHubSearch(search: Readonly<Record<string, unknown>>): { page?: number } {
  const page = Number(search['page']);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}
