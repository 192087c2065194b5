import { createFileRoute } from '@tanstack/react-router';
import { ensureDestinations } from '../features/listings/api';
import { DestinationsPage } from '../features/listings/components/destinations-page/destinations-page';
import { pageHead } from '../features/seo/head';

/** Destinations (spec section 2.1, listings): world parts, countries, regions and cities. */
export const Route = createFileRoute('/destinations')({
  loader: ({ context }) => ensureDestinations(context.queryClient, context.api),
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Destinations for horseback tours',
            description:
              'Horseback riding tours by country, region and city, in every part of the world: find where to ride and compare tours.',
            canonical: '/destinations',
          },
          match.context.site.publicUrl,
        ),
  component: DestinationsPage,
});
