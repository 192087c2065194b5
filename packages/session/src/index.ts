export { carryFavouritesIntoAccount, MAX_CARRIED_FAVOURITES } from './carry-favourites';
export type { AccountFavourites } from './carry-favourites';
export {
  favouriteTourIdsFromCookieHeader,
  isFavouriteTourId,
  MAX_TOUR_ID,
  parseFavouriteTourIds,
  toFavouriteTourId,
} from './favourite-ids';
export {
  FAVOURITES_COOKIE,
  FAVOURITES_COOKIE_MAX_AGE,
  FAVOURITES_FULL_MESSAGE,
  favouritesCookie,
  MAX_FAVOURITE_TOURS,
} from './favourites';
export {
  createBrowserTokenStore,
  REFRESH_TOKEN_COOKIE,
  sessionCookies,
  SIGNED_IN_COOKIE,
  signedInCookie,
  signedInFromCookieHeader,
  TOKEN_COOKIE,
  TOKEN_COOKIE_MAX_AGE,
  TOKEN_STORAGE_KEY,
  tokenCookies,
  tokensFromCookieHeader,
} from './tokens';
export type { SessionTokenStore, SessionTokens, TokenCookieOptions } from './tokens';
