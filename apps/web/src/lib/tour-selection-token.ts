/**
 * Tour-selection mode starts from a link token (docs/product.md, Who it is for, Routes and
 * Entities): `?tour-selection-token={requestId}-{secret}` is stored and removed from the address,
 * so it is neither bookmarked nor shared by accident; the part before the first hyphen is the
 * request id. While a token is stored the site is in tour-selection mode: `/tour-selection` shows
 * the tours an organizer or support selected for that request (features/tour-selection).
 *
 * Stored in localStorage, not a cookie: only this browser's pages use it, it survives reloads and
 * new tabs, and it is not sent with every request.
 */
import { useSyncExternalStore } from 'react';
import {
  TOUR_SELECTION_TOKEN_KEY,
  TOUR_SELECTION_TOKEN_PARAM,
  isTourSelectionToken,
} from './tour-selection-token-format';

export { TOUR_SELECTION_TOKEN_KEY } from './tour-selection-token-format';

/** The request a token belongs to: the part before its first hyphen. */
export function requestIdOfSelectionToken(token: string): number | undefined {
  const head = token.slice(0, token.indexOf('-'));
  return /^[1-9]\d{0,9}$/.test(head) ? Number(head) : undefined;
}

/** Pages showing the stored token re-render when it changes (this tab or another). */
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Stores the token of `href` (if it has a usable one) and answers the address without the
 * parameter, else undefined. An empty or malformed parameter is dropped from the address
 * without replacing a stored token.
 */
export function takeTourSelectionToken(
  href: string,
  storage: Pick<Storage, 'setItem'>,
): string | undefined {
  const url = new URL(href, 'http://placeholder.invalid');
  if (!url.searchParams.has(TOUR_SELECTION_TOKEN_PARAM)) return undefined;
  const token = url.searchParams.get(TOUR_SELECTION_TOKEN_PARAM)?.trim() ?? '';
  if (isTourSelectionToken(token)) {
    try {
      storage.setItem(TOUR_SELECTION_TOKEN_KEY, token);
      changed();
    } catch {
      // Storage may be full or blocked (private mode): the address is cleaned all the same.
    }
  }
  url.searchParams.delete(TOUR_SELECTION_TOKEN_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The stored token, for the tour-selection screens. */
export function storedTourSelectionToken(storage: Pick<Storage, 'getItem'>): string | undefined {
  try {
    const token = storage.getItem(TOUR_SELECTION_TOKEN_KEY) ?? undefined;
    return token && isTourSelectionToken(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/** Leaves tour-selection mode. */
export function forgetTourSelectionToken(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(TOUR_SELECTION_TOKEN_KEY);
  } catch {
    // Blocked storage held no token either.
  }
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOUR_SELECTION_TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token in a component: none on the server and while hydrating, then the browser's. */
export function useStoredTourSelectionToken(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => storedTourSelectionToken(window.localStorage),
    () => undefined,
  );
}
