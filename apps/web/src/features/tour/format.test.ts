import { describe, expect, it } from 'vitest';
import {
  cheapestUpcomingDate,
  formatDateChoice,
  formatDateRange,
  formatDay,
  formatDiscount,
  formatDuration,
  formatFreeSeats,
  formatPrepayment,
  formatVariant,
  isBookable,
} from './format';
import { tourDate } from './testing/tour-fixture';

describe('formatDateRange', () => {
  it('shortens a range within one month, one year, or spells both ends out', () => {
    expect(formatDateRange('2026-12-15', '2026-12-24')).toBe('15–24 Dec 2026');
    expect(formatDateRange('2026-11-28', '2026-12-06')).toBe('28 Nov – 6 Dec 2026');
    expect(formatDateRange('2026-12-28', '2027-01-06')).toBe('28 Dec 2026 – 6 Jan 2027');
    expect(formatDateRange('2027-03-01', '2027-03-01')).toBe('1 Mar 2027');
  });

  it('reads calendar days whatever the time zone (and ignores a time part)', () => {
    expect(formatDay('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDay('2025-12-07T23:15:00.000Z')).toBe('7 Dec 2025');
  });
});

describe('formatDuration and formatFreeSeats', () => {
  it('uses the singular for one', () => {
    expect(formatDuration(1)).toBe('1 day');
    expect(formatDuration(10)).toBe('10 days');
    expect(formatFreeSeats(tourDate({ number_of_free_seats: 1 }))).toBe('1 seat left');
    expect(formatFreeSeats(tourDate({ number_of_free_seats: 4 }))).toBe('4 seats left');
    expect(formatFreeSeats(tourDate({ number_of_free_seats: 0 }))).toBe('Sold out');
  });
});

describe('formatPrepayment', () => {
  /** A day long before the fixture's start (15 Dec 2026), outside every full-payment window. */
  const BEFORE = '2026-09-01';

  it('describes a percentage, a fixed amount in the price currency, or none', () => {
    expect(formatPrepayment(tourDate(), BEFORE)).toBe(
      'Prepayment 30%, the rest 14 days before the start',
    );
    expect(
      formatPrepayment(
        tourDate({ prepayment_type: 'fixed', prepayment_size: 980, full_payment_days: 60 }),
        BEFORE,
      ),
    ).toBe('Prepayment US$980 per person, the rest 60 days before the start');
    expect(
      formatPrepayment(tourDate({ prepayment_type: 'percent', full_payment_days: null }), BEFORE),
    ).toBe('Prepayment 30%');
    expect(
      formatPrepayment(
        tourDate({ prepayment_type: 'none', prepayment_size: null, full_payment_days: null }),
        BEFORE,
      ),
    ).toBe('No prepayment: pay in full before the start');
  });

  it('says, for the travellers a request books, the amount the API will ask first', () => {
    const fixed = tourDate({ prepayment_type: 'fixed', prepayment_size: 72, price: 360 });
    const terms = 'the rest 14 days before the start';
    expect(formatPrepayment(fixed, BEFORE, { riders: 1 })).toBe(
      `Prepayment US$72 (US$72 per person), ${terms}`,
    );
    expect(formatPrepayment(fixed, BEFORE, { riders: 2 })).toBe(
      `Prepayment US$144 (US$72 per person), ${terms}`,
    );
    expect(
      formatPrepayment(fixed, BEFORE, { riders: 2, nonRiders: { count: 1, price: 100 } }),
    ).toBe(`Prepayment US$216 (US$72 per person), ${terms}`);
    expect(formatPrepayment(tourDate({ price: 517 }), BEFORE, { riders: 3 })).toBe(
      `Prepayment US$465 (30%), ${terms}`,
    );
    // Never above the price: then it is the whole price.
    expect(
      formatPrepayment(
        tourDate({ prepayment_type: 'fixed', prepayment_size: 980, price: 500 }),
        BEFORE,
        {
          riders: 2,
        },
      ),
    ).toBe(`Prepayment US$1,000 (the whole price), ${terms}`);
    expect(formatPrepayment(fixed, '2026-12-10', { riders: 2 })).toBe(
      'Pay in full when booking: the trip starts within 14 days',
    );
  });

  it('asks for the full price at once within the full-payment days of the start', () => {
    // 14 days before the start: the last day of the window; the day before is outside it.
    expect(formatPrepayment(tourDate(), '2026-12-01')).toBe(
      'Pay in full when booking: the trip starts within 14 days',
    );
    expect(formatPrepayment(tourDate(), '2026-11-30')).toBe(
      'Prepayment 30%, the rest 14 days before the start',
    );
    expect(
      formatPrepayment(tourDate({ prepayment_type: 'none', prepayment_size: null }), '2026-12-10'),
    ).toBe('Pay in full when booking: the trip starts within 14 days');
  });
});

describe('formatDiscount', () => {
  it('names the discount kind, its percent and its deadline', () => {
    const early = tourDate({
      is_discount_exist: true,
      discount: { kind: 'early_booking_dates', percent: 15, amount: 85, valid_until: '2026-11-06' },
    });
    expect(formatDiscount(early)).toBe('Early booking −15%, until 6 Nov 2026');
    const seasonal = tourDate({
      is_discount_exist: true,
      discount: { kind: 'seasonal', percent: 12.5, valid_until: null },
    });
    expect(formatDiscount(seasonal)).toBe('Seasonal offer −13%');
  });

  it('says nothing when the date has no discount', () => {
    expect(formatDiscount(tourDate())).toBeUndefined();
    expect(
      formatDiscount(tourDate({ discount: { kind: 'seasonal', percent: 10 } })),
    ).toBeUndefined();
  });
});

describe('cheapestUpcomingDate', () => {
  it('picks the cheapest date that can be requested, the soonest among equals', () => {
    const dates = [
      tourDate({ id: 1, price: 900, is_busy: true }),
      tourDate({ id: 2, price: 700, number_of_free_seats: 0 }),
      tourDate({ id: 3, price: 800 }),
      tourDate({ id: 4, price: 800 }),
      tourDate({ id: 5, price: 1200 }),
    ];
    expect(dates.filter(isBookable).map((date) => date.id)).toEqual([3, 4, 5]);
    expect(cheapestUpcomingDate(dates)?.id).toBe(3);
    expect(cheapestUpcomingDate([tourDate({ is_busy: true })])).toBeUndefined();
  });
});

describe('formatVariant and formatDateChoice', () => {
  it('name what sets a date apart: its variant and a flight in the price', () => {
    expect(formatVariant(tourDate({ variant_name: 'Private room', flight_included: true }))).toBe(
      'Private room · Flight included',
    );
    expect(formatVariant(tourDate({ flight_included: true }))).toBe('Flight included');
    expect(formatVariant(tourDate({ variant_name: null }))).toBeUndefined();
    expect(formatDateChoice(tourDate({ variant_name: 'Shared room' }))).toBe(
      '15–24 Dec 2026, Shared room',
    );
    expect(formatDateChoice(tourDate())).toBe('15–24 Dec 2026');
  });
});
