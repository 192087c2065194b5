import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { asRouteError, tourForRequestQuery } from '../features/booking/api';
import { parseBookingId } from '../features/booking/ids';
import { BookingFormPage } from '../features/booking/components/booking-form-page/booking-form-page';
import { useSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { prefetchTourClimate } from '../lib/tour-climate';

interface BookingFormSearch {
  tour?: number;
  date?: number;
}

const numeric = (value: unknown) => parseBookingId(String(value ?? ''));

/** `/booking/new?tour=&date=`: the booking request form ('Request booking' on a tour page). */
export const Route = createFileRoute('/booking/new')({
  validateSearch: (search: Record<string, unknown>): BookingFormSearch => {
    const tour = numeric(search.tour);
    const date = numeric(search.date);
    return { ...(tour ? { tour } : {}), ...(date ? { date } : {}) };
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!deps.tour) throw notFound();
    try {
      const tour = await context.queryClient.ensureQueryData(
        tourForRequestQuery(context.api, deps.tour),
      );
      // The season check's climate (decision 117): awaited on the server, so the date choice's
      // marks are in its HTML; a navigation in the browser does not wait for it.
      const climate = prefetchTourClimate(context.queryClient, context.api, tour);
      if (typeof document === 'undefined') await climate;
      // The head's words come with the loader's chunk, not the first load (issue 7's budget).
      const description = 'Choose a date, add the riders and send your booking request.';
      return { tourId: tour.id, name: tour.name, description };
    } catch (error) {
      throw asRouteError(error);
    }
  },
  head: ({ loaderData, match }) =>
    pageHead(
      {
        title: loaderData ? `Book ${loaderData.name}` : 'Request booking',
        description: loaderData?.description,
        canonical: bookingHref('/booking/new', match.context.site.bookingBasePath),
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: BookingFormRoute,
});

function BookingFormRoute() {
  const { api } = Route.useRouteContext();
  const { tourId } = Route.useLoaderData();
  const { date } = Route.useSearch();
  const { user } = useSession();
  const { data } = useSuspenseQuery(tourForRequestQuery(api, tourId));
  return <BookingFormPage tour={data} dateId={date} user={user} />;
}
