/**
 * The tour-selection token's name and shape, apart from its storage (`./tour-selection-token.ts`)
 * so that the first load, which only asks whether this browser may be in tour-selection mode,
 * carries a few bytes and not the store (.size-limit.js).
 */
export const TOUR_SELECTION_TOKEN_PARAM = 'tour-selection-token';
export const TOUR_SELECTION_TOKEN_KEY = 'gallop:tour-selection-token';

/** The contract's token: request id, hyphen, 16 to 64 URL-safe characters. */
const TOKEN = /^[1-9]\d{0,9}-[A-Za-z0-9_-]{16,64}$/;

export function isTourSelectionToken(value: string): boolean {
  return TOKEN.test(value);
}

/**
 * Whether this page may be in tour-selection mode: a token in the address or in storage. The bar
 * that checks the token properly loads only then.
 */
export function mayBeInTourSelectionMode(): boolean {
  try {
    return (
      new URLSearchParams(window.location.search).has(TOUR_SELECTION_TOKEN_PARAM) ||
      window.localStorage.getItem(TOUR_SELECTION_TOKEN_KEY) !== null
    );
  } catch {
    return false;
  }
}
