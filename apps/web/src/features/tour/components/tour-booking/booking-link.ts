import { bookingHref } from '../../../../lib/booking-base';

/**
 * Where 'Request booking' leads: the booking form, `/{base}/new` with the tour and the chosen
 * date (`base` defaults to `booking`, docs/product.md, Routes; routes/booking.new.tsx).
 */
export function bookingRequestHref(tourId: number, dateId?: number, base?: string): string {
  const query = new URLSearchParams({ tour: String(tourId) });
  if (dateId !== undefined) query.set('date', String(dateId));
  return bookingHref(`/booking/new?${query.toString()}`, base);
}
