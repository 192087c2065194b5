import { createFileRoute } from '@tanstack/react-router';
import { ensureAboutPage } from '../features/info/api';
import { AboutPage } from '../features/info/components/about-page/about-page';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'About Gallop',
  description:
    'Gallop is a marketplace for horseback holidays: tours, excursions and cruises by vetted local providers, with secure card payments.',
  canonical: '/about',
};

export const Route = createFileRoute('/about')({
  loader: async ({ context }) => {
    await ensureAboutPage(context.queryClient, context.api);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: AboutPage,
});
