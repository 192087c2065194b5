import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSession } from '../features/account/session';
import { isBookingUuid } from '../features/booking/ids';
import { loadQrPayment, QrPaymentRoutePage } from '../features/booking/route-page';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { requireFeature } from '../lib/features';
import { hasSession } from '../lib/session-tokens';

/**
 * `{base}/qr/uuid/{uuid}` (docs/product.md, Routes): paying by QR code from the booking's link;
 * behind FEATURE_QR_PAYMENT.
 */
export const Route = createFileRoute('/booking/qr/uuid/$uuid')({
  beforeLoad: ({ context }) => requireFeature(context.site, 'qrPayment'),
  loader: ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    return loadQrPayment(context, { uuid: params.uuid }, hasSession(context.api));
  },
  head: ({ match }) =>
    pageHead(
      {
        title: 'Pay for your booking by QR code',
        canonical: bookingHref('/booking', match.context.site.bookingBasePath),
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: QrRoute,
});

function QrRoute() {
  const { user } = useSession();
  return <QrPaymentRoutePage query={Route.useLoaderData()} user={user} />;
}
