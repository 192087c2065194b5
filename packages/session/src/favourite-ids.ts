import { parse } from 'cookie';
import { FAVOURITES_COOKIE } from './favourites';

// Reading tour ids, apart from the cookie's writer in `./favourites`: a page shows the ids the
// server read and writes the cookie on every change, but reads ids only when the visitor acts
// (a heart, the favourites page), so a bundler can leave this out of the code every page loads.

export type Warn = (message: string) => void;

/** A bad id gets a console warning and is otherwise ignored. */
export const consoleWarn: Warn = (message) => console.warn(message);

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
