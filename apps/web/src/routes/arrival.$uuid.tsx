import { isApiError } from '@gallop/api-client';
import { createFileRoute, Link, notFound, useLocation } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useSession } from '../features/account/session';
import { arrivalBookingQuery, arrivalInfoQuery } from '../features/arrival/api';
import {
  ArrivalPage,
  type ArrivalTrip,
} from '../features/arrival/components/arrival-page/arrival-page';
import { arrivalEndReason } from '../features/arrival/ended';
import { bookingEndedError } from '../features/booking/ended';
import { isBookingUuid } from '../features/booking/ids';
import { pageHead } from '../features/seo/head';
import { requireFeature } from '../lib/features';
import { hasSession } from '../lib/session-tokens';
import { formatDateRange } from '../lib/tour-format';

/**
 * `/arrival/{uuid}` (docs/product.md, Routes), behind `FEATURE_ARRIVAL`: the traveller's arrival
 * and departure details for their booking. The link opens the booking; reading and saving the
 * details needs the owner's session (someone else's booking is the 403 page). A booking that can
 * no longer change (cancelled, over, or its tour begun) answers 410 with why (the error page's
 * `BookingEndedPage`), as the add-riders page answers 410, instead of a form the API would refuse
 * to save.
 */
export const Route = createFileRoute('/arrival/$uuid')({
  beforeLoad: ({ context }) => requireFeature(context.site, 'arrival'),
  loader: async ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    try {
      const booking = await context.queryClient.ensureQueryData(
        arrivalBookingQuery(context.api, params.uuid),
      );
      const ended = arrivalEndReason(booking);
      if (ended) throw bookingEndedError(booking, 'arrival', ended);
      if (hasSession(context.api)) {
        await context.queryClient.ensureQueryData(arrivalInfoQuery(context.api, booking.id));
      }
      return { uuid: params.uuid };
    } catch (error) {
      throw isApiError(error) && error.status === 404 ? notFound() : error;
    }
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Arrival and departure', canonical: '/arrival', noindex: true },
      match.context.site.publicUrl,
    ),
  component: ArrivalRoute,
});

function ArrivalRoute() {
  const { api } = Route.useRouteContext();
  const { uuid } = Route.useLoaderData();
  const { user } = useSession();
  const location = useLocation();
  const { data: booking } = useSuspenseQuery(arrivalBookingQuery(api, uuid));
  const trip: ArrivalTrip = {
    requestId: booking.id,
    tourName: booking.tour.name,
    tourSlug: booking.tour.slug,
    dates: booking.tour_date
      ? formatDateRange(booking.tour_date.start, booking.tour_date.end)
      : 'dates to be agreed',
  };
  if (!user) {
    return (
      <div className="page-container arrival-page">
        <h1 className="display-heading arrival-title">Arrival and departure</h1>
        <p>
          <Link to="/login" search={{ redirect: location.href }}>
            Sign in
          </Link>{' '}
          with the e-mail you booked {trip.tourName} with to add how your riders arrive and leave. A
          one-time code works: no password needed.
        </p>
      </div>
    );
  }
  return <ArrivalDetails trip={trip} />;
}

/** Signed in: the riders' details, which the loader has in the cache when the page opens so. */
function ArrivalDetails({ trip }: { trip: ArrivalTrip }) {
  const { api } = Route.useRouteContext();
  const { data: info } = useSuspenseQuery(arrivalInfoQuery(api, trip.requestId));
  return <ArrivalPage trip={trip} info={info} />;
}
