import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useApi } from '../../../../lib/api';
import { favouriteTourIdsAtom, useFavouriteTourIds } from '../../../../lib/favourites';
import { favouritesOwner, setFavouritesOwner } from '../../../../lib/favourites-owner';
import { hasSession } from '../../../../lib/session-tokens';
import { forgetAccount, signingOut, whileSigningOut } from '../../../../lib/sign-out';
import { profileQueryOptions } from '../../profile';
import { useSession } from '../../session';
import type { UserProfile } from '../../api';
import {
  onSignOutElsewhere,
  tellOtherTabsOfSignIn,
  tellOtherTabsOfSignOut,
} from '../../signed-out-elsewhere';

/**
 * What follows the session in every tab, after hydration:
 *
 * - Favourites (docs/product.md, States, "Favourites": on sign-in the account's list replaces the
 *   local one). Once per sign-in, the guest's hearts missing in the account are saved there, so
 *   none are lost; on every later signed-in load the account's list is read as it is, so a tour
 *   removed on another device stays removed (`lib/favourites-owner.ts` tells the two apart). Every
 *   view of the list (header count, hearts, `/favorites`) reads the same atom, so it shows at once.
 *   Once the page has no account (signed out here, in another tab, or the session expired), the
 *   account's list leaves the browser: on a shared device the next person starts empty.
 * - A sign-out in another tab of this browser: this tab forgets the account too (header, counts,
 *   signed-in pages) instead of showing it until a call answers 401.
 * - A sign-in to another account in another tab: the cookies are that account's now, so this tab
 *   forgets the one it shows (its profile and rider passports) and loads the new one, rather
 *   than showing the first account's data while its calls act as the second.
 */
export function SessionEffects() {
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { user } = useSession();
  const local = useFavouriteTourIds();
  const setIds = useSetAtom(favouriteTourIdsAtom);
  const syncedFor = useRef<number | undefined>(undefined);
  const localRef = useRef(local);
  localRef.current = local;

  useEffect(() => {
    if (user) {
      if (syncedFor.current === user.id) return;
      const userId = user.id;
      syncedFor.current = userId;
      tellOtherTabsOfSignIn(userId);
      const owner = favouritesOwner();
      void import('../../../../lib/favourites-sync')
        .then(({ accountFavourites }) => accountFavourites(api, localRef.current, owner))
        .then((ids) => {
          // Signed out (or in as someone else) meanwhile: that account's list is not this one's.
          if (syncedFor.current !== userId) return;
          setIds(ids);
          setFavouritesOwner(userId);
        })
        .catch((error: unknown) => {
          // The local list stays as it was (spec: failed loads are logged quietly).
          console.warn('Favourites: could not load the saved list', error);
        });
      return;
    }
    // No profile yet, or it failed to load, while a session is stored: still signed in.
    if (hasSession(api)) return;
    const hadAccount = syncedFor.current !== undefined;
    syncedFor.current = undefined;
    if (hadAccount || favouritesOwner() !== undefined) {
      setIds([]);
      setFavouritesOwner(undefined);
    }
    if (hadAccount) tellOtherTabsOfSignOut();
  }, [api, user, setIds]);

  useEffect(
    () =>
      onSignOutElsewhere((signedInTo) => {
        const profileKey = profileQueryOptions(api).queryKey;
        const shown = queryClient.getQueryData<UserProfile>(profileKey);
        if (!shown || signingOut()) return;
        // Only a tab that still shows an account whose session cookies are gone, or are now
        // another account's (signed in to it in another tab).
        const switched = signedInTo !== undefined && signedInTo !== shown.id;
        if (hasSession(api)) {
          if (!switched) return;
          // The session goes on as the other account (not a sign-out, whose calls for the
          // session would wait): the passports (weights) go at once, everything else this tab
          // holds, the profile first, is asked again as that account.
          queryClient.removeQueries({ queryKey: getRiderPassportQueryOptions(api).queryKey });
          void queryClient.invalidateQueries().then(() => router.invalidate());
          return;
        }
        // As a sign-out of this tab: calls for the session wait until the pages ran without it.
        void whileSigningOut(async () => {
          await forgetAccount(api, queryClient, profileKey);
          await router.invalidate();
        });
      }),
    [api, queryClient, router],
  );

  return null;
}
