/**
 * A tour's heart (docs/product.md, States): the toggle and its save to the server, beside the list
 * in `./favourites.ts`, which the header's count needs on every page. The hearts render on the
 * pages' own chunks, so their code stays out of the first-load bundle.
 */
import type { GallopClient } from '@gallop/api-client';
import { isApiError } from '@gallop/api-client';
import { FAVOURITES_FULL_MESSAGE, MAX_FAVOURITE_TOURS, toFavouriteTourId } from '@gallop/session';
import { atom, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useApi } from './api';
import { failureText } from './failure-text';
import { favouriteTourIdsAtom, useFavouriteTourIds } from './favourites';
import { hasSession } from './session-tokens';

/** Takes a tour out of the favourites (an add the server refused, too). */
const dropFavouriteTourAtom = atom(null, (get, set, tourId: number) => {
  const ids = get(favouriteTourIdsAtom);
  if (ids.includes(tourId)) {
    set(
      favouriteTourIdsAtom,
      ids.filter((x) => x !== tourId),
    );
  }
});

/**
 * Adds a tour to the favourites or removes it; a non-numeric id is ignored with a warning. A full
 * list (`MAX_FAVOURITE_TOURS`, so the cookie fits the browser's limit) takes no more: 'full'.
 */
export const toggleFavouriteTourAtom = atom(
  null,
  (get, set, tourId: unknown): 'added' | 'removed' | 'full' | undefined => {
    const id = toFavouriteTourId(tourId);
    if (id === undefined) return undefined;
    const ids = get(favouriteTourIdsAtom);
    if (ids.includes(id)) {
      set(dropFavouriteTourAtom, id);
      return 'removed';
    }
    if (ids.length >= MAX_FAVOURITE_TOURS) return 'full';
    set(favouriteTourIdsAtom, [...ids, id]);
    return 'added';
  },
);

/**
 * Sends one change to the server. A failure is logged and the local list keeps the change (spec:
 * "A failed server removal is logged and the id is still removed locally"), except an add the
 * server refuses (422, the account's list is full): its message is the answer, to take it back.
 */
async function saveServerFavourite(
  api: GallopClient<true>,
  tourId: number,
  isFavourite: boolean,
): Promise<string | undefined> {
  try {
    await (isFavourite
      ? api.POST('/crm/api/favourite-tour/create', { body: { tour_id: tourId } })
      : api.POST('/crm/api/favourite-tour/delete', { body: { tour_id: tourId } }));
  } catch (error) {
    if (isFavourite && isApiError(error) && error.status === 422) return failureText(error);
    console.warn(`Favourites: the server did not save tour ${tourId}`, error);
  }
  return undefined;
}

/** How long a heart's refusal stays shown. */
const REFUSAL_SHOWN_MS = 8000;

/** A refusal to show: `key` tells a repeated one apart, so it is announced again. */
interface FavouriteRefusal {
  text: string;
  key: number;
}

/**
 * Whether one tour is a favourite, the function that switches it, and why the last add was
 * refused (a full list), shown for a few seconds.
 */
export function useFavouriteTour(tourId: number): {
  isFavourite: boolean;
  toggle: () => void;
  refusal: FavouriteRefusal | undefined;
} {
  const ids = useFavouriteTourIds();
  const toggle = useSetAtom(toggleFavouriteTourAtom);
  const drop = useSetAtom(dropFavouriteTourAtom);
  const api = useApi();
  const [refusal, setRefusal] = useState<FavouriteRefusal>();
  useEffect(() => {
    if (!refusal) return;
    const timer = setTimeout(() => setRefusal(undefined), REFUSAL_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [refusal]);
  const refuse = (text: string) => setRefusal((shown) => ({ text, key: (shown?.key ?? 0) + 1 }));
  return {
    isFavourite: ids.includes(tourId),
    refusal,
    toggle: () => {
      const change = toggle(tourId);
      if (change === 'full') {
        refuse(FAVOURITES_FULL_MESSAGE);
        return;
      }
      setRefusal(undefined);
      if (change === undefined || !hasSession(api)) return;
      void saveServerFavourite(api, tourId, change === 'added').then((refused) => {
        if (refused === undefined) return;
        drop(tourId);
        refuse(refused);
      });
    },
  };
}
