import { describe, expect, it } from 'vitest';
// The API's own pricing (plain functions, no imports): the form must ask what it will charge.
import { quote } from '../../../api/src/modules/booking-rules/pricing.ts';
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

/** The API's quote of the same request, back in major units (it counts in minor ones). */
function apiQuote(terms: DateTerms, riders: number, nonRiders = { count: 0, price: 0 }) {
  const answer = quote(
    {
      price: terms.price * 100,
      prepaymentType: terms.prepayment_type ?? 'none',
      prepaymentSize:
        terms.prepayment_size === null || terms.prepayment_size === undefined
          ? null
          : terms.prepayment_type === 'fixed'
            ? terms.prepayment_size * 100
            : terms.prepayment_size,
      fullPaymentDays: terms.full_payment_days ?? null,
      startDate: terms.start,
    },
    riders,
    TODAY,
    { count: nonRiders.count, price: nonRiders.price * 100 },
  );
  return {
    price: answer.price / 100,
    prepayment: answer.prepayment === null ? null : answer.prepayment / 100,
  };
}

describe('quoteBooking', () => {
  it('asks a fixed prepayment of every rider, as the API does', () => {
    expect(quoteBooking(date(), { riders: 1 }, TODAY)).toEqual({ price: 360, prepayment: 72 });
    expect(quoteBooking(date(), { riders: 2 }, TODAY)).toEqual({ price: 720, prepayment: 144 });
    expect(quoteBooking(date(), { riders: 3 }, TODAY)).toEqual({ price: 1080, prepayment: 216 });
  });

  it('asks it of non-riders too, at their own price', () => {
    const party = { riders: 2, nonRiders: { count: 1, price: 150 } };
    expect(quoteBooking(date(), party, TODAY)).toEqual({ price: 870, prepayment: 216 });
  });

  it("gives the API's price and prepayment for 1, 2 and 3 riders, whatever the terms", () => {
    const terms: DateTerms[] = [
      date(),
      date({ prepayment_size: 980 }),
      date({ prepayment_type: 'percent', prepayment_size: 30 }),
      date({ prepayment_type: 'percent', prepayment_size: 33, price: 517 }),
      date({ prepayment_type: 'none', prepayment_size: null }),
      date({ prepayment_type: 'fixed', prepayment_size: 0 }),
      date({ full_payment_days: null }),
      // Within the full-payment days: the whole price at once.
      date({ start: '2027-01-15' }),
    ];
    for (const term of terms) {
      for (const riders of [1, 2, 3]) {
        for (const nonRiders of [
          { count: 0, price: 0 },
          { count: 2, price: 149 },
        ]) {
          expect(quoteBooking(term, { riders, nonRiders }, TODAY), JSON.stringify(term)).toEqual(
            apiQuote(term, riders, nonRiders),
          );
        }
      }
    }
  });
});
