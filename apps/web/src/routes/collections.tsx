import { createFileRoute } from '@tanstack/react-router';
import { ensureCollections } from '../features/listings/api';
import { CollectionsPage } from '../features/listings/components/collections-page/collections-page';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'Collections of horseback tours',
  description:
    'Horseback tours picked for beginners, experienced riders, families, luxury ranches and more: browse every collection.',
  canonical: '/collections',
};

/** Every collection (docs/product.md, Routes, listings), each leading to its tours. */
export const Route = createFileRoute('/collections')({
  loader: async ({ context }) => {
    await ensureCollections(context.queryClient, context.api);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: CollectionsPage,
});
