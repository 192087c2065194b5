import { createFileRoute } from '@tanstack/react-router';
import { ensureTourSelection } from '../features/tour-selection/api';
import { TourSelectionPage } from '../features/tour-selection/components/tour-selection-page/tour-selection-page';
import { TOUR_SELECTION_TITLE } from '../features/tour-selection/title';
import { pageHead } from '../features/seo/head';
import {
  TOUR_SELECTION_TOKEN_PARAM,
  isTourSelectionToken,
} from '../lib/tour-selection-token-format';
import { ownedSearch } from '../lib/owned-search';

interface TourSelectionSearch {
  [TOUR_SELECTION_TOKEN_PARAM]?: string;
}

/**
 * `/tour-selection` (tour-selection mode, docs/product.md, Who it is for and Routes): the tours
 * selected for the traveller's request. The link's `?tour-selection-token=` lets the server render
 * them; the shell then stores the token and takes it out of the address, and later visits use the
 * stored one. Personal, so kept out of search results.
 */
export const Route = createFileRoute('/tour-selection')({
  validateSearch: ownedSearch(
    [TOUR_SELECTION_TOKEN_PARAM],
    (search: Record<string, unknown>): TourSelectionSearch => {
      const token = search[TOUR_SELECTION_TOKEN_PARAM];
      return typeof token === 'string' && isTourSelectionToken(token)
        ? { [TOUR_SELECTION_TOKEN_PARAM]: token }
        : {};
    },
  ),
  loaderDeps: ({ search }) => ({ token: search[TOUR_SELECTION_TOKEN_PARAM] }),
  loader: async ({ context, deps }) => {
    const token = deps.token ?? (await tokenStoredInThisBrowser());
    await ensureTourSelection(context.queryClient, context.api, token);
    return { token };
  },
  head: ({ match }) =>
    pageHead(
      { title: TOUR_SELECTION_TITLE, canonical: '/tour-selection', noindex: true },
      match.context.site.publicUrl,
    ),
  component: TourSelectionRoute,
});

/** The stored token (none on the server); its store loads with this page, not the first load. */
async function tokenStoredInThisBrowser(): Promise<string | undefined> {
  if (typeof window === 'undefined') return undefined;
  const { storedTourSelectionToken } = await import('../lib/tour-selection-token');
  return storedTourSelectionToken(window.localStorage);
}

function TourSelectionRoute() {
  const { token } = Route.useLoaderData();
  return <TourSelectionPage token={token} />;
}
