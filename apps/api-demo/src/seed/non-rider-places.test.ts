import { describe, expect, it } from 'vitest';
import { seedNonRiderPlaces } from './riding.ts';

describe('seedNonRiderPlaces', () => {
  it('gives no beds nor price on a tour that does not welcome non-riders', () => {
    expect(seedNonRiderPlaces({ nonRidersWelcome: false }, { price: 120_000 }, 7, 0)).toEqual({
      nonRiderPrice: null,
      nonRiderPlaces: 0,
      nonRiderPlacesFree: 0,
    });
  });

  it('gives two to four beds, some taken, at about 40 % of the rider price in whole units', () => {
    for (let tourId = 1; tourId <= 40; tourId += 1) {
      for (let index = 0; index < 6; index += 1) {
        const beds = seedNonRiderPlaces(
          { nonRidersWelcome: true },
          { price: 123_456 },
          tourId,
          index,
        );
        expect(beds.nonRiderPrice).toBe(49_400);
        expect(beds.nonRiderPlaces).toBeGreaterThanOrEqual(2);
        expect(beds.nonRiderPlaces).toBeLessThanOrEqual(4);
        expect(beds.nonRiderPlacesFree).toBeGreaterThanOrEqual(beds.nonRiderPlaces - 1);
        expect(beds.nonRiderPlacesFree).toBeLessThanOrEqual(beds.nonRiderPlaces);
      }
    }
  });
});
