import { createFileRoute } from '@tanstack/react-router';
import { ensureAboutPage } from '../features/info/api';
import { AboutPage } from '../features/info/components/about-page/about-page';
import { pageHead } from '../features/seo/head';

export const Route = createFileRoute('/about')({
  loader: ({ context }) => ensureAboutPage(context.queryClient, context.api),
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'About Gallop',
            description:
              'Gallop is a marketplace for horseback holidays: tours, excursions and cruises by vetted local providers, with secure card payments.',
            canonical: '/about',
          },
          match.context.site.publicUrl,
        ),
  component: AboutPage,
});
