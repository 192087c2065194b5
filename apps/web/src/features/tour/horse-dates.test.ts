import { describe, expect, it } from 'vitest';
import { bookingDate, heavyHorseDates, noHorseFor } from './horse-dates';
import { tourDate, tourFixture } from './testing/tour-fixture';

/** Standard horses to 95 kg, heavier horses to 110 kg. */
const { riding } = tourFixture();

const dates = [
  tourDate({ id: 1, start: '2027-02-20', end: '2027-02-27', price: 1100, heavy_places_free: 1 }),
  tourDate({ id: 2, start: '2027-03-06', end: '2027-03-13', price: 1000, heavy_places_free: 0 }),
  tourDate({ id: 3, start: '2027-04-03', end: '2027-04-07', price: 900, heavy_places_free: 0 }),
  tourDate({ id: 4, start: '2027-05-01', end: '2027-05-08', price: 800, is_busy: true }),
];

const ids = (shown: { id: number }[] | undefined) => shown?.map((date) => date.id);

describe('bookingDate', () => {
  it('offers the cheapest bookable date when nothing is known of the rider', () => {
    expect(bookingDate(dates, noHorseFor(null, riding))).toEqual({
      date: dates[2],
      noDateHasHorse: false,
      cheaperWithoutHorse: false,
    });
    expect(bookingDate(dates, noHorseFor(95, riding)).date?.id).toBe(3);
  });

  it('passes over cheaper dates without a heavier horse for a rider who needs one', () => {
    expect(bookingDate(dates, noHorseFor(100, riding))).toEqual({
      date: dates[0],
      noDateHasHorse: false,
      cheaperWithoutHorse: true,
    });
  });

  it('offers the cheapest, and says so, when no date has a horse for the rider', () => {
    for (const weight of [100, 111]) {
      const none =
        weight === 100 ? dates.map((date) => ({ ...date, heavy_places_free: 0 })) : dates;
      expect(bookingDate(none, noHorseFor(weight, riding))).toEqual({
        date: none[2],
        noDateHasHorse: true,
        cheaperWithoutHorse: false,
      });
    }
    expect(bookingDate([], noHorseFor(100, riding))).toEqual({
      date: undefined,
      noDateHasHorse: false,
      cheaperWithoutHorse: false,
    });
  });
});

describe('heavyHorseDates', () => {
  it('gives the bookable dates with a heavier horse free, for a rider who needs one', () => {
    expect(ids(heavyHorseDates(100, riding, dates))).toEqual([1]);
    expect(ids(heavyHorseDates(100, riding, dates.slice(1)))).toEqual([]);
    expect(heavyHorseDates(95, riding, dates)).toBeUndefined();
    expect(heavyHorseDates(null, riding, dates)).toBeUndefined();
  });
});
