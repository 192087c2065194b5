import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadRequestForAnswer, requestForAnswerQuery } from '../features/partner/api';
import { readAnswerLink } from '../features/partner/answer';
import { validateAnswerLinkSearch } from '../features/partner/answer-link';
import { AnswerPage } from '../features/partner/components/answer-page/answer-page';
import { pageHead, type PageHeadData } from '../features/seo/head';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/partner/answer?token=&answer=confirm|decline` (decision 090): the organizer's Confirm and
 * Decline links of a request on a date they have not guaranteed. Not indexed; opening it answers
 * nothing. No token or one the API does not know is the 404 page; any other load failure is the
 * error page with the server's status, 503 when there is none.
 *
 * The first load carries the path, the small `validateSearch` and a `head` that reads the loader's
 * answer; the texts of the head travel with the loader in the route's own chunk.
 */
export const Route = createFileRoute('/partner/answer')({
  validateSearch: ownedSearch(['token', 'answer'], validateAnswerLinkSearch),
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, deps }): Promise<PageHeadData> => {
    const { token } = readAnswerLink(deps);
    const request = await loadRequestForAnswer(context.queryClient, context.api, token);
    return { title: `Booking request #${request.id}`, canonical: '/partner/answer', noindex: true };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData, match.context.site.publicUrl) : {},
  component: AnswerRoute,
});

function AnswerRoute() {
  const { api } = Route.useRouteContext();
  const { token, suggested } = readAnswerLink(Route.useSearch());
  const { data } = useSuspenseQuery(requestForAnswerQuery(api, token));
  return <AnswerPage token={token} suggested={suggested} request={data} />;
}
