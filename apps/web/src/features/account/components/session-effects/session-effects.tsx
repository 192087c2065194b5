import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../lib/api';
import {
  favouriteTourIdsAtom,
  listServerFavourites,
  saveServerFavourite,
  useFavouriteTourIds,
} from '../../../../lib/favourites';
import { useSession } from '../../session';

/** How many guest favourites are carried into an account at sign-in (the API's list limit). */
const MAX_CARRIED = 500;

/**
 * Once per signed-in traveller and page load (spec section 4, "Favourites": "On login the server
 * list replaces the local list"): guest hearts missing on the server are saved there first, so
 * none are lost, then the server's list replaces the local one (and the cookie).
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
    if (!user || syncedFor.current === user.id) return;
    syncedFor.current = user.id;
    void (async () => {
      try {
        const server = new Set(await listServerFavourites(api));
        const missing = localRef.current.filter((id) => !server.has(id)).slice(0, MAX_CARRIED);
        for (const id of missing) await saveServerFavourite(api, id, true);
        setIds(missing.length > 0 ? await listServerFavourites(api) : [...server]);
      } catch (error) {
        // The local list stays as it was (spec: failed loads are logged quietly).
        console.warn('Favourites: could not load the saved list', error);
      }
    })();
  }, [api, user, setIds]);

  return null;
}
