import type { components } from '@gallop/api-client';
import { tourSummary } from './fake-api';

type BookingRequest = components['schemas']['BookingRequest'];

/** A date of the booked tour (`tourSummary()`, id 99), as a booking carries it. */
export const bookedTourDate = (start: string, end: string) => ({
  id: 5,
  tour_id: 99,
  duration: 8,
  start,
  end,
  currency: 'USD' as const,
  price: 1200,
});

/**
 * Booking #812 of `tourSummary()` as `get-by-uuid` answers it: one rider, 300 of 1200 USD paid,
 * status 3, its date far ahead. Tests spread it and change what they are about (status, date).
 */
export const bookingRequest = (uuid: string): BookingRequest =>
  ({
    id: 812,
    uuid,
    status: 3,
    tour: tourSummary(),
    tour_date: bookedTourDate('2099-12-12', '2099-12-19'),
    tourists: [{ id: 1, full_name: 'Alex Morgan' }],
    price: 1200,
    paid: 300,
    currency: 'USD',
    created_at: '2026-11-20T10:00:00Z',
  }) as BookingRequest;
