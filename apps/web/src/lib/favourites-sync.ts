/**
 * Favourites at sign-in (docs/product.md, States): the guest's hearts join the account, whose list
 * then replaces the local one. Loaded only when someone signs in, not with every first page
 * (.size-limit.js); the list itself lives in `./favourites.ts`.
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
export function syncFavouritesWithAccount(
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
