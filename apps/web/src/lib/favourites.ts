/**
 * Guest favourites (docs/product.md, Entities and States): a list of numeric tour ids kept in the
 * `favorite_tours` cookie, so the server renders the right heart state and header count.
 *
 * The server reads the cookie into `VisitorPreferences.favouriteTourIds` (`./visitor.ts`); in the
 * page the list lives in a jotai atom, hydrated from that value on first use and written back to
 * the cookie on every change. For a signed-in traveller every change also goes to the server
 * (docs/product.md, States: adding or removing calls the server only when signed in); on sign-in
 * the guest's ids are carried into the account and the account's list replaces the local one, on
 * later signed-in loads the account's list is read, and once signed out it leaves the browser
 * (`./favourites-sync.ts` and `./favourites-owner.ts`, run by `features/account`'s
 * `SessionEffects`). The rules that need no React live in `@gallop/session`. A heart's toggle is
 * in `./favourite-tour.ts`.
 */
import { favouritesCookie } from '@gallop/session';
import { useRouter } from '@tanstack/react-router';
import { atom, useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { useHydrated } from './use-hydrated';

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

/** The favourites of this visitor, starting from what the server read from the cookie. */
export function useFavouriteTourIds(): readonly number[] {
  const fromServer = useRouter().options.context.visitor?.favouriteTourIds ?? [];
  // Hydrates once per jotai store: whichever component asks first (header, heart, page).
  useHydrateAtoms(new Map([[storedIdsAtom, fromServer]]));
  const ids = useAtomValue(favouriteTourIdsAtom);
  // A part that hydrates late (a lazy page) may find the list already changed by the sign-in
  // sync: it first renders what the server rendered, then the list, one render later.
  return useHydrated() ? ids : fromServer;
}
