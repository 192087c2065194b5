import { parse, serialize } from 'cookie';

/**
 * Favourite tours of a visitor: numeric tour ids, kept in the `favorite_tours` cookie so that a
 * server render shows the right hearts, and in the account once signed in. On sign-in the
 * guest's ids are carried into the account and the account's list replaces the local one.
 */
export const FAVOURITES_COOKIE = 'favorite_tours';

/** One year, like the currency choice. */
export const FAVOURITES_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** How many guest favourites one sign-in carries into an account (the API's list limit). */
export const MAX_CARRIED_FAVOURITES = 500;

export type Warn = (message: string) => void;

/** A bad id gets a console warning and is otherwise ignored. */
const consoleWarn: Warn = (message) => console.warn(message);

/** A tour id is a positive whole number; anything else is ignored with a warning. */
export function toFavouriteTourId(value: unknown, warn: Warn = consoleWarn): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (/^\d{1,15}$/.test(text.trim()) && Number(text) > 0) return Number(text);
  warn(`Favourites: ignored a non-numeric tour id ${JSON.stringify(value)}`);
  return undefined;
}

/** The ids of a `favorite_tours` cookie value ('12,34'): numeric, each once, in stored order. */
export function parseFavouriteTourIds(
  value: string | undefined,
  warn: Warn = consoleWarn,
): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    if (part.trim() === '') continue;
    const id = toFavouriteTourId(part, warn);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The favourites of a `Cookie` request header (SSR) or `document.cookie`. */
export function favouriteTourIdsFromCookieHeader(
  header: string | null | undefined,
  warn: Warn = consoleWarn,
): number[] {
  return header ? parseFavouriteTourIds(parse(header)[FAVOURITES_COOKIE], warn) : [];
}

/**
 * `document.cookie = ...` value storing the ids (comma-separated) for a year on the whole site;
 * an empty list deletes the cookie. Readable by scripts on purpose: it holds nothing secret.
 */
export function favouritesCookie(ids: readonly number[], options: { secure?: boolean } = {}) {
  return serialize(FAVOURITES_COOKIE, ids.join(','), {
    path: '/',
    maxAge: ids.length > 0 ? FAVOURITES_COOKIE_MAX_AGE : 0,
    sameSite: 'lax',
    secure: options.secure ?? false,
  });
}

/** The account's favourites on the server. */
export interface AccountFavourites {
  /** The account's ids (the API lists published tours only). */
  list(): Promise<readonly number[]>;
  /** Saves one id in the account; a failure is reported by rejecting. */
  add(tourId: number): Promise<void>;
}

/**
 * Sign-in: the guest's ids the account lacks are saved there first (none is lost, at most
 * `max`), then the account's list is the answer: it replaces the local one. A failed save is
 * logged and the others still go; a failed list rejects, and the caller keeps the local list.
 */
export async function carryFavouritesIntoAccount(
  localIds: readonly number[],
  account: AccountFavourites,
  { max = MAX_CARRIED_FAVOURITES, warn = consoleWarn }: { max?: number; warn?: Warn } = {},
): Promise<number[]> {
  const saved = await account.list();
  const known = new Set(saved);
  const missing = localIds.filter((id) => !known.has(id)).slice(0, max);
  if (missing.length === 0) return [...saved];
  for (const id of missing) {
    try {
      await account.add(id);
    } catch (error) {
      warn(`Favourites: tour ${id} was not saved in the account (${String(error)})`);
    }
  }
  return [...(await account.list())];
}
