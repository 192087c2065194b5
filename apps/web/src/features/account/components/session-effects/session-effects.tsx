import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../lib/api';
import { favouriteTourIdsAtom, useFavouriteTourIds } from '../../../../lib/favourites';
import { useSession } from '../../session';

/**
 * Once per sign-in (docs/product.md, States, "Favourites": on sign-in the account's list replaces
 * the local one): guest hearts missing in the account are saved there first, so none are lost, then
 * the account's list replaces the local one (and the cookie). Every view of the list (header count,
 * hearts, `/favorites`) reads the same atom, so it shows at once, without a reload.
 */
export function SessionEffects() {
  const api = useApi();
  const { user } = useSession();
  const local = useFavouriteTourIds();
  const setIds = useSetAtom(favouriteTourIdsAtom);
  const syncedFor = useRef<number | undefined>(undefined);
  const localRef = useRef(local);
  localRef.current = local;

  useEffect(() => {
    // Signed out: the next sign-in (even of the same account) carries the hearts given meanwhile.
    if (!user) syncedFor.current = undefined;
    if (!user || syncedFor.current === user.id) return;
    const userId = user.id;
    syncedFor.current = userId;
    void import('../../../../lib/favourites-sync')
      .then(({ syncFavouritesWithAccount }) => syncFavouritesWithAccount(api, localRef.current))
      .then((ids) => {
        // Signed out (or in as someone else) meanwhile: that account's list is not this one's.
        if (syncedFor.current === userId) setIds(ids);
      })
      .catch((error: unknown) => {
        // The local list stays as it was (spec: failed loads are logged quietly).
        console.warn('Favourites: could not load the saved list', error);
      });
  }, [api, user, setIds]);

  return null;
}
