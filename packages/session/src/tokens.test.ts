import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createBrowserTokenStore,
  REFRESH_TOKEN_COOKIE,
  sessionCookies,
  SIGNED_IN_COOKIE,
  signedInFromCookieHeader,
  TOKEN_COOKIE,
  TOKEN_STORAGE_KEY,
  tokenCookies,
  tokensFromCookieHeader,
} from './tokens';

/** A minimal cookie jar with `document.cookie` semantics: Max-Age=0 deletes. */
function fakeDocument() {
  const jar = new Map<string, string>();
  return {
    jar,
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair, ...attributes] = text.split(';').map((part) => part.trim());
      const [name, value] = pair!.split('=') as [string, string];
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const globals = globalThis as Record<string, unknown>;
let doc: ReturnType<typeof fakeDocument>;
let storage: ReturnType<typeof fakeStorage>;

beforeEach(() => {
  doc = fakeDocument();
  storage = fakeStorage();
  globals.document = doc;
  globals.localStorage = storage;
});
afterEach(() => {
  delete globals.document;
  delete globals.localStorage;
});

describe('tokensFromCookieHeader', () => {
  it('reads both tokens from a request header', () => {
    expect(
      tokensFromCookieHeader(`a=1; ${TOKEN_COOKIE}=abc_DEF-1; ${REFRESH_TOKEN_COOKIE}=r-2`),
    ).toEqual({ token: 'abc_DEF-1', refreshToken: 'r-2' });
  });

  it('ignores missing headers and values that are not tokens', () => {
    expect(tokensFromCookieHeader(undefined)).toEqual({ token: null, refreshToken: null });
    expect(tokensFromCookieHeader(`${TOKEN_COOKIE}=a%20b%3Cscript`)).toEqual({
      token: null,
      refreshToken: null,
    });
  });
});

describe('tokenCookies', () => {
  it('stores for 30 days on the whole site out of reach of scripts, and expires cleared tokens', () => {
    const [token, refresh] = tokenCookies({ token: 't', refreshToken: null }, { secure: true });
    expect(token).toBe(
      `${TOKEN_COOKIE}=t; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(refresh).toBe(
      `${REFRESH_TOKEN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
  });

  it('leaves HttpOnly off for document.cookie, and Secure off over http', () => {
    const [token] = tokenCookies({ token: 't', refreshToken: null }, { httpOnly: false });
    expect(token).toBe(`${TOKEN_COOKIE}=t; Max-Age=2592000; Path=/; SameSite=Lax`);
  });
});

describe('sessionCookies and the signed-in marker', () => {
  it('sets the tokens HttpOnly and a readable marker with them, and clears all three', () => {
    const set = sessionCookies({ token: 't', refreshToken: 'r' }, { secure: true });
    expect(set).toEqual([
      `${TOKEN_COOKIE}=t; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
      `${REFRESH_TOKEN_COOKIE}=r; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
      `${SIGNED_IN_COOKIE}=1; Max-Age=2592000; Path=/; Secure; SameSite=Lax`,
    ]);
    const cleared = sessionCookies({ token: null, refreshToken: null });
    expect(cleared.every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
    expect(cleared[2]).toBe(`${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it('reads the marker from a Cookie header', () => {
    expect(signedInFromCookieHeader(`a=1; ${SIGNED_IN_COOKIE}=1; b=2`)).toBe(true);
    expect(signedInFromCookieHeader(`${SIGNED_IN_COOKIE}=1`)).toBe(true);
    expect(signedInFromCookieHeader(`${SIGNED_IN_COOKIE}=; x_${SIGNED_IN_COOKIE}=1`)).toBe(false);
    expect(signedInFromCookieHeader(`${SIGNED_IN_COOKIE}=10`)).toBe(false);
    expect(signedInFromCookieHeader(undefined)).toBe(false);
  });
});

describe('createBrowserTokenStore', () => {
  it('keeps the tokens in cookies and in local storage', () => {
    const store = createBrowserTokenStore();
    store.set({ token: 'access-1', refreshToken: 'refresh-1' });
    expect(doc.jar.get(TOKEN_COOKIE)).toBe('access-1');
    expect(doc.jar.get(REFRESH_TOKEN_COOKIE)).toBe('refresh-1');
    expect(JSON.parse(storage.items.get(TOKEN_STORAGE_KEY)!)).toEqual({
      token: 'access-1',
      refreshToken: 'refresh-1',
    });
    expect(store.get()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' });
  });

  it('restores lost cookies from local storage', () => {
    storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: 'a', refreshToken: 'r' }));
    const store = createBrowserTokenStore();
    expect(store.get()).toEqual({ token: 'a', refreshToken: 'r' });
    expect(doc.jar.get(TOKEN_COOKIE)).toBe('a');
  });

  it('clears both copies', () => {
    const store = createBrowserTokenStore();
    store.set({ token: 'a', refreshToken: 'r' });
    store.clear();
    expect(doc.jar.size).toBe(0);
    expect(storage.items.has(TOKEN_STORAGE_KEY)).toBe(false);
    expect(store.get()).toEqual({ token: null, refreshToken: null });
  });

  it('survives unreadable storage and stays empty without a document', () => {
    storage.setItem(TOKEN_STORAGE_KEY, '{not json');
    expect(createBrowserTokenStore().get()).toEqual({ token: null, refreshToken: null });
    storage.items.clear();
    delete globals.document;
    const store = createBrowserTokenStore();
    store.set({ token: 'a', refreshToken: 'r' });
    expect(storage.items.has(TOKEN_STORAGE_KEY)).toBe(false);
  });
});
