/**
 * Favourites of a signed-in page (docs/product.md, States): at sign-in the guest's hearts join the
 * account, whose list then replaces the local one; on later loads the account's list is read as it
 * is (`./favourites-owner.ts` tells which case it is). Loaded only for a signed-in traveller, not
 * with every first page (.size-limit.js); the list itself lives in `./favourites.ts`.
 */
import type { GallopClient } from '@gallop/api-client';
import { carryFavouritesIntoAccount } from '@gallop/session';

/** The signed-in traveller's list on the server (published tours only). */
async function listServerFavourites(api: GallopClient<true>): Promise<number[]> {
  const { data } = await api.GET('/crm/api/user/favourite-tours', {
    params: { query: { active_only: 1 } },
  });
  return data.ids;
}

/**
 * After sign-in: the guest's `localIds` missing in the account are saved there, and the account's
 * list is the answer (it replaces the local one). Rejects when the account's list cannot be read.
 */
function syncFavouritesWithAccount(
  api: GallopClient<true>,
  localIds: readonly number[],
): Promise<number[]> {
  return carryFavouritesIntoAccount(localIds, {
    list: () => listServerFavourites(api),
    add: async (tourId) => {
      await api.POST('/crm/api/favourite-tour/create', { body: { tour_id: tourId } });
    },
  });
}

/**
 * The account's list for the local one. `localOwner` is whose copy the local list is
 * (`favouritesOwner()`): undefined, a guest's hearts, which join the account once, at this
 * sign-in; an account's copy (this one's on a later load, or another's never forgotten) joins
 * nothing, so a tour removed on another device is not saved again, and one account's tours never
 * reach another's.
 */
export function accountFavourites(
  api: GallopClient<true>,
  localIds: readonly number[],
  localOwner: number | undefined,
): Promise<number[]> {
  return localOwner === undefined
    ? syncFavouritesWithAccount(api, localIds)
    : listServerFavourites(api);
}
