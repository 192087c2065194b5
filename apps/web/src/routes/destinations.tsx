import { createFileRoute } from '@tanstack/react-router';
import { ensureDestinations } from '../features/listings/api';
import { DestinationsPage } from '../features/listings/components/destinations-page/destinations-page';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'Destinations for horseback tours',
  description:
    'Horseback riding tours by country, region and city, in every part of the world: find where to ride and compare tours.',
  canonical: '/destinations',
};

/** Destinations (docs/product.md, Routes, listings): world parts, countries, regions and cities. */
export const Route = createFileRoute('/destinations')({
  loader: async ({ context }) => {
    await ensureDestinations(context.queryClient, context.api);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: DestinationsPage,
});
