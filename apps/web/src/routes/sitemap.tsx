import { createFileRoute } from '@tanstack/react-router';
import { ensureSitemapPage } from '../features/info/api';
import { SitemapPage } from '../features/info/components/sitemap-page/sitemap-page';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'Sitemap',
  description:
    'All sections of Gallop and every horseback tour search: by country, region, riding style, season and collection.',
  canonical: '/sitemap',
};

/** The human sitemap; `/sitemap.xml` for robots is served by the server (API proxy). */
export const Route = createFileRoute('/sitemap')({
  loader: async ({ context }) => {
    await ensureSitemapPage(context.queryClient, context.api);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: SitemapPage,
});
