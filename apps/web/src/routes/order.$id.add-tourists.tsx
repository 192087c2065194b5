import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@gallop/api-client';
import { useQuery } from '@tanstack/react-query';
import { touristsInfoQuery } from '../features/booking/api';
import { AddTouristsPage } from '../features/booking/components/add-tourists-page/add-tourists-page';
import { isBookingUuid, parseBookingId } from '../features/booking/ids';
import { pageHead } from '../features/seo/head';

/**
 * `/order/{id}/add-tourists?uuid=` (spec section 2.1): adding riders to a booking through its
 * link key. A link for another booking, or an unknown one, is the 404 page; a booking that can no
 * longer change (cancelled, or its tour has started) answers 410.
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

function AddTouristsRoute() {
  const { api } = Route.useRouteContext();
  const { uuid } = Route.useLoaderData();
  const { data } = useQuery(touristsInfoQuery(api, uuid));
  if (!data) return null;
  return <AddTouristsPage info={data} />;
}
