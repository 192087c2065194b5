import { describe, expect, it, vi } from 'vitest';
import { carryFavouritesIntoAccount, type AccountFavourites } from './carry-favourites';
import {
  favouriteTourIdsFromCookieHeader,
  isFavouriteTourId,
  MAX_TOUR_ID,
  parseFavouriteTourIds,
  toFavouriteTourId,
} from './favourite-ids';
import { FAVOURITES_FULL_MESSAGE, favouritesCookie, MAX_FAVOURITE_TOURS } from './favourites';

/** `count` ids of the widest width the API takes (10 digits, like `MAX_TOUR_ID`). */
const widestIds = (count: number) => Array.from({ length: count }, (_, n) => MAX_TOUR_ID - n);

/** The cookie's `name=value`, the part the browser's 4,096-byte limit counts. */
const nameAndValue = (cookie: string) => cookie.split(';')[0]!;

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

  it('keeps the first MAX_FAVOURITE_TOURS ids of a longer cookie', () => {
    const ids = widestIds(MAX_FAVOURITE_TOURS + 50);
    const warn = vi.fn();
    expect(parseFavouriteTourIds(ids.join(','), warn)).toEqual(ids.slice(0, MAX_FAVOURITE_TOURS));
    // Repeated ids take no place: the first 200 different ones are kept.
    const repeated = [ids[0], ...ids].join(',');
    expect(parseFavouriteTourIds(repeated, warn)).toEqual(ids.slice(0, MAX_FAVOURITE_TOURS));
    expect(warn).not.toHaveBeenCalled();
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

  it('stays well under the browser limit of 4,096 bytes with a full list of the widest ids', () => {
    const full = nameAndValue(favouritesCookie(widestIds(MAX_FAVOURITE_TOURS)));
    // 200 ids of 10 digits, each after the first behind an encoded comma ('%2C').
    expect(full.length).toBe('favorite_tours='.length + 10 * 200 + 3 * 199);
    expect(full.length).toBeLessThan(4096 * 0.65);
  });

  it('writes the first MAX_FAVOURITE_TOURS ids of a longer list', () => {
    const ids = widestIds(MAX_FAVOURITE_TOURS + 150);
    const cookie = favouritesCookie(ids);
    expect(favouriteTourIdsFromCookieHeader(nameAndValue(cookie))).toEqual(
      ids.slice(0, MAX_FAVOURITE_TOURS),
    );
    expect(nameAndValue(cookie).length).toBeLessThan(4096);
  });

  it('says the cap in its message', () => {
    expect(FAVOURITES_FULL_MESSAGE).toBe(
      'You can keep up to 200 favourites. Remove one to add another.',
    );
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

  it("fills the account up to `max` with the guest's newest ids", async () => {
    const account = fakeAccount([]);
    expect(await carryFavouritesIntoAccount([1, 2, 3], account, { max: 2 })).toEqual([2, 3]);
    const some = fakeAccount([7, 8]);
    expect(await carryFavouritesIntoAccount([1, 2, 3, 8], some, { max: 4 })).toEqual([7, 8, 2, 3]);
  });

  it("keeps the account's own and saves none when it already holds the cap", async () => {
    const own = Array.from({ length: MAX_FAVOURITE_TOURS }, (_, n) => n + 1);
    const account = fakeAccount(own);
    const add = vi.spyOn(account, 'add');
    expect(await carryFavouritesIntoAccount([500, 501], account)).toEqual(own);
    expect(add).not.toHaveBeenCalled();
  });

  it('carries at most MAX_FAVOURITE_TOURS ids into an empty account, the newest', async () => {
    const guest = Array.from({ length: MAX_FAVOURITE_TOURS + 30 }, (_, n) => n + 1);
    const account = fakeAccount([]);
    expect(await carryFavouritesIntoAccount(guest, account)).toEqual(guest.slice(30));
  });

  it('rejects when the account cannot be read, so the caller keeps its list', async () => {
    const account: AccountFavourites = {
      list: () => Promise.reject(new Error('503')),
      add: () => Promise.resolve(),
    };
    await expect(carryFavouritesIntoAccount([1], account)).rejects.toThrow('503');
  });
});
