/**
 * Keeping the saved list to the tours that exist (the favourites page's chunk only, not the code
 * every page loads).
 */
import { FAVOURITES_COOKIE } from '@gallop/session';
import { parse } from 'cookie';
import { atom } from 'jotai';
import { favouriteTourIdsAtom } from '../../lib/favourites';

/**
 * The favourites page's cards have loaded: the ids asked for that the API did not answer
 * (unpublished or deleted tours) leave the list, so the header's count and the page agree. The
 * cookie is written again when it holds anything else than the list (ids it no longer counts,
 * such as `abc` or `-1`).
 */
export const dropUnlistedFavouritesAtom = atom(
  null,
  (get, set, { asked, listed }: { asked: readonly number[]; listed: readonly number[] }) => {
    const answered = new Set(listed);
    const gone = new Set(asked.filter((id) => !answered.has(id)));
    const current = get(favouriteTourIdsAtom);
    const kept = current.filter((id) => !gone.has(id));
    const cookie =
      typeof document === 'undefined'
        ? undefined
        : (parse(document.cookie)[FAVOURITES_COOKIE] ?? '');
    if (kept.length !== current.length || (cookie !== undefined && cookie !== kept.join(','))) {
      set(favouriteTourIdsAtom, kept);
    }
  },
);

/**
 * The cards query's data when it is the API's answer for the ids asked now: not the cards of the
 * ids before (`placeholderData`), nor the loader's stand-in for a failed load, dated 0
 * (`ensureFavouriteTours`), nor what is left after a failed refetch.
 */
export function listedAnswer<T>(query: {
  isSuccess: boolean;
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  data: T | undefined;
}): T | undefined {
  return query.isSuccess && !query.isPlaceholderData && query.dataUpdatedAt > 0
    ? query.data
    : undefined;
}
