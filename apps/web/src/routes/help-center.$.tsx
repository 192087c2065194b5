import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  ensureHelpCenterPage,
  helpSectionsQueryOptions,
  resolveHelpPage,
} from '../features/help-center/api';
import { HelpArticlePage } from '../features/help-center/components/help-article-page/help-article-page';
import { HelpCenterHome } from '../features/help-center/components/help-center-home/help-center-home';
import { HelpSectionPage } from '../features/help-center/components/help-section-page/help-section-page';
import { pageHead } from '../features/seo/head';
import { lazyComponent } from '../lib/lazy-component';

// 'Help me choose a tour': a chunk of its own, so the first load's list of chunks does not grow
// (decision 050); the loader has it ready before the page renders.
const HelpRequestPrompt = lazyComponent(() =>
  import('../features/help-request/components/help-request-prompt/help-request-prompt').then(
    ({ HelpRequestPrompt }) => HelpRequestPrompt,
  ),
);

/**
 * The help center (docs/product.md, Routes): `/help-center`, and `/help-center/{slug}` for a
 * section or an article (their slugs never clash); anything else is the 404 page.
 */
export const Route = createFileRoute('/help-center/$')({
  loader: async ({ context, params }) => {
    const [page] = await Promise.all([
      ensureHelpCenterPage(context.queryClient, context.api, params._splat || undefined),
      params._splat ? undefined : HelpRequestPrompt.preload(),
    ]);
    return page;
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData, match.context.site.publicUrl) : {},
  component: HelpCenterRoute,
});

function HelpCenterRoute() {
  const { _splat } = Route.useParams();
  const { api } = Route.useRouteContext();
  const { data } = useSuspenseQuery(helpSectionsQueryOptions(api));
  const page = resolveHelpPage(data.items, _splat || undefined);
  if (page?.kind === 'section') return <HelpSectionPage slug={page.section.slug} />;
  if (page?.kind === 'article') return <HelpArticlePage slug={page.slug} />;
  return <HelpCenterHome footer={<HelpRequestPrompt />} />;
}
