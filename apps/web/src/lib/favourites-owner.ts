/**
 * Whose favourites this browser holds. The local list (`./favourites.ts`, the `favorite_tours`
 * cookie) is either a guest's hearts or, once someone signed in, a copy of that account's list.
 * Only a guest's hearts join an account at sign-in (docs/product.md, States, "Favourites"); an
 * account's copy is replaced by the server's list on every signed-in load and forgotten at
 * sign-out, so it never reaches the next account on a shared device. The account's id is kept in
 * `localStorage`, shared by the browser's tabs like the cookie; without storage the list counts as
 * a guest's, as before.
 */
const OWNER_KEY = 'gallop.favourites-account';

/** The account whose copy the local list is, or undefined for a guest's hearts. */
export function favouritesOwner(): number | undefined {
  try {
    const stored = Number(globalThis.localStorage?.getItem(OWNER_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** Marks the local list as `accountId`'s copy, or (undefined) as a guest's again. */
export function setFavouritesOwner(accountId: number | undefined): void {
  try {
    if (accountId === undefined) globalThis.localStorage?.removeItem(OWNER_KEY);
    else globalThis.localStorage?.setItem(OWNER_KEY, String(accountId));
  } catch {
    // Storage refused (a private window's quota): the list counts as a guest's.
  }
}

/** The ids a sign-in may carry into the account: none while the list is an account's copy. */
export function guestFavouriteIds(ids: readonly number[]): readonly number[] {
  return favouritesOwner() === undefined ? ids : [];
}
