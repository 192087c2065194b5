import { consoleWarn, type Warn } from './favourite-ids';

// Sign-in's carrying of guest favourites, apart from `./favourites`: it runs once, at sign-in,
// so a bundler can leave it out of the code every page loads.

/** How many guest favourites one sign-in carries into an account (the API's list limit). */
export const MAX_CARRIED_FAVOURITES = 500;

/** The account's favourites on the server. */
export interface AccountFavourites {
  /** The account's ids (the API lists published tours only). */
  list(): Promise<readonly number[]>;
  /** Saves one id in the account; a failure is reported by rejecting. */
  add(tourId: number): Promise<void>;
}

/**
 * Sign-in: the guest's ids the account lacks are saved there first (none is lost, at most
 * `max`), then the account's list is the answer: it replaces the local one. A failed save is
 * logged and the others still go; a failed list rejects, and the caller keeps the local list.
 */
export async function carryFavouritesIntoAccount(
  localIds: readonly number[],
  account: AccountFavourites,
  { max = MAX_CARRIED_FAVOURITES, warn = consoleWarn }: { max?: number; warn?: Warn } = {},
): Promise<number[]> {
  const saved = await account.list();
  const known = new Set(saved);
  const missing = localIds.filter((id) => !known.has(id)).slice(0, max);
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
