import { describe, expect, it } from 'vitest';
import { quoteBooking, type DateTerms } from './booking-quote';

const TODAY = '2026-12-01';

const date = (terms: Partial<DateTerms> = {}): DateTerms => ({
  price: 360,
  start: '2027-06-10',
  prepayment_type: 'fixed',
  prepayment_size: 72,
  full_payment_days: 60,
  ...terms,
});

describe('quoteBooking', () => {
  it('asks a fixed prepayment of every rider', () => {
    expect(quoteBooking(date(), { riders: 1 }, TODAY)).toEqual({ price: 360, prepayment: 72 });
    expect(quoteBooking(date(), { riders: 2 }, TODAY)).toEqual({ price: 720, prepayment: 144 });
    expect(quoteBooking(date(), { riders: 3 }, TODAY)).toEqual({ price: 1080, prepayment: 216 });
  });

  it('asks it of non-riders too, at their own price', () => {
    const party = { riders: 2, nonRiders: { count: 1, price: 150 } };
    expect(quoteBooking(date(), party, TODAY)).toEqual({ price: 870, prepayment: 216 });
  });

  // The contract's major units through the rules' minor ones and back: the amounts the API asks.
  it.each<[string, Partial<DateTerms>, number, { price: number; prepayment: number | null }]>([
    [
      'a fixed prepayment above the price is the price',
      { prepayment_size: 980 },
      2,
      { price: 720, prepayment: 720 },
    ],
    [
      'a percentage of the whole price',
      { prepayment_type: 'percent', prepayment_size: 30 },
      2,
      { price: 720, prepayment: 216 },
    ],
    [
      'a percentage rounded to a whole unit (170.61)',
      { prepayment_type: 'percent', prepayment_size: 33, price: 517 },
      1,
      { price: 517, prepayment: 171 },
    ],
    [
      'no prepayment asked',
      { prepayment_type: 'none', prepayment_size: null },
      2,
      { price: 720, prepayment: null },
    ],
    ['a fixed prepayment of 0', { prepayment_size: 0 }, 2, { price: 720, prepayment: null }],
    ['no prepayment type', { prepayment_type: undefined }, 1, { price: 360, prepayment: null }],
    ['no full-payment days', { full_payment_days: null }, 2, { price: 720, prepayment: 144 }],
    [
      'within the full-payment days: the whole price at once',
      { start: '2027-01-15' },
      2,
      { price: 720, prepayment: null },
    ],
  ])('%s', (_, terms, riders, answer) => {
    expect(quoteBooking(date(terms), { riders }, TODAY)).toEqual(answer);
  });

  it('rounds a percentage of riders and non-riders together (33% of 1,849 is 610.17)', () => {
    const terms = date({ prepayment_type: 'percent', prepayment_size: 33, price: 517 });
    const party = { riders: 3, nonRiders: { count: 2, price: 149 } };
    expect(quoteBooking(terms, party, TODAY)).toEqual({ price: 1849, prepayment: 610 });
  });
});
