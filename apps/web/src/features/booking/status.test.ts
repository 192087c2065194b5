import { formatPrice } from '@gallop/currency';
import { describe, expect, it } from 'vitest';
import type { BookingRequest } from './api';
import { paymentOptions, STATUS_LABELS, statusLabel, statusNext, statusTone } from './status';

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

describe('statusLabel and statusNext', () => {
  it('says when the time to pay has passed, not that seats are held', () => {
    const held = { hold_until: '2026-12-09T06:25:00Z' };
    expect(statusNext(booking(held))).toBe(
      'Your seats are held for a limited time: pay to secure them.',
    );
    expect(statusNext(booking({ ...held, can_pay: false }))).toBe(
      'The time to pay for this booking has passed: its seats are being released, and nothing is due. You are welcome to book again.',
    );
    // A guest who has not proven the address cannot pay yet: their hold has not ended.
    expect(statusNext(booking({ ...held, can_pay: false, email_proof_required: true }))).toBe(
      'Your seats are held for a limited time: pay to secure them.',
    );
  });

  it('name the payment a confirmed booking waits for, and a paid-up one as paid', () => {
    expect(statusLabel(booking({}))).toBe('Confirmed, waiting for prepayment');
    expect(statusLabel(booking({ prepayment: null }))).toBe('Confirmed, waiting for payment');
    expect(statusLabel(booking({ status: 3, paid: 300 }))).toBe('Prepaid');
    expect(statusLabel(booking({ status: 3, paid: 1000 }))).toBe('Paid in full');
  });

  it('promise a refund only where something was paid', () => {
    const declined = { status: 6, decline_reason: 'No horses that week', can_pay: false } as const;
    expect(statusNext(booking({ ...declined }))).toBe(
      'The organizer declined this request, so nothing is due. You are welcome to choose another date or tour.',
    );
    expect(statusNext(booking({ status: 6, can_pay: false }))).toBe(
      'The organizer has cancelled this booking. Nothing was paid, so nothing is due.',
    );
    expect(statusNext(booking({ status: 8, can_pay: false, paid: 300, refunded: 300 }))).toBe(
      'Gallop support has cancelled this booking. Everything you paid is refunded to your card.',
    );
    expect(statusNext(booking({ status: 6, can_pay: false, paid: 300 }))).toBe(
      'The organizer has cancelled this booking. Everything you paid is refunded to your card.',
    );
  });

  it('promise meeting details only while none are sent', () => {
    expect(statusNext(booking({ status: 3, paid: 1000 }))).toBe(
      'Your seats are secured. The organizer will send the meeting details before the tour.',
    );
    const meeting = {
      text: 'We meet at the green gate at 10:00.',
      files: [],
      updated_at: '2026-12-01T10:00:00.000Z',
    } as unknown as NonNullable<BookingRequest['meeting']>;
    expect(statusNext(booking({ status: 3, paid: 1000, meeting }))).toBe(
      'Your seats are secured. The organizer’s meeting details are below.',
    );
  });
});

describe('statusNext of a booking its traveller cancelled', () => {
  const money = (amount: number) => formatPrice(amount, 'EUR');
  const cancelled = (paid: number, refunded: number) =>
    booking({ status: 5, can_pay: false, can_cancel: false, paid, refunded });

  it('says what the cancellation refunded of what was paid', () => {
    expect(statusNext(cancelled(0, 0))).toBe(
      'This booking is cancelled. The seats have been released. Nothing was paid, so nothing is due.',
    );
    expect(statusNext(cancelled(1000, 500))).toBe(
      `This booking is cancelled. The seats have been released. By the cancellation policy accepted at booking, ${money(500)} of the ${money(1000)} you paid is refunded to your card.`,
    );
    expect(statusNext(cancelled(1000, 0))).toBe(
      `This booking is cancelled. The seats have been released. By the cancellation policy accepted at booking, nothing of the ${money(1000)} you paid is refunded.`,
    );
    expect(statusNext(cancelled(1000, 1000))).toBe(
      'This booking is cancelled. The seats have been released. Everything you paid is refunded to your card.',
    );
  });

  it('counts the cancellation’s own refunds, not a late payment given back whole', () => {
    // 330 credited, half back by the policy; a balance of 669 charged as the traveller cancelled
    // came after the booking closed and was given back whole (never part of `paid`).
    const refund = (id: number, amount: number, reason: 'cancellation' | 'booking-closed') => ({
      id,
      amount,
      currency: 'EUR' as const,
      reason,
      status: 'refunded' as const,
      created_at: '2026-12-08T10:00:00Z',
    });
    const late = booking({
      status: 5,
      can_pay: false,
      can_cancel: false,
      paid: 330,
      refunded: 834,
      refunds: [refund(2, 669, 'booking-closed'), refund(1, 165, 'cancellation')],
    });
    expect(statusNext(late)).toBe(
      `This booking is cancelled. The seats have been released. By the cancellation policy accepted at booking, ${money(165)} of the ${money(330)} you paid is refunded to your card.`,
    );
  });
});

describe('statusTone', () => {
  it('gives every status one colour: waiting, then paid, or cancelled', () => {
    const tones = ([1, 2, 3, 4, 5, 6, 7, 8] as const).map((status) => statusTone(status));
    expect(tones).toEqual([
      'waiting',
      'waiting',
      'paid',
      'paid',
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });
});
