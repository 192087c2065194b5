import { createFileRoute } from '@tanstack/react-router';
import { ensureProvidersHub } from '../features/organizers/api';
import { validateHubSearch } from '../features/organizers/hub-search';
import { ProvidersHub } from '../features/organizers/components/providers-hub/providers-hub';
import { pageHead } from '../features/seo/head';
import { ownedSearch } from '../lib/owned-search';

const HEAD = {
  title: 'Tour providers',
  description:
    'The local guides and tour companies behind the horseback tours on Gallop: ratings, reviews, tours and verification.',
  canonical: '/tour-providers',
};

/** The providers hub (docs/product.md, Routes); `?page=N` shows pages 1..N. */
export const Route = createFileRoute('/tour-providers')({
  validateSearch: ownedSearch(['page'], validateHubSearch),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, deps }) => {
    await ensureProvidersHub(context.queryClient, context.api, deps.page);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: ProvidersHubRoute,
});

function ProvidersHubRoute() {
  const { site } = Route.useRouteContext();
  const { page = 1 } = Route.useSearch();
  return <ProvidersHub page={page} organizerUrl={site.organizerUrl} />;
}
