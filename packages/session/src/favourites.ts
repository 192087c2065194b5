import { serialize } from 'cookie';

/**
 * Favourite tours of a visitor: numeric tour ids, kept in the `favorite_tours` cookie so that a
 * server render shows the right hearts, and in the account once signed in. On sign-in the
 * guest's ids are carried into the account and the account's list replaces the local one.
 */
export const FAVOURITES_COOKIE = 'favorite_tours';

/**
 * The most favourites a visitor keeps, as a guest (the cookie) and in an account (the API's
 * `addFavouriteTour` answers 422 past it). 200 ids of the widest id the API takes (10 digits,
 * `MAX_TOUR_ID`) make a 2,612-byte cookie, well under the browser's 4,096-byte limit, past which
 * the browser drops the cookie and with it every favourite.
 */
export const MAX_FAVOURITE_TOURS = 200;

/** What a heart says when the list is full (the API's 422 says the same). */
export const FAVOURITES_FULL_MESSAGE = `You can keep up to ${MAX_FAVOURITE_TOURS} favourites. Remove one to add another.`;

/** One year, like the currency choice. */
export const FAVOURITES_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * `document.cookie = ...` value storing the ids (comma-separated) for a year on the whole site;
 * an empty list deletes the cookie. Readable by scripts on purpose: it holds nothing secret. It
 * stores the first `MAX_FAVOURITE_TOURS` ids at most, so it always fits the browser's limit (an
 * account's copy may be longer: the account keeps what it held before the cap).
 */
export function favouritesCookie(ids: readonly number[], options: { secure?: boolean } = {}) {
  return serialize(FAVOURITES_COOKIE, ids.slice(0, MAX_FAVOURITE_TOURS).join(','), {
    path: '/',
    maxAge: ids.length > 0 ? FAVOURITES_COOKIE_MAX_AGE : 0,
    sameSite: 'lax',
    secure: options.secure ?? false,
  });
}
