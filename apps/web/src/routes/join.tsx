import { createFileRoute } from '@tanstack/react-router';
import { ensureAboutPage } from '../features/info/api';
import { JoinPage } from '../features/info/components/join-page/join-page';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'Join Gallop as a tour provider',
  description:
    'List your horseback tours on Gallop: register in the partner back office, pass verification, publish your tours and welcome riders.',
  canonical: '/join',
};

export const Route = createFileRoute('/join')({
  loader: async ({ context }) => {
    await ensureAboutPage(context.queryClient, context.api);
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: JoinRoute,
});

function JoinRoute() {
  const { site } = Route.useRouteContext();
  return <JoinPage organizerUrl={site.organizerUrl} />;
}
