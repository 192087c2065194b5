/**
 * Where the web app keeps the signed-in user's tokens (docs/product.md, States, "Session";
 * decisions.md, "Sessions and tokens"): in HttpOnly cookies that only the web server reads. On
 * the server, a store per request is read from the request's cookies. When a server render has
 * to refresh an expired access token, the rotated tokens must reach the browser, or its refresh
 * token would be the one just used up: `changedTokens()` tells the server which `Set-Cookie`
 * headers to add. In the browser the store holds nothing (the web server adds the token to the
 * calls it forwards and refreshes it); it only knows from a readable marker cookie whether
 * someone is signed in.
 */
import type { GallopClient, TokenStore } from '@gallop/api-client';
import {
  signedInFromCookieHeader,
  tokensFromCookieHeader,
  type SessionTokens,
} from '@gallop/session';

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

/** The browser's store: never a token; whether a session exists comes from the marker cookie. */
export interface CookieSessionStore extends TokenStore {
  signedIn(): boolean;
}

const NO_TOKENS: SessionTokens = Object.freeze({ token: null, refreshToken: null });

/**
 * The token store of the browser's client. It holds nothing, so the client sends no
 * `X-Authorization` and never refreshes itself; the web server does both with the HttpOnly
 * cookies, and sets and clears them (sign-in and sign-out answers, refreshes).
 */
export function createCookieSessionStore(): CookieSessionStore {
  return {
    get: () => NO_TOKENS,
    set: () => undefined,
    clear: () => undefined,
    signedIn: () => signedInFromCookieHeader(globalThis.document?.cookie),
  };
}

/**
 * Whether this visitor holds a session: the marker cookie in the browser, a token or a refresh
 * token on the server. The server still decides whether it is valid: a stale one fails the
 * profile call, and the page then asks to sign in.
 */
export function hasSession(api: Pick<GallopClient<true>, 'tokenStore'>): boolean {
  const store: Partial<CookieSessionStore> = api.tokenStore;
  if (store.signedIn) return store.signedIn();
  const tokens = api.tokenStore.get();
  if (tokens instanceof Promise) return false;
  return Boolean(tokens.token || tokens.refreshToken);
}
