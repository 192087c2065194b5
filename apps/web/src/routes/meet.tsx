import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { asMeetRouteError, meetDataQuery } from '../features/meet/api';
import { MeetPage } from '../features/meet/components/meet-page/meet-page';
import { isMeetKey } from '../features/meet/meet';
import { pageHead } from '../features/seo/head';
import { isFeatureOn } from '../lib/features';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/meet?key=` (docs/product.md, Screens): the organizer's meeting details for a contract, opened
 * by the key of their link (Roles). Not indexed. An unknown key is the 404 page; any other load
 * failure is the error page with the server's status, 503 when there is none (Errors).
 */
export const Route = createFileRoute('/meet')({
  validateSearch: ownedSearch(['key'], (search: Record<string, unknown>): { key?: string } =>
    typeof search.key === 'string' && search.key !== '' ? { key: search.key } : {},
  ),
  loaderDeps: ({ search }) => ({ key: search.key ?? '' }),
  loader: async ({ context, deps }) => {
    if (!isMeetKey(deps.key)) throw notFound();
    try {
      await context.queryClient.ensureQueryData(meetDataQuery(context.api, deps.key));
    } catch (error) {
      throw asMeetRouteError(error);
    }
    return { key: deps.key };
  },
  head: ({ match }) =>
    pageHead(
      { title: 'Meeting details', canonical: '/meet', noindex: true },
      match.context.site.publicUrl,
    ),
  component: MeetRoute,
});

function MeetRoute() {
  const { api, site } = Route.useRouteContext();
  const { key } = Route.useLoaderData();
  const { data } = useSuspenseQuery(meetDataQuery(api, key));
  return <MeetPage meetKey={key} data={data} arrivalOpen={isFeatureOn(site, 'arrival')} />;
}
