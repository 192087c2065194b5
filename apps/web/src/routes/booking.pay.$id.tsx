import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireSession, toLogin } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { parseBookingId } from '../features/booking/ids';
import { BookingRoutePage, loadBooking } from '../features/booking/route-page';
import { useSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';

/** `{base}/pay/{id}` (docs/product.md, Routes): paying a booking of the signed-in traveller. */
export const Route = createFileRoute('/booking/pay/$id')({
  beforeLoad: requireSession,
  loader: async ({ context, location, params }) => {
    const id = parseBookingId(params.id);
    if (id === undefined) throw notFound();
    await ensureSignedInUser({ context, location });
    return loadBooking(context, { id }, () => toLogin(location));
  },
  // A booking that failed to load (not the traveller's: 403) shows the error page, whose title
  // the root route gives.
  head: ({ params, match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: `Pay for booking #${params.id}`,
            canonical: bookingHref(`/booking/pay/${params.id}`, match.context.site.bookingBasePath),
            noindex: true,
          },
          match.context.site.publicUrl,
        ),
  component: BookingRoute,
});

function BookingRoute() {
  const { user } = useSession();
  return <BookingRoutePage query={Route.useLoaderData()} user={user} focus="pay" />;
}
