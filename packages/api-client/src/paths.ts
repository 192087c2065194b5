import type { paths } from './schema.gen';

// Paths of the contract that the middleware treats specially (docs/product.md, Calls and Errors).
// `satisfies` makes a renamed path in the contract a compile error here.

type ContractPath = keyof paths;

/** The tour call: a redirect in its answer is an error unless redirects are allowed. */
export const TOUR_PATH = '/spa/tour' satisfies ContractPath;
const LOGIN_PATH_LIST = [
  '/crm/api/user/auth',
  '/crm/api/user/auth-via-code',
  '/crm/api/user/redirect-auth-via-code',
] as const satisfies readonly ContractPath[];
/** Login calls whose answer may be `{ type: 'redirect', url }`. */
export const LOGIN_PATHS: readonly string[] = LOGIN_PATH_LIST;
/** The paths whose 2xx redirect answers the client refuses (`RedirectErrorBody`). */
export type RedirectingPath = typeof TOUR_PATH | (typeof LOGIN_PATH_LIST)[number];
/** Phrase completion: a newer call cancels the previous pending one. */
export const COMPLETION_PATH = '/spa/tours-filter-completion' satisfies ContractPath;
/** Price conversion: answers are cached 60 s per (from_currency, to_currency, amount). */
export const CONVERT_PRICE_PATH = '/node-api/convert-price' satisfies ContractPath;
/** Token refresh after a 401 while a token exists. */
export const REFRESH_TOKEN_PATH = '/crm/api/user/refresh-token' satisfies ContractPath;
