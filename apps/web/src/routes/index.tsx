import { createFileRoute } from '@tanstack/react-router';
import { ensureHomeData } from '../features/home/api';
import { HomePage } from '../features/home/components/home-page/home-page';
import { pageHead } from '../features/seo/head';

export const Route = createFileRoute('/')({
  loader: ({ context }) => ensureHomeData(context.queryClient, context.api),
  // A failed load shows the error page, whose title the root route gives.
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Horseback tours with local guides',
            description:
              'Multi-day guided horseback tours run by vetted local providers. Payments secured by 3-D Secure.',
            canonical: '/',
          },
          match.context.site.publicUrl,
        ),
  component: HomeRoute,
});

function HomeRoute() {
  const { site } = Route.useRouteContext();
  return <HomePage organizerUrl={site.organizerUrl} />;
}
