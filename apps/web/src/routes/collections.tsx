import { createFileRoute } from '@tanstack/react-router';
import { ensureCollections } from '../features/listings/api';
import { CollectionsPage } from '../features/listings/components/collections-page/collections-page';
import { pageHead } from '../features/seo/head';

/** Every collection (spec section 2.1, listings), each leading to its tours. */
export const Route = createFileRoute('/collections')({
  loader: ({ context }) => ensureCollections(context.queryClient, context.api),
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Collections of horseback tours',
            description:
              'Horseback tours picked for beginners, experienced riders, families, luxury ranches and more: browse every collection.',
            canonical: '/collections',
          },
          match.context.site.publicUrl,
        ),
  component: CollectionsPage,
});
