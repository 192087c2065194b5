import { afterEach, describe, expect, it } from 'vitest';
import { favouritesOwner, guestFavouriteIds, setFavouritesOwner } from './favourites-owner';

afterEach(() => localStorage.clear());

describe('favouritesOwner', () => {
  it('is no one for a guest, then the account whose copy the list is, then no one again', () => {
    expect(favouritesOwner()).toBeUndefined();
    setFavouritesOwner(7);
    expect(favouritesOwner()).toBe(7);
    setFavouritesOwner(undefined);
    expect(favouritesOwner()).toBeUndefined();
  });

  it('reads anything but an account id as no one', () => {
    for (const stored of ['', 'abc', '-3', '1.5', '0']) {
      localStorage.setItem('gallop.favourites-account', stored);
      expect(favouritesOwner(), stored).toBeUndefined();
    }
  });
});

describe('guestFavouriteIds', () => {
  it('gives a sign-in the guest’s hearts, and nothing of an account’s copy', () => {
    expect(guestFavouriteIds([351, 122])).toEqual([351, 122]);
    setFavouritesOwner(7);
    expect(guestFavouriteIds([351, 122])).toEqual([]);
  });
});
