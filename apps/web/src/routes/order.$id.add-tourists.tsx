import { createFileRoute, notFound, useLocation } from '@tanstack/react-router';
import { isApiError, type GallopClient } from '@gallop/api-client';
import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { CodeSignIn } from '../features/account/components/login-page/code-sign-in';
import { useSession } from '../features/account/session';
import { bookingByUuidQuery, touristsInfoQuery } from '../features/booking/api';
import { AddTouristsPage } from '../features/booking/components/add-tourists-page/add-tourists-page';
import { rememberedContactEmail } from '../features/booking/contact-email';
import { bookingEndedError, ridersEndReason } from '../features/booking/ended';
import { isBookingUuid, parseBookingId } from '../features/booking/ids';
import { pageHead } from '../features/seo/head';
import { useHydrated } from '../lib/use-hydrated';

/**
 * `/order/{id}/add-tourists?uuid=` (docs/product.md, Routes): adding riders to a booking through
 * its link key. A link for another booking, or an unknown one, is the 404 page; a booking that can
 * no longer change (cancelled, over, or its tour begun) answers 410 with why (the error page's
 * `BookingEndedPage`, as the arrival link's). Only the owner adds riders: a signed-out visitor
 * proves the booking's e-mail with a one-time code and comes back here.
 */
export const Route = createFileRoute('/order/$id/add-tourists')({
  validateSearch: (search: Record<string, unknown>) => ({ uuid: String(search.uuid ?? '') }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const id = parseBookingId(params.id);
    if (id === undefined || !isBookingUuid(deps.uuid)) throw notFound();
    try {
      const info = await context.queryClient.ensureQueryData(
        touristsInfoQuery(context.api, deps.uuid),
      );
      if (info.request_id !== id) throw notFound();
      return { uuid: deps.uuid };
    } catch (error) {
      if (isApiError(error) && error.status === 410) {
        throw await ridersClosed(context.queryClient, context.api, id, deps.uuid, error);
      }
      throw isApiError(error) && error.status === 404 ? notFound() : error;
    }
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Add a rider', canonical: '/order', noindex: true },
      match.context.site.publicUrl,
    ),
  component: AddTouristsRoute,
});

/**
 * The error for the 410 `tourists-info` answers once riders can no longer change: the booking
 * (by its link key, as the booking page reads it) tells why (`ridersEndReason`). A booking that
 * cannot be read leaves the API's 410 as it is (the generic 410 page).
 */
async function ridersClosed(
  queryClient: QueryClient,
  api: GallopClient<true>,
  id: number,
  uuid: string,
  gone: unknown,
): Promise<unknown> {
  try {
    const booking = await queryClient.ensureQueryData(bookingByUuidQuery(api, uuid));
    if (booking.id !== id) return notFound();
    return bookingEndedError(booking, 'riders', ridersEndReason(booking));
  } catch {
    return gone;
  }
}

function AddTouristsRoute() {
  const { api } = Route.useRouteContext();
  const { uuid } = Route.useLoaderData();
  const { user } = useSession();
  const location = useLocation();
  // The address this tab booked with, if it did; read once hydrated (the server cannot know it).
  const email = useHydrated() ? rememberedContactEmail(uuid) : undefined;
  const { data } = useSuspenseQuery(touristsInfoQuery(api, uuid));
  return (
    <AddTouristsPage
      info={data}
      user={user}
      emailProof={
        <CodeSignIn
          key={email ?? ''}
          sender="email"
          defaultLogin={email}
          // A code to the address this tab booked with is said sent (decision 153).
          bookedWith={email}
          sendLabel="Send me a code"
          returnTo={location.href}
        />
      }
    />
  );
}
