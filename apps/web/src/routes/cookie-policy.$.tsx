import { createFileRoute } from '@tanstack/react-router';
import { loadLegalPage, parseLegalVersion } from '../features/legal/api';
import { LegalPage } from '../features/legal/components/legal-page/legal-page';
import { pageHead } from '../features/seo/head';

/**
 * The Cookie Policy the privacy policy cites (decision 103): the version in force, or
 * `/cookie-policy/{version}`; unknown -> 404.
 */
export const Route = createFileRoute('/cookie-policy/$')({
  loader: ({ context, params }) =>
    loadLegalPage(context.queryClient, context.api, '/cookie-policy', params._splat),
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: function LegalRoute() {
    const { _splat } = Route.useParams();
    const version = parseLegalVersion(_splat);
    return (
      <LegalPage path="/cookie-policy" version={version === 'invalid' ? undefined : version} />
    );
  },
});
