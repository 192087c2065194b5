/** What the booking routes share: loading a booking by id or uuid, and showing the cached copy. */
import { isApiError } from '@gallop/api-client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api';
import type { RouterContext } from '../../router';
import { asRouteError, bookingByUuidQuery, bookingQuery, type Traveller } from './api';
import { BookingPage, type EmailProofSlot } from './components/booking-page/booking-page';
import { QrPaymentPage } from './components/qr-payment-page/qr-payment-page';
import { prefetchQrPayment } from './qr';

export type BookingKey = { id: number } | { uuid: string };

/** A booking by id or by link key: two calls with the same answer, read by one hook. */
const queryFor = (api: RouterContext['api'], key: BookingKey) =>
  'id' in key
    ? bookingQuery(api, key.id)
    : (bookingByUuidQuery(api, key.uuid) as unknown as ReturnType<typeof bookingQuery>);

/**
 * Loads the booking into the cache. With `signIn` (the pages that need a session: the route's
 * redirect to sign in and back), a 401 (the session ended after the profile was read, or its
 * refresh failed) throws that, as `ensureSignedInUser` does, not the '401 Internal Error' page.
 */
export async function loadBooking(
  context: Pick<RouterContext, 'api' | 'queryClient'>,
  key: BookingKey,
  signIn?: () => unknown,
): Promise<BookingKey> {
  try {
    await context.queryClient.ensureQueryData(queryFor(context.api, key));
    return key;
  } catch (error) {
    if (signIn && isApiError(error) && error.status === 401) throw signIn();
    throw asRouteError(error);
  }
}

/** The QR pages' loader: the booking, and for a signed-in owner the first QR code too. */
export async function loadQrPayment(
  context: Pick<RouterContext, 'api' | 'queryClient'>,
  key: BookingKey,
  signedIn: boolean,
  signIn?: () => unknown,
): Promise<BookingKey> {
  await loadBooking(context, key, signIn);
  const booking = context.queryClient.getQueryData(queryFor(context.api, key).queryKey);
  if (signedIn && booking) await prefetchQrPayment(context, booking);
  return key;
}

export function QrPaymentRoutePage({
  query,
  user,
}: {
  query: BookingKey;
  user: Traveller | undefined;
}) {
  const api = useApi();
  // The loader has the booking in the cache (`loadQrPayment`).
  const { data } = useSuspenseQuery(queryFor(api, query));
  return <QrPaymentPage booking={data} user={user} />;
}

export function BookingRoutePage({
  query,
  focus,
  user,
  emailProof,
}: {
  query: BookingKey;
  focus?: 'details' | 'pay';
  user: Traveller | undefined;
  /** How a guest proves the booking's e-mail (the uuid pages pass the code sign-in). */
  emailProof?: EmailProofSlot;
}) {
  const api = useApi();
  // The loader has the booking in the cache (`loadBooking`).
  const { data } = useSuspenseQuery(queryFor(api, query));
  return (
    <BookingPage booking={data} user={user} emailProof={emailProof} {...(focus ? { focus } : {})} />
  );
}
