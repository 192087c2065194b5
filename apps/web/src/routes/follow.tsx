import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { FollowLinkError, FollowPage } from '../features/tour/components/follow-page/follow-page';
import { followingLinkQueryOptions, loadFollowingLink } from '../features/tour/following-link';
import { pageHead } from '../features/seo/head';
import { getErrorStatus } from '../lib/http-error';
import { RouteErrorPage } from './-error/lazy-error-pages';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/follow?token=…`: the link of the e-mail that confirms following a tour with an address
 * nobody proved. It asks before it follows. Not indexed. A link the API did not sign, too old,
 * or none, answers 404 with what to do; an API that is down, the usual 503 page.
 */
export const Route = createFileRoute('/follow')({
  validateSearch: ownedSearch(['token'], (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  ),
  loaderDeps: ({ search }) => ({ token: search.token ?? '' }),
  loader: ({ context, deps }) =>
    loadFollowingLink(context.queryClient, context.api, 'follow', deps.token),
  head: ({ match }) =>
    pageHead(
      { title: 'Follow a tour', canonical: '/follow', noindex: true },
      match.context.site.publicUrl,
    ),
  component: FollowRoute,
  errorComponent: FollowError,
});

function FollowRoute() {
  const { api } = Route.useRouteContext();
  const { token } = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(followingLinkQueryOptions(api, 'follow', token));
  return <FollowPage token={token} following={data} />;
}

function FollowError({ error }: ErrorComponentProps) {
  return getErrorStatus(error) === 404 ? <FollowLinkError /> : <RouteErrorPage error={error} />;
}
