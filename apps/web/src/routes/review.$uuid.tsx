import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { isBookingUuid } from '../features/booking/ids';
import { loadReviewInvitation, reviewInvitationQuery } from '../features/review/api';
import {
  ReviewNotYetNotice,
  ReviewPage,
  ReviewUnavailable,
} from '../features/review/components/review-page/review-page';
import { pageHead } from '../features/seo/head';

/**
 * `/review/{uuid}` (docs/product.md, Routes): the review page of a finished tour, by its booking's
 * link; before the tour ends it says when reviewing opens.
 */
export const Route = createFileRoute('/review/$uuid')({
  loader: ({ context, params }) => {
    if (!isBookingUuid(params.uuid)) throw notFound();
    return loadReviewInvitation(() =>
      context.queryClient.ensureQueryData(reviewInvitationQuery(context.api, params.uuid)),
    );
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Review your tour', canonical: '/review', noindex: true },
      match.context.site.publicUrl,
    ),
  component: ReviewRoute,
});

function ReviewRoute() {
  const { uuid } = Route.useParams();
  const loaded = Route.useLoaderData();
  if ('unavailable' in loaded) return <ReviewUnavailable reason={loaded.unavailable} />;
  if ('notYet' in loaded) return <ReviewNotYetNotice uuid={uuid} notYet={loaded.notYet} />;
  return <ReviewInvitationRoute uuid={uuid} />;
}

/** The invitation the loader has in the cache; a sent review updates it there. */
function ReviewInvitationRoute({ uuid }: { uuid: string }) {
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(reviewInvitationQuery(api, uuid));
  return <ReviewPage invitation={data} />;
}
