import { listOwnOrganizersQueryOptions } from '@gallop/api-client/query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { organizerBookingsQuery } from '../features/partner/api';
import { OrganizerBookings } from '../features/partner/components/organizer-bookings/organizer-bookings';
import { pageHead } from '../features/seo/head';

/**
 * `/partner/bookings` (sign-in required; issue 42): the signed-in organizer area, the requests
 * waiting for an answer, then the other active bookings of the member's tours, then the ended ones.
 */
export const Route = createFileRoute('/partner/bookings/')({
  beforeLoad: requireSession,
  loader: async ({ context, location }) => {
    await ensureSignedInUser({ context, location });
    await Promise.all([
      context.queryClient.ensureQueryData(listOwnOrganizersQueryOptions(context.api)),
      context.queryClient.ensureQueryData(organizerBookingsQuery(context.api, 'waiting')),
      context.queryClient.ensureQueryData(organizerBookingsQuery(context.api, 'active')),
      context.queryClient.ensureQueryData(organizerBookingsQuery(context.api, 'ended')),
    ]);
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Your tour bookings', canonical: '/partner/bookings', noindex: true },
      match.context.site.publicUrl,
    ),
  component: OrganizerBookingsRoute,
});

function OrganizerBookingsRoute() {
  const { api } = Route.useRouteContext();
  const organizers = useSuspenseQuery(listOwnOrganizersQueryOptions(api)).data;
  const waiting = useSuspenseQuery(organizerBookingsQuery(api, 'waiting')).data;
  const active = useSuspenseQuery(organizerBookingsQuery(api, 'active')).data;
  const ended = useSuspenseQuery(organizerBookingsQuery(api, 'ended')).data;
  return (
    <OrganizerBookings
      waiting={waiting.items}
      active={active.items}
      ended={ended.items}
      isProvider={organizers.items.length > 0}
    />
  );
}
