import { describe, expect, it } from 'vitest';
import {
  amountDue,
  creditOf,
  daysUntil,
  inCurrency,
  isExactAmount,
  openPaymentTypes,
  prepaidAt,
  prepaymentOfPaidBooking,
  quote,
  wholeUnits,
  type DatePricing,
} from './pricing';

const date = (overrides: Partial<DatePricing> = {}): DatePricing => ({
  price: 120_000,
  prepaymentType: 'percent',
  prepaymentSize: 30,
  fullPaymentDays: 14,
  startDate: '2027-06-01',
  ...overrides,
});

describe('quote', () => {
  it('multiplies the price by the tourists and takes the percentage first', () => {
    expect(quote(date(), 3, '2027-01-01')).toEqual({ price: 360_000, prepayment: 108_000 });
  });

  it('takes a fixed prepayment per tourist, never more than the price', () => {
    expect(
      quote(date({ prepaymentType: 'fixed', prepaymentSize: 20_000 }), 2, '2027-01-01'),
    ).toEqual({ price: 240_000, prepayment: 40_000 });
    expect(
      quote(date({ prepaymentType: 'fixed', prepaymentSize: 500_000 }), 1, '2027-01-01').prepayment,
    ).toBe(120_000);
  });

  it('adds non-riders at their own price; the percentage covers them, a fixed one counts them', () => {
    const company = { count: 2, price: 45_000 };
    expect(quote(date(), 1, '2027-01-01', company)).toEqual({
      price: 210_000,
      prepayment: 63_000,
    });
    expect(
      quote(date({ prepaymentType: 'fixed', prepaymentSize: 20_000 }), 1, '2027-01-01', company),
    ).toEqual({ price: 210_000, prepayment: 60_000 });
    expect(quote(date(), 2, '2027-01-01', { count: 0, price: 45_000 }).price).toBe(240_000);
  });

  it('asks for the whole price inside the full-payment window or without a prepayment rule', () => {
    expect(quote(date(), 1, '2027-05-18').prepayment).toBeNull();
    expect(quote(date(), 1, '2027-05-17').prepayment).toBe(36_000);
    expect(quote(date({ prepaymentType: 'none', prepaymentSize: null }), 1, '2027-01-01')).toEqual({
      price: 120_000,
      prepayment: null,
    });
  });

  it('never asks a prepayment of 0: a percentage that rounds to nothing asks one whole unit', () => {
    // 10% of €4 is €0.40, shown and charged in whole units: €1, never €0.
    const cheap = date({ price: 4_00, prepaymentSize: 10 });
    expect(quote(cheap, 1, '2027-01-01')).toEqual({ price: 4_00, prepayment: 1_00 });
    // 1% of €149 rounds to €1 already; 1% of €150 to €2.
    expect(quote(date({ price: 149_00, prepaymentSize: 1 }), 1, '2027-01-01').prepayment).toBe(
      1_00,
    );
    expect(quote(date({ price: 150_00, prepaymentSize: 1 }), 1, '2027-01-01').prepayment).toBe(
      2_00,
    );
    // Never above the price, and nothing to pay first when the price is 0.
    expect(quote(date({ price: 50, prepaymentSize: 10 }), 1, '2027-01-01')).toEqual({
      price: 50,
      prepayment: 50,
    });
    expect(quote(date({ price: 0, prepaymentSize: 10 }), 1, '2027-01-01').prepayment).toBeNull();
    expect(
      quote(date({ price: 0, prepaymentType: 'fixed', prepaymentSize: 1_00 }), 1, '2027-01-01')
        .prepayment,
    ).toBeNull();
  });

  it('counts days between ISO dates', () => {
    expect(daysUntil('2027-06-01', '2027-05-18')).toBe(14);
    expect(daysUntil('2027-06-01', '2027-06-02')).toBe(-1);
  });
});

describe('amountDue and openPaymentTypes', () => {
  it('offers the prepayment or the full price before anything is paid', () => {
    const balance = { price: 100_000, prepayment: 30_000, paid: 0 };
    expect(amountDue(balance, 'prepayment')).toBe(30_000);
    expect(amountDue(balance, 'full')).toBe(100_000);
    expect(amountDue(balance, 'payment')).toBeUndefined();
    expect(openPaymentTypes(balance)).toEqual(['prepayment', 'full']);
  });

  it('offers only the rest after a prepayment, and nothing once paid', () => {
    expect(openPaymentTypes({ price: 100_000, prepayment: 30_000, paid: 30_000 })).toEqual([
      'payment',
    ]);
    expect(amountDue({ price: 100_000, prepayment: 30_000, paid: 30_000 }, 'payment')).toBe(70_000);
    expect(openPaymentTypes({ price: 100_000, prepayment: 30_000, paid: 100_000 })).toEqual([]);
    expect(openPaymentTypes({ price: 100_000, prepayment: null, paid: 0 })).toEqual(['full']);
  });

  it('offers no prepayment of 0 (a booking priced before the rounding rule): the full price', () => {
    const balance = { price: 4_00, prepayment: 0, paid: 0 };
    expect(amountDue(balance, 'prepayment')).toBeUndefined();
    expect(amountDue(balance, 'full')).toBe(4_00);
    expect(openPaymentTypes(balance)).toEqual(['full']);
  });
});

describe('a booking that has paid, with riders added since', () => {
  it("offers the added riders' share of the prepayment, or the whole rest", () => {
    // 1 rider paid 30% of 3,900; 8 more added: 30% of 35,100 is due, 1,170 of it paid.
    const balance = { price: 3_510_000, prepayment: 1_053_000, paid: 117_000 };
    expect(amountDue(balance, 'prepayment')).toBe(936_000);
    expect(amountDue(balance, 'payment')).toBe(3_393_000);
    expect(amountDue(balance, 'full')).toBeUndefined();
    expect(openPaymentTypes(balance)).toEqual(['prepayment', 'payment']);
    expect(creditOf(balance, 'prepayment', 936_000, true)).toEqual({ credit: 936_000, excess: 0 });
    expect(prepaidAt(balance)).toBe(1_053_000);
  });

  it("asks the agreed terms of the whole party, or the added ones' whole price when the whole price is due at once", () => {
    const paid = { price: 780_000, paid: 117_000 };
    expect(
      prepaymentOfPaidBooking({ ...paid, termsPrepayment: 234_000, unpaidPrice: 390_000 }),
    ).toBe(234_000);
    // Inside the full-payment window (no prepayment by the terms now): what was paid plus the
    // added rider's whole price.
    expect(prepaymentOfPaidBooking({ ...paid, termsPrepayment: null, unpaidPrice: 390_000 })).toBe(
      507_000,
    );
    // Nothing added: what was paid covers it.
    expect(prepaymentOfPaidBooking({ ...paid, termsPrepayment: null, unpaidPrice: 0 })).toBe(
      117_000,
    );
    // Never above the price.
    expect(
      prepaymentOfPaidBooking({
        price: 780_000,
        paid: 500_000,
        termsPrepayment: null,
        unpaidPrice: 390_000,
      }),
    ).toBe(780_000);
  });
});

describe('creditOf', () => {
  const balance = { price: 100_000, prepayment: 30_000, paid: 0 };

  it('credits a payment that is due in full', () => {
    expect(creditOf(balance, 'prepayment', 30_000, true)).toEqual({ credit: 30_000, excess: 0 });
    expect(creditOf(balance, 'full', 100_000, true)).toEqual({ credit: 100_000, excess: 0 });
  });

  it('gives back a second prepayment, and the prepayment part of a full payment made after it', () => {
    const prepaid = { ...balance, paid: 30_000 };
    expect(creditOf(prepaid, 'prepayment', 30_000, true)).toEqual({ credit: 0, excess: 30_000 });
    expect(creditOf(prepaid, 'full', 100_000, true)).toEqual({ credit: 70_000, excess: 30_000 });
  });

  it('gives back a prepayment that arrives after the full price', () => {
    const paid = { ...balance, paid: 100_000 };
    expect(creditOf(paid, 'prepayment', 30_000, true)).toEqual({ credit: 0, excess: 30_000 });
    expect(creditOf(paid, 'payment', 70_000, true)).toEqual({ credit: 0, excess: 70_000 });
  });

  it('gives back everything that arrives for a booking no longer open', () => {
    expect(creditOf(balance, 'full', 100_000, false)).toEqual({ credit: 0, excess: 100_000 });
  });

  it('takes the whole price as the prepayment when the booking has none', () => {
    const noPrepayment = { price: 100_000, prepayment: null, paid: 0 };
    expect(creditOf(noPrepayment, 'prepayment', 100_000, true)).toEqual({
      credit: 100_000,
      excess: 0,
    });
  });
});

describe('wholeUnits and inCurrency', () => {
  it('prices in whole major units, as every amount is shown', () => {
    expect(wholeUnits(697.5)).toBe(69_800);
    expect(wholeUnits(697.49)).toBe(69_700);
  });

  it('converts money terms and keeps a percentage', () => {
    const twice = (minor: number) => wholeUnits((minor / 100) * 2);
    expect(inCurrency(date(), twice)).toMatchObject({ price: 240_000, prepaymentSize: 30 });
    expect(
      inCurrency(date({ prepaymentType: 'fixed', prepaymentSize: 10_050 }), twice).prepaymentSize,
    ).toBe(20_100);
  });
});

describe('isExactAmount', () => {
  it('keeps a party’s price in tögrögs, past 32 bits, and refuses what a number cannot count', () => {
    // Twelve riders at ₮23,652,174 each: 28 billion minor units.
    expect(isExactAmount(wholeUnits(23_652_174) * 12)).toBe(true);
    expect(isExactAmount(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isExactAmount(Number.MAX_SAFE_INTEGER + 1)).toBe(false);
    expect(isExactAmount(1e20)).toBe(false);
    expect(isExactAmount(-100)).toBe(false);
    expect(isExactAmount(Number.NaN)).toBe(false);
  });
});
