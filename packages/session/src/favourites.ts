import { serialize } from 'cookie';

/**
 * Favourite tours of a visitor: numeric tour ids, kept in the `favorite_tours` cookie so that a
 * server render shows the right hearts, and in the account once signed in. On sign-in the
 * guest's ids are carried into the account and the account's list replaces the local one.
 */
export const FAVOURITES_COOKIE = 'favorite_tours';

/** One year, like the currency choice. */
export const FAVOURITES_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

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
