import type { components } from '@gallop/api-client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tourSummary } from '../../../../lib/testing/fake-api';
import { renderInApp } from '../../../../lib/testing/render-in-app';
import { BookingPage } from './booking-page';

type BookingRequest = components['schemas']['BookingRequest'];
type TourDate = components['schemas']['TourDate'];

/** The booked date, as the booking's answer carries it. */
const tourDate = (overrides: Partial<TourDate>): TourDate => ({
  id: 5,
  tour_id: 99,
  start: '2027-03-14',
  end: '2027-03-20',
  duration: 7,
  currency: 'EUR',
  price: 1200,
  ...overrides,
});

/** A booking ended by its organizer (status 6), on a date as given. */
function ended(overrides: Partial<BookingRequest>): BookingRequest {
  return {
    id: 9,
    uuid: '6f1c2d7e-3b4a-4c5d-8e9f-a0b1c2d3e4f5',
    status: 6,
    tour: tourSummary(),
    tourists: [{ id: 1, full_name: 'Katrin Weber' }],
    price: 1200,
    prepayment: 300,
    non_riders: 0,
    non_rider_price: null,
    paid: 0,
    refunded: 0,
    currency: 'EUR',
    created_at: '2026-12-06T09:00:00Z',
    can_pay: false,
    can_cancel: false,
    ...overrides,
  } as BookingRequest;
}

async function lead(booking: BookingRequest) {
  await renderInApp(<BookingPage booking={booking} user={undefined} />, {
    fetch: createFakeApi({}).fetch,
  });
  await screen.findByRole('heading', { name: `Booking #${booking.id}` });
  // The text under the heading: what this booking's status means.
  return document.querySelector('.booking-lead')?.textContent;
}

describe('the booking page of a booking ended with its date (decision 148)', () => {
  it('says the organizer cancelled the date, under "Cancelled by the organizer", not a decline', async () => {
    const text = await lead(
      ended({
        decline_reason: 'The guides are not available',
        cancel_reason: 'The guides are not available',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true, not_guaranteed: true }),
      }),
    );
    expect(screen.getByText('Cancelled by the organizer')).toBeInTheDocument();
    expect(text).toBe(
      'The organizer cancelled this date: the ride does not run, so this booking is cancelled. Nothing was paid, so nothing is due. You are welcome to choose another date or tour.',
    );
    expect(screen.queryByText(/declined this request/u)).toBeNull();
  });

  it('says everything paid is refunded for a paid booking on the cancelled date', async () => {
    const text = await lead(
      ended({
        paid: 300,
        refunded: 300,
        cancel_reason: 'The guides are not available',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true }),
      }),
    );
    expect(text).toBe(
      'The organizer cancelled this date: the ride does not run, so this booking is cancelled. Everything you paid is refunded to your card. You are welcome to choose another date or tour.',
    );
  });

  it('says a request released with its date was not confirmed in time', async () => {
    const text = await lead(
      ended({
        status: 7,
        cancel_reason: 'The organizer did not confirm the date by 21 February 2027',
        tour_date: tourDate({ id: 5, is_busy: true, cancelled: true, not_guaranteed: true }),
      }),
    );
    expect(text).toBe(
      'This date was cancelled: the organizer did not confirm it in time, so the ride does not run and this booking is cancelled. Nothing was paid, so nothing is due. You are welcome to choose another date or tour.',
    );
  });

  it('still names a request declined on a date that runs as declined', async () => {
    const text = await lead(
      ended({
        decline_reason: 'Full',
        cancel_reason: 'Full',
        tour_date: tourDate({ id: 5, cancelled: false }),
      }),
    );
    expect(text).toBe(
      'The organizer declined this request, so nothing is due. You are welcome to choose another date or tour.',
    );
  });
});
