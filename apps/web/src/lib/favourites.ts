/**
 * Guest favourites (spec sections 3 and 4): a list of numeric tour ids kept in the
 * `favorite_tours` cookie, so the server renders the right heart state and header count.
 *
 * The server reads the cookie into `VisitorPreferences.favouriteTourIds` (`./visitor.ts`); in the
 * page the list lives in a jotai atom, hydrated from that value on first use and written back to
 * the cookie on every change. For a signed-in traveller every change also goes to the server
 * (spec section 4: "Adding or removing calls the server only when logged in"); the server list
 * replaces the local one on sign-in (`features/account`, `FavouritesSync`).
 */
import type { GallopClient } from '@gallop/api-client';
import { useRouter } from '@tanstack/react-router';
import { parse, serialize } from 'cookie';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useApi } from './api';
import { hasSession } from './session-tokens';

export const FAVOURITES_COOKIE = 'favorite_tours';

/** One year, like the currency choice. */
const FAVOURITES_MAX_AGE_S = 365 * 24 * 60 * 60;

type Warn = (message: string) => void;

/** The spec asks for a console warning on a bad id. */
const consoleWarn: Warn = (message) => console.warn(message);

/** A tour id is a positive whole number; anything else is ignored with a warning (spec 5). */
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

/** Reads the favourites from a `Cookie` header (SSR) or `document.cookie`. */
export function favouriteTourIdsFromCookies(
  cookieHeader: string | null | undefined,
  warn: Warn = consoleWarn,
): number[] {
  return cookieHeader ? parseFavouriteTourIds(parse(cookieHeader)[FAVOURITES_COOKIE], warn) : [];
}

/**
 * `document.cookie = ...` value storing the ids (comma-separated, URL-encoded by `cookie`) for a
 * year on the whole site; an empty list deletes the cookie.
 */
export function favouritesCookie(ids: readonly number[], secure: boolean): string {
  return serialize(FAVOURITES_COOKIE, ids.join(','), {
    path: '/',
    maxAge: ids.length > 0 ? FAVOURITES_MAX_AGE_S : 0,
    sameSite: 'lax',
    secure,
  });
}

/** The list as it is now in this page; private: read it through the hooks below. */
const storedIdsAtom = atom<readonly number[]>([]);

/** The favourite tour ids, most recently added last. Writing stores the list in the cookie. */
export const favouriteTourIdsAtom = atom(
  (get) => get(storedIdsAtom),
  (_get, set, ids: readonly number[]) => {
    set(storedIdsAtom, ids);
    if (typeof document !== 'undefined') {
      document.cookie = favouritesCookie(ids, window.location.protocol === 'https:');
    }
  },
);

/** Adds a tour to the favourites or removes it; a non-numeric id is ignored with a warning. */
export const toggleFavouriteTourAtom = atom(null, (get, set, tourId: unknown) => {
  const id = toFavouriteTourId(tourId);
  if (id === undefined) return;
  const ids = get(favouriteTourIdsAtom);
  set(favouriteTourIdsAtom, ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
});

/** The favourites of this visitor, starting from what the server read from the cookie. */
export function useFavouriteTourIds(): readonly number[] {
  const fromServer = useRouter().options.context.visitor?.favouriteTourIds ?? [];
  // Hydrates once per jotai store: whichever component asks first (header, heart, page).
  useHydrateAtoms(new Map([[storedIdsAtom, fromServer]]));
  return useAtomValue(favouriteTourIdsAtom);
}

/** The signed-in traveller's list on the server (published tours only). */
export async function listServerFavourites(api: GallopClient): Promise<number[]> {
  const { data } = await api.GET('/crm/api/user/favourite-tours', {
    params: { query: { active_only: 1 } },
  });
  return data.ids;
}

/**
 * Sends one change to the server. A failure is logged and the local list keeps the change (spec:
 * "A failed server removal is logged and the id is still removed locally").
 */
export async function saveServerFavourite(
  api: GallopClient,
  tourId: number,
  isFavourite: boolean,
): Promise<void> {
  try {
    await (isFavourite
      ? api.POST('/crm/api/favourite-tour/create', { body: { tour_id: tourId } })
      : api.POST('/crm/api/favourite-tour/delete', { body: { tour_id: tourId } }));
  } catch (error) {
    console.warn(`Favourites: the server did not save tour ${tourId}`, error);
  }
}

/** Whether one tour is a favourite, and the function that switches it. */
export function useFavouriteTour(tourId: number): { isFavourite: boolean; toggle: () => void } {
  const ids = useFavouriteTourIds();
  const toggle = useSetAtom(toggleFavouriteTourAtom);
  const api = useApi();
  const isFavourite = ids.includes(tourId);
  return {
    isFavourite,
    toggle: () => {
      toggle(tourId);
      if (hasSession(api)) void saveServerFavourite(api, tourId, !isFavourite);
    },
  };
}
