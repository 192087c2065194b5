import { describe, expect, it } from 'vitest';
import { seedGroupMinimum } from './riding.ts';

const date = (seats: number, free: number, notGuaranteed = true) => ({
  notGuaranteed,
  startDate: '2027-03-20',
  numberOfSeats: seats,
  numberOfFreeSeats: free,
});

const TODAY = '2027-01-10';

describe('seedGroupMinimum', () => {
  it('gives a guaranteed date neither a minimum nor a decision day', () => {
    expect(seedGroupMinimum(date(10, 8, false), 3, 1, TODAY)).toEqual({
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
        const { minRiders, decisionDate } = seedGroupMinimum(
          date(seats, free),
          tourId,
          index,
          TODAY,
        );
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
    expect(seedGroupMinimum(date(10, 7), 12, 2, TODAY)).toEqual(
      seedGroupMinimum(date(10, 7), 12, 2, TODAY),
    );
  });

  it('names a decision day still ahead of the seed day, or none', () => {
    const near = (start: string) => ({ ...date(10, 7), startDate: start });
    // Key 12 * 7 + 2 is even: this date names a day.
    expect(seedGroupMinimum(near('2027-03-20'), 12, 2, TODAY).decisionDate).toBe('2027-02-27');
    expect(seedGroupMinimum(near('2027-01-25'), 12, 2, TODAY).decisionDate).toBe('2027-01-13');
    expect(seedGroupMinimum(near('2027-01-13'), 12, 2, TODAY).decisionDate).toBeNull();
    expect(seedGroupMinimum(near('2027-01-12'), 12, 2, TODAY).decisionDate).toBeNull();
  });
});
