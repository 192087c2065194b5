import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import {
  UnfollowLinkError,
  UnfollowPage,
} from '../features/tour/components/unfollow-page/unfollow-page';
import { followingLinkQueryOptions, loadFollowingLink } from '../features/tour/following-link';
import { pageHead } from '../features/seo/head';
import { getErrorStatus } from '../lib/http-error';
import { RouteErrorPage } from './-error/lazy-error-pages';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/unfollow?token=…` (decision 058): the link of the e-mails to a tour's followers. It asks
 * before it unfollows. Not indexed. A link the API did not sign, or none, answers 404 with what
 * to do; an API that is down, the usual 503 page.
 */
export const Route = createFileRoute('/unfollow')({
  validateSearch: ownedSearch(['token'], (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  ),
  loaderDeps: ({ search }) => ({ token: search.token ?? '' }),
  loader: ({ context, deps }) =>
    loadFollowingLink(context.queryClient, context.api, 'unfollow', deps.token),
  head: ({ match }) =>
    pageHead(
      { title: 'Stop e-mails about a tour', canonical: '/unfollow', noindex: true },
      match.context.site.publicUrl,
    ),
  component: UnfollowRoute,
  errorComponent: UnfollowError,
});

function UnfollowRoute() {
  const { api } = Route.useRouteContext();
  const { token } = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(followingLinkQueryOptions(api, 'unfollow', token));
  return <UnfollowPage token={token} following={data} />;
}

function UnfollowError({ error }: ErrorComponentProps) {
  return getErrorStatus(error) === 404 ? <UnfollowLinkError /> : <RouteErrorPage error={error} />;
}
