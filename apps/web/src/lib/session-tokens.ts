/**
 * Where the web app keeps the signed-in user's tokens (spec section 4, "Session"): cookies plus
 * local storage in the browser (`@gallop/session`), and, on the server, a store per request read
 * from the request's cookies. When a server render has to refresh an expired access token, the
 * rotated tokens must reach the browser, or its refresh token would be the one just used up:
 * `changedTokens()` tells the server which `Set-Cookie` headers to add.
 */
import type { GallopClient, TokenStore } from '@gallop/api-client';
import { tokensFromCookieHeader, type SessionTokens } from '@gallop/session';

export interface RequestTokenStore extends TokenStore {
  /** The tokens as they are after the render, when a refresh or a sign-out changed them. */
  changedTokens(): SessionTokens | undefined;
}

export function createRequestTokenStore(cookieHeader: string | null): RequestTokenStore {
  let tokens = tokensFromCookieHeader(cookieHeader);
  let changed = false;
  return {
    get: () => tokens,
    set(next) {
      tokens = { token: next.token, refreshToken: next.refreshToken };
      changed = true;
    },
    clear() {
      tokens = { token: null, refreshToken: null };
      changed = true;
    },
    changedTokens: () => (changed ? tokens : undefined),
  };
}

/**
 * Whether this visitor holds a session (a token or a refresh token). The server still decides
 * whether it is valid: a stale one fails the profile call, and the page then asks to sign in.
 */
export function hasSession(api: Pick<GallopClient, 'tokenStore'>): boolean {
  const tokens = api.tokenStore.get();
  if (tokens instanceof Promise) return false;
  return Boolean(tokens.token || tokens.refreshToken);
}
