import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { asAreaRouteError, organizerBookingQuery } from '../features/partner/api';
import { OrganizerBookingPage } from '../features/partner/components/organizer-booking-page/organizer-booking-page';
import { pageHead } from '../features/seo/head';
import { isFeatureOn } from '../lib/features';

const bookingId = (id: string) => (/^[1-9]\d{0,9}$/.test(id) ? Number(id) : undefined);

/**
 * `/partner/bookings/{id}` (sign-in required; issue 42): one booking of the member's tour. A
 * booking of another organizer's tour is the 404 page, as the API answers it.
 */
export const Route = createFileRoute('/partner/bookings/$id')({
  beforeLoad: requireSession,
  loader: async ({ context, location, params }) => {
    const id = bookingId(params.id);
    if (id === undefined) throw notFound();
    await ensureSignedInUser({ context, location });
    try {
      await context.queryClient.ensureQueryData(organizerBookingQuery(context.api, id));
    } catch (error) {
      throw asAreaRouteError(error);
    }
  },
  head: ({ match, params }) =>
    pageHead(
      {
        title: `Booking #${params.id}`,
        canonical: `/partner/bookings/${params.id}`,
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: OrganizerBookingRoute,
});

function OrganizerBookingRoute() {
  const { api, site } = Route.useRouteContext();
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(organizerBookingQuery(api, Number(id)));
  return <OrganizerBookingPage booking={data} arrivalOpen={isFeatureOn(site, 'arrival')} />;
}
