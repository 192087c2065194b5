import { createFileRoute } from '@tanstack/react-router';
import { ensureAboutPage } from '../features/info/api';
import { JoinPage } from '../features/info/components/join-page/join-page';
import { pageHead } from '../features/seo/head';

export const Route = createFileRoute('/join')({
  loader: ({ context }) => ensureAboutPage(context.queryClient, context.api),
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Join Gallop as a tour provider',
            description:
              'List your horseback tours on Gallop: register in the partner back office, pass verification, publish your tours and welcome riders.',
            canonical: '/join',
          },
          match.context.site.publicUrl,
        ),
  component: JoinRoute,
});

function JoinRoute() {
  const { site } = Route.useRouteContext();
  return <JoinPage organizerUrl={site.organizerUrl} />;
}
