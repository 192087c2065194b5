import { describe, expect, it, vi } from 'vitest';
import { carryFavouritesIntoAccount, type AccountFavourites } from './carry-favourites';
import {
  favouriteTourIdsFromCookieHeader,
  isFavouriteTourId,
  MAX_TOUR_ID,
  parseFavouriteTourIds,
  toFavouriteTourId,
} from './favourite-ids';
import { favouritesCookie } from './favourites';

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

  it("drops ids beyond the API's tour ids, which it refuses", () => {
    const warn = vi.fn();
    expect(parseFavouriteTourIds('2147483647,2147483648,99999999999999,5', warn)).toEqual([
      2147483647, 5,
    ]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it("tells tour ids: whole numbers from 1 to the API's largest", () => {
    for (const id of [1, 44, MAX_TOUR_ID]) expect(isFavouriteTourId(id), String(id)).toBe(true);
    for (const id of [0, -1, 1.5, NaN, MAX_TOUR_ID + 1, '1', undefined]) {
      expect(isFavouriteTourId(id), String(id)).toBe(false);
    }
  });

  it('takes numbers and digit strings as ids', () => {
    const warn = vi.fn();
    expect(toFavouriteTourId(12, warn)).toBe(12);
    expect(toFavouriteTourId(' 7 ', warn)).toBe(7);
    expect(toFavouriteTourId('tour-12', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('favouriteTourIdsFromCookieHeader', () => {
  it('reads the favorite_tours cookie among others', () => {
    expect(favouriteTourIdsFromCookieHeader('a=1; favorite_tours=5%2C6; b=2')).toEqual([5, 6]);
    expect(favouriteTourIdsFromCookieHeader(null)).toEqual([]);
  });
});

describe('favouritesCookie', () => {
  it('keeps the ids a year on the whole site, SameSite=Lax', () => {
    const cookie = favouritesCookie([5, 6]);
    expect(cookie).toContain('favorite_tours=5%2C6');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(favouritesCookie([5], { secure: true })).toContain('Secure');
  });

  it('deletes the cookie when the list is empty', () => {
    expect(favouritesCookie([])).toContain('Max-Age=0');
  });
});

/** An account holding `ids`; `refuse` ids fail to save. */
function fakeAccount(ids: number[], refuse: number[] = []) {
  const saved = [...ids];
  const account: AccountFavourites & { saved: number[]; lists: number } = {
    saved,
    lists: 0,
    list: async () => {
      account.lists += 1;
      return [...saved];
    },
    add: async (id) => {
      if (refuse.includes(id)) throw new Error('offline');
      saved.push(id);
    },
  };
  return account;
}

describe('carryFavouritesIntoAccount', () => {
  it("saves the guest's ids the account lacks, then answers the account's list", async () => {
    const account = fakeAccount([3, 4]);
    expect(await carryFavouritesIntoAccount([4, 9, 11], account)).toEqual([3, 4, 9, 11]);
    expect(account.saved).toEqual([3, 4, 9, 11]);
  });

  it("answers the account's list at once when nothing is missing", async () => {
    const account = fakeAccount([3, 4]);
    expect(await carryFavouritesIntoAccount([4], account)).toEqual([3, 4]);
    expect(account.lists).toBe(1);
  });

  it('logs a save that failed and still saves the others', async () => {
    const warn = vi.fn();
    const account = fakeAccount([], [9]);
    expect(await carryFavouritesIntoAccount([9, 11], account, { warn })).toEqual([11]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('tour 9');
  });

  it('carries at most `max` ids', async () => {
    const account = fakeAccount([]);
    expect(await carryFavouritesIntoAccount([1, 2, 3], account, { max: 2 })).toEqual([1, 2]);
  });

  it('rejects when the account cannot be read, so the caller keeps its list', async () => {
    const account: AccountFavourites = {
      list: () => Promise.reject(new Error('503')),
      add: () => Promise.resolve(),
    };
    await expect(carryFavouritesIntoAccount([1], account)).rejects.toThrow('503');
  });
});
