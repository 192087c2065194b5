/**
 * A tour's heart (docs/product.md, States): the toggle and its save to the server, beside the list
 * in `./favourites.ts`, which the header's count needs on every page. The hearts render on the
 * pages' own chunks, so their code stays out of the first-load bundle.
 */
import type { GallopClient } from '@gallop/api-client';
import { toFavouriteTourId } from '@gallop/session';
import { atom, useSetAtom } from 'jotai';
import { useApi } from './api';
import { favouriteTourIdsAtom, useFavouriteTourIds } from './favourites';
import { hasSession } from './session-tokens';

/** Adds a tour to the favourites or removes it; a non-numeric id is ignored with a warning. */
export const toggleFavouriteTourAtom = atom(null, (get, set, tourId: unknown) => {
  const id = toFavouriteTourId(tourId);
  if (id === undefined) return;
  const ids = get(favouriteTourIdsAtom);
  set(favouriteTourIdsAtom, ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);
});

/**
 * Sends one change to the server. A failure is logged and the local list keeps the change (spec:
 * "A failed server removal is logged and the id is still removed locally").
 */
async function saveServerFavourite(
  api: GallopClient<true>,
  tourId: number,
  isFavourite: boolean,
): Promise<void> {
  try {
    await (isFavourite
      ? api.POST('/crm/api/favourite-tour/create', { body: { tour_id: tourId } })
      : api.POST('/crm/api/favourite-tour/delete', { body: { tour_id: tourId } }));
  } catch (error) {
    console.warn(`Favourites: the server did not save tour ${tourId}`, error);
  }
}

/** Whether one tour is a favourite, and the function that switches it. */
export function useFavouriteTour(tourId: number): { isFavourite: boolean; toggle: () => void } {
  const ids = useFavouriteTourIds();
  const toggle = useSetAtom(toggleFavouriteTourAtom);
  const api = useApi();
  const isFavourite = ids.includes(tourId);
  return {
    isFavourite,
    toggle: () => {
      toggle(tourId);
      if (hasSession(api)) void saveServerFavourite(api, tourId, !isFavourite);
    },
  };
}
