/**
 * Tour-selection mode starts from a link token (spec sections 1 and 2.1): `?tour-selection-token=`
 * is stored and removed from the address, so it is neither bookmarked nor shared by accident.
 *
 * Stored in localStorage, not a cookie: only this browser's pages use it (the server renders
 * nothing from it), it survives reloads and new tabs, and it is not sent with every request.
 */
export const TOUR_SELECTION_TOKEN_PARAM = 'tour-selection-token';
export const TOUR_SELECTION_TOKEN_KEY = 'gallop:tour-selection-token';

/**
 * Stores the token of `href` (if it has one) and answers the address without it, else undefined.
 * An empty parameter is dropped from the address without replacing a stored token.
 */
export function takeTourSelectionToken(
  href: string,
  storage: Pick<Storage, 'setItem'>,
): string | undefined {
  const url = new URL(href, 'http://placeholder.invalid');
  if (!url.searchParams.has(TOUR_SELECTION_TOKEN_PARAM)) return undefined;
  const token = url.searchParams.get(TOUR_SELECTION_TOKEN_PARAM)?.trim() ?? '';
  if (token !== '') {
    try {
      storage.setItem(TOUR_SELECTION_TOKEN_KEY, token);
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
    return storage.getItem(TOUR_SELECTION_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
