import { createFileRoute } from '@tanstack/react-router';
import { ensureHomeData } from '../features/home/api';
import { heroPosterPreloads } from '../features/home/hero-posters';
import { HomePage } from '../features/home/components/home-page/home-page';
import { siteInfoQueryOptions } from '../lib/site-info';
import { pageHead } from '../features/seo/head';

const HEAD = {
  title: 'Horseback tours with local guides',
  description:
    'Multi-day guided horseback tours run by vetted local providers. Payments secured by 3-D Secure.',
  canonical: '/',
};

export const Route = createFileRoute('/')({
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  loader: async ({ context }) => {
    await ensureHomeData(context.queryClient, context.api);
    return { head: HEAD };
  },
  // A failed load shows the error page, whose title the root route gives.
  head: ({ loaderData, match }) => {
    if (match.status === 'error' || !loaderData) return {};
    const { queryClient, api, site } = match.context;
    const head = pageHead(loaderData.head, site.publicUrl);
    const info = queryClient.getQueryData(siteInfoQueryOptions(api).queryKey);
    return { ...head, links: [...head.links, ...heroPosterPreloads(info?.landing_videos ?? [])] };
  },
  component: HomeRoute,
});

function HomeRoute() {
  const { site } = Route.useRouteContext();
  return <HomePage organizerUrl={site.organizerUrl} />;
}
