/**
 * Guest favourites (docs/product.md, Entities and States): a list of numeric tour ids kept in the
 * `favorite_tours` cookie, so the server renders the right heart state and header count.
 *
 * The server reads the cookie into `VisitorPreferences.favouriteTourIds` (`./visitor.ts`); in the
 * page the list lives in a jotai atom, hydrated from that value on first use and written back to
 * the cookie on every change. For a signed-in traveller every change also goes to the server
 * (docs/product.md, States: adding or removing calls the server only when signed in); on sign-in
 * the guest's ids are carried into the account and the account's list replaces the local one
 * (`./favourites-sync.ts`, loaded by `features/account`'s `SessionEffects` at sign-in). The rules that
 * need no React live in `@gallop/session`.
 */
import type { GallopClient } from '@gallop/api-client';
import { favouritesCookie, toFavouriteTourId } from '@gallop/session';
import { useRouter } from '@tanstack/react-router';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useApi } from './api';
import { hasSession } from './session-tokens';

/** The list as it is now in this page; private: read it through the hooks below. */
const storedIdsAtom = atom<readonly number[]>([]);

/** The favourite tour ids, most recently added last. Writing stores the list in the cookie. */
export const favouriteTourIdsAtom = atom(
  (get) => get(storedIdsAtom),
  (_get, set, ids: readonly number[]) => {
    set(storedIdsAtom, ids);
    if (typeof document !== 'undefined') {
      document.cookie = favouritesCookie(ids, { secure: window.location.protocol === 'https:' });
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

/**
 * Sends one change to the server. A failure is logged and the local list keeps the change (spec:
 * "A failed server removal is logged and the id is still removed locally").
 */
async function saveServerFavourite(
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
