import { createFileRoute, notFound } from '@tanstack/react-router';
import { isBookingUuid } from '../features/booking/ids';
import { BookingRoutePage, loadBooking } from '../features/booking/route-page';
import { useSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { useEmailProof } from './-booking/email-proof';

/** `{base}/uuid/{uuid}` (docs/product.md, Routes): a booking opened by its link key, no sign-in. */
export const Route = createFileRoute('/booking/uuid/$uuid')({
  loader: ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    return loadBooking(context, { uuid: params.uuid });
  },
  head: ({ match }) =>
    pageHead(
      {
        title: 'Your booking',
        canonical: bookingHref('/booking', match.context.site.bookingBasePath),
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: BookingRoute,
});

function BookingRoute() {
  const { user } = useSession();
  return (
    <BookingRoutePage query={Route.useLoaderData()} user={user} emailProof={useEmailProof()} />
  );
}
