import { createFileRoute, notFound } from '@tanstack/react-router';
import { isBookingUuid } from '../features/booking/ids';
import { BookingRoutePage, loadBooking } from '../features/booking/route-page';
import { useSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { useEmailProof } from './-booking/email-proof';

/** `{base}/pay/uuid/{uuid}` (docs/product.md, Routes): paying a booking opened by its link key. */
export const Route = createFileRoute('/booking/pay/uuid/$uuid')({
  loader: ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    return loadBooking(context, { uuid: params.uuid });
  },
  head: ({ match }) =>
    pageHead(
      {
        title: 'Pay for your booking',
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
    <BookingRoutePage
      query={Route.useLoaderData()}
      user={user}
      focus="pay"
      emailProof={useEmailProof()}
    />
  );
}
