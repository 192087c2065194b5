import { parse, serialize } from 'cookie';

/** Access and refresh tokens of the signed-in user; `null` when absent. */
export interface SessionTokens {
  token: string | null;
  refreshToken: string | null;
}

/** Where tokens are kept: the same shape as `@gallop/api-client`'s `TokenStore`. */
export interface SessionTokenStore {
  get(): SessionTokens;
  set(tokens: SessionTokens): void;
  clear(): void;
}

/** The cookie of the access token: the server reads it to render the signed-in page. */
export const TOKEN_COOKIE = 'auth_token';
/** The cookie of the refresh token. */
export const REFRESH_TOKEN_COOKIE = 'auth_refresh_token';
/**
 * A readable cookie that only says a session exists (`1`), set and cleared together with the
 * HttpOnly token cookies: page scripts decide "signed in?" from it without ever seeing a token.
 */
export const SIGNED_IN_COOKIE = 'gallop_signed_in';
/**
 * The local storage key of the second copy (docs/product.md, States: "a cookie and local storage").
 */
export const TOKEN_STORAGE_KEY = 'gallop.session';
/** The cookies live as long as a refresh token (30 days); the server decides validity. */
export const TOKEN_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

export interface TokenCookieOptions {
  /** Only over https (set it when the visitor's request came over https). */
  secure?: boolean;
  /**
   * Out of reach of page scripts (default). Only a store that writes `document.cookie` itself
   * passes false: browsers drop HttpOnly cookies written from script.
   */
  httpOnly?: boolean;
}

const EMPTY: SessionTokens = { token: null, refreshToken: null };
const TOKEN = /^[\w-]{1,512}$/;

function validToken(value: unknown): string | null {
  return typeof value === 'string' && TOKEN.test(value) ? value : null;
}

/** The tokens in a `Cookie` request header (SSR) or `document.cookie`. */
export function tokensFromCookieHeader(header: string | null | undefined): SessionTokens {
  if (!header) return { ...EMPTY };
  const cookies = parse(header);
  return {
    token: validToken(cookies[TOKEN_COOKIE]),
    refreshToken: validToken(cookies[REFRESH_TOKEN_COOKIE]),
  };
}

/**
 * `Set-Cookie` strings that store the tokens, or expire them (`null`): HttpOnly, SameSite=Lax,
 * path `/`, 30 days (`httpOnly: false` for `document.cookie`).
 */
export function tokenCookies(
  tokens: SessionTokens,
  { secure = false, httpOnly = true }: TokenCookieOptions = {},
): string[] {
  return [
    [TOKEN_COOKIE, tokens.token],
    [REFRESH_TOKEN_COOKIE, tokens.refreshToken],
  ].map(([name, value]) =>
    serialize(name!, value ?? '', {
      path: '/',
      maxAge: value ? TOKEN_COOKIE_MAX_AGE : 0,
      httpOnly,
      sameSite: 'lax',
      secure,
    }),
  );
}

/** The `Set-Cookie` string of the signed-in marker (`SIGNED_IN_COOKIE`), or its expiry. */
export function signedInCookie(signedIn: boolean, { secure = false } = {}): string {
  return serialize(SIGNED_IN_COOKIE, signedIn ? '1' : '', {
    path: '/',
    maxAge: signedIn ? TOKEN_COOKIE_MAX_AGE : 0,
    sameSite: 'lax',
    secure,
  });
}

/**
 * What a server sends for a session that began, rotated or ended: both tokens as HttpOnly
 * cookies, and the readable signed-in marker.
 */
export function sessionCookies(tokens: SessionTokens, { secure = false } = {}): string[] {
  return [
    ...tokenCookies(tokens, { secure, httpOnly: true }),
    signedInCookie(Boolean(tokens.token || tokens.refreshToken), { secure }),
  ];
}

const MARKER = new RegExp(`(?:^|;)\\s*${SIGNED_IN_COOKIE}=1\\s*(?:;|$)`);

/** Whether a `Cookie` header or `document.cookie` carries the signed-in marker. */
export function signedInFromCookieHeader(header: string | null | undefined): boolean {
  return header ? MARKER.test(header) : false;
}

/** The browser globals the store touches, typed here so the package compiles without the DOM lib. */
const browser = globalThis as {
  document?: { cookie: string };
  location?: { protocol: string };
  localStorage?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
};

function readStorage(): SessionTokens {
  try {
    const stored = JSON.parse(browser.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? 'null') as {
      token?: unknown;
      refreshToken?: unknown;
    } | null;
    return { token: validToken(stored?.token), refreshToken: validToken(stored?.refreshToken) };
  } catch {
    return { ...EMPTY };
  }
}

function writeStorage(tokens: SessionTokens): void {
  try {
    if (tokens.token || tokens.refreshToken) {
      browser.localStorage?.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
    } else {
      browser.localStorage?.removeItem(TOKEN_STORAGE_KEY);
    }
  } catch {
    // Storage can be full or blocked (private mode): the cookie copy still works.
  }
}

/**
 * A browser token store for clients that hold their tokens in script (the spec's "cookie and
 * local storage"): the tokens live in readable cookies (so a server render knows the user) and
 * in local storage. The cookie wins; local storage restores a session whose cookies were lost
 * (docs/product.md, States: "The token can come from two storages"). On the server it stays empty.
 *
 * The Gallop web app no longer uses it: its web server keeps the tokens in HttpOnly cookies
 * (`sessionCookies`) and page scripts never see them (docs/security.md).
 */
export function createBrowserTokenStore(): SessionTokenStore {
  const write = (tokens: SessionTokens) => {
    if (!browser.document) return;
    const secure = browser.location?.protocol === 'https:';
    for (const cookie of tokenCookies(tokens, { secure, httpOnly: false })) {
      browser.document.cookie = cookie;
    }
    writeStorage(tokens);
  };
  return {
    get() {
      const fromCookie = tokensFromCookieHeader(browser.document?.cookie);
      if (fromCookie.token || fromCookie.refreshToken) return fromCookie;
      const fromStorage = readStorage();
      if (fromStorage.token || fromStorage.refreshToken) write(fromStorage);
      return fromStorage;
    },
    set: (tokens) => write({ token: tokens.token, refreshToken: tokens.refreshToken }),
    clear: () => write({ ...EMPTY }),
  };
}
