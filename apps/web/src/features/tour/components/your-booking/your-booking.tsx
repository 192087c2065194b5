import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../lib/api';
import { bookingHref } from '../../../../lib/booking-base';
import { hasSession } from '../../../../lib/session-tokens';
import { useBookingBase } from '../../../../lib/use-booking-base';
import { tourPrivateDataQueryOptions } from '../../private-data';
import './your-booking.css';

/**
 * For a signed-in traveller who already asked to book this tour: a line that leads to that
 * booking, so they follow it up instead of sending a second request. Loaded in the browser
 * after the page (the server renders the public page only); nothing while signed out.
 */
export function YourBooking({ tourId }: { tourId: number }) {
  const api = useApi();
  const base = useBookingBase();
  // `useQuery`: loaded in the browser with a session only (see above).
  const { data } = useQuery({
    ...tourPrivateDataQueryOptions(api, tourId),
    enabled: hasSession(api),
  });
  if (!data?.request_id) return null;
  return (
    <p className="your-booking" role="status">
      You have already asked to book this tour.{' '}
      <a href={bookingHref(`/booking/${data.request_id}`, base)}>Open your booking</a>
    </p>
  );
}
