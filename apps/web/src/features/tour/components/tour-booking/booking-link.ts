import { bookingHref } from '../../../../lib/booking-base';

/** The date 'Request booking' books: a catalogue date, or an individual offer's (decision 181). */
interface BookedDate {
  id: number;
  individual_tour_uuid?: string | undefined;
}

/**
 * Where 'Request booking' leads: the booking form, `/{base}/new` with the tour and the chosen
 * date, or the individual offer the date is (`base` defaults to `booking`, docs/product.md,
 * Routes; routes/booking.new.tsx).
 */
export function bookingRequestHref(tourId: number, date?: BookedDate, base?: string): string {
  const query = new URLSearchParams({ tour: String(tourId) });
  if (date?.individual_tour_uuid) query.set('offer', date.individual_tour_uuid);
  else if (date !== undefined) query.set('date', String(date.id));
  return bookingHref(`/booking/new?${query.toString()}`, base);
}
