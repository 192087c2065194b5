import { createFileRoute } from '@tanstack/react-router';
import { ensureSitemapPage } from '../features/info/api';
import { SitemapPage } from '../features/info/components/sitemap-page/sitemap-page';
import { pageHead } from '../features/seo/head';

/** The human sitemap; `/sitemap.xml` for robots is served by the server (API proxy). */
export const Route = createFileRoute('/sitemap')({
  loader: ({ context }) => ensureSitemapPage(context.queryClient, context.api),
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Sitemap',
            description:
              'All sections of Gallop and every horseback tour search: by country, region, riding style, season and collection.',
            canonical: '/sitemap',
          },
          match.context.site.publicUrl,
        ),
  component: SitemapPage,
});
