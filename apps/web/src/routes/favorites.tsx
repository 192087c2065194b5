import { createFileRoute } from '@tanstack/react-router';
import { ensureFavouriteTours, favouriteIdsToLoad } from '../features/favourites/api';
import { FavouritesPage } from '../features/favourites/components/favourites-page/favourites-page';
import { FAVOURITES_TITLE } from '../features/favourites/title';
import { pageHead } from '../features/seo/head';

/**
 * `/favorites` (docs/product.md, Routes): the guest's saved tours from the `favorite_tours` cookie,
 * rendered on the server from the request's cookie. Personal, so kept out of search results.
 */
export const Route = createFileRoute('/favorites')({
  loader: async ({ context }) => {
    const ids = favouriteIdsToLoad(context.visitor.favouriteTourIds);
    await ensureFavouriteTours(context.queryClient, context.api, ids);
    // The head's words come with the loader's chunk, not the first load (issue 7's budget).
    const head = {
      title: FAVOURITES_TITLE,
      description: 'The tours you saved on Gallop.',
      canonical: '/favorites',
      noindex: true,
    };
    return { ids, head };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: FavoritesRoute,
});

function FavoritesRoute() {
  const { ids } = Route.useLoaderData();
  return <FavouritesPage loadedIds={ids} />;
}
