import { consoleWarn, type Warn } from './favourite-ids';
import { MAX_FAVOURITE_TOURS } from './favourites';

// Sign-in's carrying of guest favourites, apart from `./favourites`: it runs once, at sign-in,
// so a bundler can leave it out of the code every page loads.

/**
 * How many favourites a sign-in fills an account up to.
 * @deprecated Use `MAX_FAVOURITE_TOURS`, the cap on an account's list, which this now equals.
 */
export const MAX_CARRIED_FAVOURITES = MAX_FAVOURITE_TOURS;

/** The account's favourites on the server. */
export interface AccountFavourites {
  /** The account's ids (the API lists published tours only). */
  list(): Promise<readonly number[]>;
  /** Saves one id in the account; a failure is reported by rejecting. */
  add(tourId: number): Promise<void>;
}

/**
 * Sign-in: the guest's ids the account lacks are saved there first, as many as fit under the
 * account's cap (`max`, `MAX_FAVOURITE_TOURS`): the account's own stay, and the guest's most
 * recently added (last) fill the room left. Then the account's list is the answer: it replaces
 * the local one. A failed save (the API's 422 past the cap too) is logged and the others still
 * go; a failed list rejects, and the caller keeps the local list.
 */
export async function carryFavouritesIntoAccount(
  localIds: readonly number[],
  account: AccountFavourites,
  { max = MAX_FAVOURITE_TOURS, warn = consoleWarn }: { max?: number; warn?: Warn } = {},
): Promise<number[]> {
  const saved = await account.list();
  const known = new Set(saved);
  const room = Math.max(0, max - saved.length);
  const missing = room === 0 ? [] : localIds.filter((id) => !known.has(id)).slice(-room);
  if (missing.length === 0) return [...saved];
  for (const id of missing) {
    try {
      await account.add(id);
    } catch (error) {
      warn(`Favourites: tour ${id} was not saved in the account (${String(error)})`);
    }
  }
  return [...(await account.list())];
}
