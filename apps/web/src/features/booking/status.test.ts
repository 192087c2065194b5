import { describe, expect, it } from 'vitest';
import type { BookingRequest } from './api';
import { paymentOptions, STATUS_LABELS } from './status';

const booking = (overrides: Partial<BookingRequest>): BookingRequest =>
  ({
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000000',
    status: 2,
    tour: {} as BookingRequest['tour'],
    tourists: [],
    price: 1000,
    prepayment: 300,
    paid: 0,
    currency: 'EUR',
    created_at: '2026-11-24T00:00:00Z',
    can_pay: true,
    can_cancel: true,
    ...overrides,
  }) as BookingRequest;

describe('paymentOptions', () => {
  it('offers the prepayment and the full price before anything is paid', () => {
    expect(paymentOptions(booking({}))).toEqual([
      { type: 'prepayment', amount: 300 },
      { type: 'full', amount: 1000 },
    ]);
    expect(paymentOptions(booking({ prepayment: null }))).toEqual([{ type: 'full', amount: 1000 }]);
  });

  it('offers the rest after a prepayment, and nothing when it cannot be paid', () => {
    expect(paymentOptions(booking({ paid: 300, status: 3 }))).toEqual([
      { type: 'payment', amount: 700 },
    ]);
    expect(paymentOptions(booking({ can_pay: false }))).toEqual([]);
  });

  it('names every status', () => {
    expect(Object.keys(STATUS_LABELS)).toHaveLength(8);
  });
});
