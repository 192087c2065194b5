import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { asRouteError, myBookingsQuery } from '../features/booking/api';
import { BookingList } from '../features/booking/components/booking-list/booking-list';
import { pageHead } from '../features/seo/head';

/** `/bookings` (sign-in required): the traveller's booking requests. */
export const Route = createFileRoute('/bookings')({
  beforeLoad: requireSession,
  loader: async ({ context, location }) => {
    await ensureSignedInUser({ context, location });
    try {
      await context.queryClient.ensureQueryData(myBookingsQuery(context.api));
    } catch (error) {
      throw asRouteError(error);
    }
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Your bookings', canonical: '/bookings', noindex: true },
      match.context.site.publicUrl,
    ),
  component: BookingsRoute,
});

function BookingsRoute() {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(myBookingsQuery(api));
  return <BookingList bookings={data.items} />;
}
