import { describe, expect, it } from 'vitest';
import {
  TOUR_SELECTION_TOKEN_KEY,
  forgetTourSelectionToken,
  requestIdOfSelectionToken,
  storedTourSelectionToken,
  takeTourSelectionToken,
} from './tour-selection-token';

/** Tokens of the contract's form: request id, hyphen, a 16 to 64 character secret. */
const TOKEN = '481-a9f3Kq7LmN2pR8sT4vWx';
const OLD = '12-b7Qe9Lk2Pz4Xw8Rt';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('takeTourSelectionToken', () => {
  it('stores the token and answers the address without it, other parameters and hash kept', () => {
    const storage = memoryStorage();
    expect(
      takeTourSelectionToken(`/tours?page=2&tour-selection-token=${TOKEN}&sort=price#top`, storage),
    ).toBe('/tours?page=2&sort=price#top');
    expect(storage.items.get(TOUR_SELECTION_TOKEN_KEY)).toBe(TOKEN);
    expect(storedTourSelectionToken(storage)).toBe(TOKEN);
    expect(requestIdOfSelectionToken(TOKEN)).toBe(481);
  });

  it('leaves an address without the parameter alone', () => {
    const storage = memoryStorage();
    expect(takeTourSelectionToken('/tours?page=2', storage)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('drops an empty or malformed parameter without replacing the stored token', () => {
    const storage = memoryStorage();
    storage.setItem(TOUR_SELECTION_TOKEN_KEY, OLD);
    expect(takeTourSelectionToken('/?tour-selection-token=', storage)).toBe('/');
    expect(takeTourSelectionToken('/?tour-selection-token=481-short', storage)).toBe('/');
    expect(takeTourSelectionToken('/?tour-selection-token=abc-a9f3Kq7LmN2pR8sT4', storage)).toBe(
      '/',
    );
    expect(storedTourSelectionToken(storage)).toBe(OLD);
  });

  it('leaves the mode when the token is forgotten', () => {
    const storage = memoryStorage();
    takeTourSelectionToken(`/?tour-selection-token=${TOKEN}`, storage);
    forgetTourSelectionToken(storage);
    expect(storedTourSelectionToken(storage)).toBeUndefined();
  });

  it('still cleans the address when storage is blocked', () => {
    const blocked = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(takeTourSelectionToken(`/x?tour-selection-token=${TOKEN}`, blocked)).toBe('/x');
  });
});
