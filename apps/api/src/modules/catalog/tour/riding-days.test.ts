import { describe, expect, it } from 'vitest';
import type { StoredRidingDay } from '#src/db/schema/index.ts';
import { saddleHours, toRidingDay } from './riding-days.ts';

const pace = { walk: 60, trot: 30, canter: 10, gallop: 0 };
const ride = (hours: number): { riding: StoredRidingDay } => ({
  riding: { restDay: false, hours, distanceKm: hours * 5, ascentM: null, pace, overnight: null },
});
const rest = {
  riding: {
    restDay: true,
    hours: null,
    distanceKm: null,
    ascentM: null,
    pace: null,
    overnight: { name: 'Camp', lat: 47.9, lng: 106.9 },
  },
};

describe('saddleHours', () => {
  it('takes the longest day and the median of the full riding days', () => {
    // Arrival ride 1.5 h and farewell 2 h are under half of the 6.5 h day: not typical.
    expect(saddleHours([ride(1.5), ride(5), ride(6.5), rest, ride(5.5), ride(2)])).toEqual({
      hoursTypicalDay: 5.5,
      hoursLongestDay: 6.5,
    });
  });

  it('rounds to the half hour and ignores rest days and days without numbers', () => {
    expect(saddleHours([ride(3.2), { riding: null }, {}, rest])).toEqual({
      hoursTypicalDay: 3,
      hoursLongestDay: 3,
    });
  });

  it('is null when no day states its hours', () => {
    expect(saddleHours([rest, { riding: null }])).toBeNull();
    expect(saddleHours([])).toBeNull();
  });
});

describe('toRidingDay', () => {
  it('answers a rest day without riding numbers, but with its night', () => {
    expect(toRidingDay({ ...rest.riding, hours: 2, pace })).toEqual({
      rest_day: true,
      hours: null,
      distance_km: null,
      ascent_m: null,
      pace_mix: null,
      overnight: { name: 'Camp', lat: 47.9, lng: 106.9 },
    });
  });

  it('answers null for a day the programme gives no numbers for', () => {
    expect(toRidingDay(undefined)).toBeNull();
    expect(toRidingDay(null)).toBeNull();
  });

  it('maps a riding day field by field', () => {
    expect(toRidingDay({ ...ride(5).riding, ascentM: 400 })).toEqual({
      rest_day: false,
      hours: 5,
      distance_km: 25,
      ascent_m: 400,
      pace_mix: pace,
      overnight: null,
    });
  });
});
