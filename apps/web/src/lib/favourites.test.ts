import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { favouriteTourIdsFromCookieHeader } from '@gallop/session';
import { toggleFavouriteTourAtom } from './favourite-tour';
import { favouriteTourIdsAtom } from './favourites';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

// Parsing ids and the cookie's own attributes are tested in @gallop/session (favourites.test.ts).
describe('favouriteTourIdsFromCookieHeader', () => {
  it('reads the favorite_tours cookie among others', () => {
    expect(favouriteTourIdsFromCookieHeader('a=1; favorite_tours=5%2C6; b=2')).toEqual([5, 6]);
    expect(favouriteTourIdsFromCookieHeader(null)).toEqual([]);
  });
});

describe('favourite atoms', () => {
  it('toggles a tour and writes the cookie the server reads', () => {
    const store = createStore();
    store.set(toggleFavouriteTourAtom, 12);
    store.set(toggleFavouriteTourAtom, '7');
    expect(store.get(favouriteTourIdsAtom)).toEqual([12, 7]);
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([12, 7]);

    store.set(toggleFavouriteTourAtom, 12);
    expect(store.get(favouriteTourIdsAtom)).toEqual([7]);
    expect(favouriteTourIdsFromCookieHeader(document.cookie)).toEqual([7]);
  });

  it('ignores a non-numeric id with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createStore();
    store.set(toggleFavouriteTourAtom, 'tour-12');
    expect(store.get(favouriteTourIdsAtom)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
