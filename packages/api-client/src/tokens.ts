/** Access and refresh tokens of the signed-in user; `null` when absent. */
export interface AuthTokens {
  token: string | null;
  refreshToken: string | null;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * Where the client reads and writes the tokens. `@gallop/session` implements it over cookies and
 * local storage; on the server, build one per request from the request's cookies.
 */
export interface TokenStore {
  get(): MaybePromise<AuthTokens>;
  set(tokens: AuthTokens): MaybePromise<void>;
  clear(): MaybePromise<void>;
}

/** A token store that keeps the tokens in memory (the default: one per client). */
export function createMemoryTokenStore(initial: Partial<AuthTokens> = {}): TokenStore {
  let tokens: AuthTokens = {
    token: initial.token ?? null,
    refreshToken: initial.refreshToken ?? null,
  };
  return {
    get: () => tokens,
    set: (next) => {
      tokens = { ...next };
    },
    clear: () => {
      tokens = { token: null, refreshToken: null };
    },
  };
}
