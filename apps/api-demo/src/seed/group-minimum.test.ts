import { describe, expect, it } from 'vitest';
import { seedGroupMinimum } from './riding.ts';

const date = (seats: number, free: number, notGuaranteed = true) => ({
  notGuaranteed,
  startDate: '2027-03-20',
  numberOfSeats: seats,
  numberOfFreeSeats: free,
});

describe('seedGroupMinimum', () => {
  it('gives a guaranteed date neither a minimum nor a decision day', () => {
    expect(seedGroupMinimum(date(10, 8, false), 3, 1)).toEqual({
      minRiders: null,
      decisionDate: null,
    });
  });

  it('keeps minimums between 2 and 6, above the riders booked, within the seats', () => {
    const seen = new Set<number>();
    let oneShort = 0;
    let withDay = 0;
    for (let tourId = 1; tourId <= 200; tourId += 1) {
      for (let index = 0; index < 6; index += 1) {
        const seats = 4 + ((tourId + index) % 11);
        const free = 1 + ((tourId * 3 + index) % seats);
        const { minRiders, decisionDate } = seedGroupMinimum(date(seats, free), tourId, index);
        if (decisionDate !== null) {
          withDay += 1;
          expect(decisionDate).toBe('2027-02-27');
        }
        if (minRiders === null) continue;
        seen.add(minRiders);
        const booked = seats - free;
        expect(minRiders).toBeGreaterThanOrEqual(2);
        expect(minRiders).toBeLessThanOrEqual(6);
        expect(minRiders).toBeGreaterThan(booked);
        expect(minRiders).toBeLessThanOrEqual(seats);
        if (minRiders - booked === 1) oneShort += 1;
      }
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5, 6]);
    expect(oneShort).toBeGreaterThan(0);
    expect(withDay).toBeGreaterThan(0);
  });

  it('is the same on every run', () => {
    expect(seedGroupMinimum(date(10, 7), 12, 2)).toEqual(seedGroupMinimum(date(10, 7), 12, 2));
  });
});
