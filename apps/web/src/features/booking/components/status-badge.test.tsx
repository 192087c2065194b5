import type { components } from '@gallop/api-client';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tourSummary } from '../../../lib/testing/fake-api';
import { renderInApp } from '../../../lib/testing/render-in-app';
import { statusLabel } from '../status';
import { BookingList } from './booking-list/booking-list';
import { BookingPage } from './booking-page/booking-page';
import { QrPaymentPage } from './qr-payment-page/qr-payment-page';

type BookingRequest = components['schemas']['BookingRequest'];

const booking = (status: BookingRequest['status'], paid: number): BookingRequest =>
  ({
    id: 9,
    uuid: '6f1c2d7e-3b4a-4c5d-8e9f-a0b1c2d3e4f5',
    status,
    tour: tourSummary(),
    tourists: [{ id: 1, full_name: 'Katrin Weber' }],
    price: 1200,
    prepayment: 300,
    non_riders: 0,
    non_rider_price: null,
    paid,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-12-06T09:00:00Z',
    can_pay: false,
    can_cancel: false,
  }) as BookingRequest;

/** The classes of the status badge `page` shows for `shown`. */
async function badgeOn(page: 'booking' | 'qr' | 'list', shown: BookingRequest) {
  const ui = {
    booking: <BookingPage booking={shown} user={undefined} />,
    qr: <QrPaymentPage booking={shown} user={undefined} />,
    list: <BookingList bookings={[shown]} />,
  }[page];
  await renderInApp(ui, { fetch: createFakeApi({}).fetch });
  const badge = await screen.findByText(statusLabel(shown), { selector: '.booking-status' });
  const classes = badge.className;
  cleanup();
  return classes;
}

describe('the status badge', () => {
  it.each([
    ['Waiting for the organizer', booking(1, 0), 'booking-status'],
    ['Prepaid', booking(3, 300), 'booking-status booking-status--paid'],
    ['Tour complete', booking(4, 1200), 'booking-status booking-status--paid'],
    ['Cancelled by you', booking(5, 0), 'booking-status booking-status--cancelled'],
  ] as const)(
    '%s has one colour on the booking, QR and bookings pages',
    async (_label, shown, classes) => {
      for (const page of ['booking', 'qr', 'list'] as const) {
        expect(await badgeOn(page, shown), page).toBe(classes);
      }
    },
  );
});
