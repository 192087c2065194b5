import { parse } from 'cookie';
import { FAVOURITES_COOKIE, MAX_FAVOURITE_TOURS } from './favourites';

// Reading tour ids, apart from the cookie's writer in `./favourites`: a page shows the ids the
// server read and writes the cookie on every change, but reads ids only when the visitor acts
// (a heart, the favourites page), so a bundler can leave this out of the code every page loads.

export type Warn = (message: string) => void;

/** The largest tour id the API takes: its ids are 32-bit integers (`getToursByIds` refuses more). */
export const MAX_TOUR_ID = 2_147_483_647;

/**
 * Whether `id` can be a tour's: a whole number from 1 to `MAX_TOUR_ID`. Nothing else is counted:
 * an id the API refuses would empty the favourites page while the header's badge counts it.
 */
export const isFavouriteTourId = (id: unknown): id is number =>
  Number.isInteger(id) && (id as number) > 0 && (id as number) <= MAX_TOUR_ID;

/** A bad id gets a console warning and is otherwise ignored. */
export const consoleWarn: Warn = (message) => console.warn(message);

/**
 * A tour id is a whole number from 1 to the API's largest (`isFavouriteTourId`); anything else
 * (letters, 0, negative, beyond the API's ids) is ignored with a warning.
 */
export function toFavouriteTourId(value: unknown, warn: Warn = consoleWarn): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const id = /^\d{1,10}$/.test(text.trim()) ? Number(text) : undefined;
  if (isFavouriteTourId(id)) return id;
  warn(`Favourites: ignored an invalid tour id ${JSON.stringify(value)}`);
  return undefined;
}

/**
 * The ids of a `favorite_tours` cookie value ('12,34'): numeric, each once, in stored order, the
 * first `MAX_FAVOURITE_TOURS` of them (a cookie written before the cap may hold more).
 */
export function parseFavouriteTourIds(
  value: string | undefined,
  warn: Warn = consoleWarn,
): number[] {
  if (!value) return [];
  const ids = new Set<number>();
  for (const part of value.split(',')) {
    if (ids.size === MAX_FAVOURITE_TOURS) break;
    if (part.trim() === '') continue;
    const id = toFavouriteTourId(part, warn);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** The favourites of a `Cookie` request header (SSR) or `document.cookie`. */
export function favouriteTourIdsFromCookieHeader(
  header: string | null | undefined,
  warn: Warn = consoleWarn,
): number[] {
  return header ? parseFavouriteTourIds(parse(header)[FAVOURITES_COOKIE], warn) : [];
}
