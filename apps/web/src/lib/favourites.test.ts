import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  favouriteTourIdsAtom,
  favouriteTourIdsFromCookies,
  favouritesCookie,
  parseFavouriteTourIds,
  toggleFavouriteTourAtom,
} from './favourites';

afterEach(() => {
  document.cookie = 'favorite_tours=; Max-Age=0; Path=/';
  vi.restoreAllMocks();
});

describe('parseFavouriteTourIds', () => {
  it('keeps numeric ids once each, in stored order', () => {
    expect(parseFavouriteTourIds('12,7, 12,3')).toEqual([12, 7, 3]);
    expect(parseFavouriteTourIds(undefined)).toEqual([]);
    expect(parseFavouriteTourIds('')).toEqual([]);
  });

  it('drops non-numeric ids with a warning', () => {
    const warn = vi.fn();
    expect(parseFavouriteTourIds('12,abc,-4,1.5,0,9', warn)).toEqual([12, 9]);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(warn.mock.calls[0]?.[0]).toContain('"abc"');
  });
});

describe('favouriteTourIdsFromCookies', () => {
  it('reads the favorite_tours cookie among others', () => {
    expect(favouriteTourIdsFromCookies('a=1; favorite_tours=5%2C6; b=2')).toEqual([5, 6]);
    expect(favouriteTourIdsFromCookies(null)).toEqual([]);
  });
});

describe('favouritesCookie', () => {
  it('keeps the ids a year on the whole site, SameSite=Lax', () => {
    const cookie = favouritesCookie([5, 6], false);
    expect(cookie).toContain('favorite_tours=5%2C6');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(favouritesCookie([5], true)).toContain('Secure');
  });

  it('deletes the cookie when the list is empty', () => {
    expect(favouritesCookie([], false)).toContain('Max-Age=0');
  });
});

describe('favourite atoms', () => {
  it('toggles a tour and writes the cookie the server reads', () => {
    const store = createStore();
    store.set(toggleFavouriteTourAtom, 12);
    store.set(toggleFavouriteTourAtom, '7');
    expect(store.get(favouriteTourIdsAtom)).toEqual([12, 7]);
    expect(favouriteTourIdsFromCookies(document.cookie)).toEqual([12, 7]);

    store.set(toggleFavouriteTourAtom, 12);
    expect(store.get(favouriteTourIdsAtom)).toEqual([7]);
    expect(favouriteTourIdsFromCookies(document.cookie)).toEqual([7]);
  });

  it('ignores a non-numeric id with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createStore();
    store.set(toggleFavouriteTourAtom, 'tour-12');
    expect(store.get(favouriteTourIdsAtom)).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
