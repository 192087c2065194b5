import { describe, expect, it } from 'vitest';
import {
  TOUR_SELECTION_TOKEN_KEY,
  storedTourSelectionToken,
  takeTourSelectionToken,
} from './tour-selection-token';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('takeTourSelectionToken', () => {
  it('stores the token and answers the address without it, other parameters and hash kept', () => {
    const storage = memoryStorage();
    expect(
      takeTourSelectionToken('/tours?page=2&tour-selection-token=481-a9f3&sort=price#top', storage),
    ).toBe('/tours?page=2&sort=price#top');
    expect(storage.items.get(TOUR_SELECTION_TOKEN_KEY)).toBe('481-a9f3');
    expect(storedTourSelectionToken(storage)).toBe('481-a9f3');
  });

  it('leaves an address without the parameter alone', () => {
    const storage = memoryStorage();
    expect(takeTourSelectionToken('/tours?page=2', storage)).toBeUndefined();
    expect(storage.items.size).toBe(0);
  });

  it('drops an empty parameter without replacing the stored token', () => {
    const storage = memoryStorage();
    storage.setItem(TOUR_SELECTION_TOKEN_KEY, '12-old');
    expect(takeTourSelectionToken('/?tour-selection-token=', storage)).toBe('/');
    expect(storedTourSelectionToken(storage)).toBe('12-old');
  });

  it('still cleans the address when storage is blocked', () => {
    const blocked = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(takeTourSelectionToken('/x?tour-selection-token=5-b', blocked)).toBe('/x');
  });
});
