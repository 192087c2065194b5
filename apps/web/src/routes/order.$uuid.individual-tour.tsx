import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@gallop/api-client';
import { getIndividualTourQueryOptions } from '@gallop/api-client/query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isBookingUuid } from '../features/booking/ids';
import { pageHead, shareImage } from '../features/seo/head';
import type { Tour } from '../features/tour/api';
import { TourPageView } from '../features/tour/components/tour-page/tour-page';
import { tourHeadData } from '../features/tour/head';
import { HttpError } from '../lib/http-error';

const individualTourQuery = (
  api: Parameters<typeof getIndividualTourQueryOptions>[0],
  uuid: string,
) => getIndividualTourQueryOptions(api, { query: { uuid } });

/**
 * `/order/{uuid}/individual-tour` (docs/product.md, Routes): an individual offer made for one
 * client, shown as the tour page. Private: not indexed. An unknown uuid is the 404 page; an offer
 * whose start has passed is the 410 page.
 */
export const Route = createFileRoute('/order/$uuid/individual-tour')({
  loader: async ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    let tour: Tour;
    try {
      tour = await context.queryClient.ensureQueryData(
        individualTourQuery(context.api, params.uuid),
      );
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      if (isApiError(error) && error.status === 410) throw new HttpError(410, error.message);
      throw error;
    }
    const { imageTemplate, canonical: _canonical, ...head } = tourHeadData(tour);
    return { image: imageTemplate ? shareImage(imageTemplate) : undefined, ...head };
  },
  head: ({ loaderData, match, params }) =>
    loaderData
      ? pageHead(
          {
            ...loaderData,
            canonical: `/order/${params.uuid}/individual-tour`,
            noindex: true,
          },
          match.context.site.publicUrl,
        )
      : {},
  component: IndividualTourRoute,
});

function IndividualTourRoute() {
  const { api } = Route.useRouteContext();
  const { uuid } = Route.useParams();
  const { data } = useSuspenseQuery(individualTourQuery(api, uuid));
  return <TourPageView tour={data} />;
}
