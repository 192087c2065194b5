import { afterEach, describe, expect, it } from 'vitest';
import { createCookieSessionStore, createRequestTokenStore, hasSession } from './session-tokens';

describe('createRequestTokenStore', () => {
  it('reads the tokens of the request and reports no change until one happens', () => {
    const store = createRequestTokenStore('auth_token=a1; auth_refresh_token=r1; other=x');
    expect(store.get()).toEqual({ token: 'a1', refreshToken: 'r1' });
    expect(store.changedTokens()).toBeUndefined();
    expect(hasSession({ tokenStore: store })).toBe(true);
  });

  it('remembers a refresh, so the server can send the rotated tokens back', () => {
    const store = createRequestTokenStore('auth_token=a1; auth_refresh_token=r1');
    store.set({ token: 'a2', refreshToken: 'r2' });
    expect(store.changedTokens()).toEqual({ token: 'a2', refreshToken: 'r2' });
  });

  it('remembers a clearing (a failed refresh signs the visitor out)', () => {
    const store = createRequestTokenStore('auth_token=a1');
    store.clear();
    expect(store.changedTokens()).toEqual({ token: null, refreshToken: null });
    expect(hasSession({ tokenStore: store })).toBe(false);
  });

  it('has no session without cookies', () => {
    expect(hasSession({ tokenStore: createRequestTokenStore(null) })).toBe(false);
  });
});

describe('createCookieSessionStore (the browser)', () => {
  afterEach(() => {
    document.cookie = 'gallop_signed_in=; Max-Age=0; Path=/';
  });

  it('holds no token, and takes "signed in" from the marker cookie only', () => {
    document.cookie = 'auth_token=readable-by-mistake; Path=/';
    const store = createCookieSessionStore();
    store.set({ token: 'a', refreshToken: 'r' });
    expect(store.get()).toEqual({ token: null, refreshToken: null });
    expect(hasSession({ tokenStore: store })).toBe(false);
    document.cookie = 'gallop_signed_in=1; Path=/';
    expect(hasSession({ tokenStore: store })).toBe(true);
    document.cookie = 'auth_token=; Max-Age=0; Path=/';
  });
});
