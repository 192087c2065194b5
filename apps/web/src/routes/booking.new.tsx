import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isApiError } from '@gallop/api-client';
import { getIndividualTourQueryOptions } from '@gallop/api-client/query';
import { asRouteError, tourForRequestQuery } from '../features/booking/api';
import { isBookingUuid, parseBookingId } from '../features/booking/ids';
import { BookingFormPage } from '../features/booking/components/booking-form-page/booking-form-page';
import { useSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { bookingHref } from '../lib/booking-base';
import { HttpError } from '../lib/http-error';
import { prefetchTourClimate } from '../lib/tour-climate';
import { ownedSearch } from '../lib/owned-search';

interface BookingFormSearch {
  tour?: number;
  date?: number;
  /** An individual offer of the tour (decision 181), booked instead of a catalogue date. */
  offer?: string;
}

const numeric = (value: unknown) => parseBookingId(String(value ?? ''));

type Api = Parameters<typeof tourForRequestQuery>[0];

/** An individual offer's page: the tour whose only date is the offer (id 0). */
const offerQuery = (api: Api, uuid: string) =>
  getIndividualTourQueryOptions(api, { query: { uuid } });

/**
 * `/booking/new?tour=&date=`: the booking request form ('Request booking' on a tour page);
 * `?tour=&offer=` books an individual offer (`/order/{uuid}/individual-tour`).
 */
export const Route = createFileRoute('/booking/new')({
  validateSearch: ownedSearch(
    ['tour', 'date', 'offer'],
    (search: Record<string, unknown>): BookingFormSearch => {
      const tour = numeric(search.tour);
      const date = numeric(search.date);
      const offer = typeof search.offer === 'string' ? search.offer : '';
      return {
        ...(tour ? { tour } : {}),
        ...(date ? { date } : {}),
        ...(isBookingUuid(offer) ? { offer } : {}),
      };
    },
  ),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!deps.tour) throw notFound();
    try {
      const { queryClient, api } = context;
      const tour = deps.offer
        ? await queryClient.ensureQueryData(offerQuery(api, deps.offer))
        : await queryClient.ensureQueryData(tourForRequestQuery(api, deps.tour));
      // An offer's link names its tour: another tour's offer is no page.
      if (tour.id !== deps.tour) throw notFound();
      // The season check's climate (decision 117): awaited on the server, so the date choice's
      // marks are in its HTML; a navigation in the browser does not wait for it.
      const climate = prefetchTourClimate(context.queryClient, context.api, tour);
      if (typeof document === 'undefined') await climate;
      // The head's words come with the loader's chunk, not the first load (issue 7's budget).
      const description = 'Choose a date, add the riders and send your booking request.';
      return { tourId: tour.id, name: tour.name, description };
    } catch (error) {
      // An offer whose start has passed is gone, as its page is.
      if (isApiError(error) && error.status === 410) throw new HttpError(410, error.message);
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
  const { date, offer } = Route.useSearch();
  const { user } = useSession();
  if (offer) return <OfferBookingForm api={api} uuid={offer} user={user} />;
  return <TourBookingForm api={api} tourId={tourId} dateId={date} user={user} />;
}

type FormUser = ReturnType<typeof useSession>['user'];

function TourBookingForm(props: { api: Api; tourId: number; dateId?: number; user: FormUser }) {
  const { data } = useSuspenseQuery(tourForRequestQuery(props.api, props.tourId));
  return <BookingFormPage tour={data} dateId={props.dateId} user={props.user} />;
}

/** The offer's page has one date, the offer (id 0), which the form books (decision 181). */
function OfferBookingForm(props: { api: Api; uuid: string; user: FormUser }) {
  const { data } = useSuspenseQuery(offerQuery(props.api, props.uuid));
  return <BookingFormPage tour={data} dateId={0} user={props.user} />;
}
