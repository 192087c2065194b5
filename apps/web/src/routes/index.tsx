import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/components/home-page/home-page';
import { pageTitle } from '../lib/site';

export const Route = createFileRoute('/')({
  head: () => ({
    meta: [
      { title: pageTitle('Horseback tours with local guides') },
      {
        name: 'description',
        content:
          'Multi-day guided horseback tours run by vetted local providers. Payments secured by 3-D Secure.',
      },
    ],
  }),
  component: HomeRoute,
});

function HomeRoute() {
  const { site } = Route.useRouteContext();
  return (
    <div className="page-container">
      <HomePage organizerUrl={site.organizerUrl} />
    </div>
  );
}
