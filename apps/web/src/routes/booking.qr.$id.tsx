import { createFileRoute, notFound } from '@tanstack/react-router';
import { requireSession, toLogin } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { useSession } from '../features/account/session';
import { parseBookingId } from '../features/booking/ids';
import { loadQrPayment, QrPaymentRoutePage } from '../features/booking/route-page';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { requireFeature } from '../lib/features';

/**
 * `{base}/qr/{id}` (docs/product.md, Routes): paying by QR code; sign-in required; behind
 * FEATURE_QR_PAYMENT.
 */
export const Route = createFileRoute('/booking/qr/$id')({
  beforeLoad: ({ context, location }) => {
    requireFeature(context.site, 'qrPayment');
    requireSession({ context, location });
  },
  loader: async ({ context, location, params }) => {
    const id = parseBookingId(params.id);
    if (id === undefined) throw notFound();
    await ensureSignedInUser({ context, location });
    return loadQrPayment(context, { id }, true, () => toLogin(location));
  },
  head: ({ params, match }) =>
    pageHead(
      {
        title: `Pay for booking #${params.id} by QR code`,
        canonical: bookingHref(`/booking/qr/${params.id}`, match.context.site.bookingBasePath),
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
