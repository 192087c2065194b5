import { createFileRoute } from '@tanstack/react-router';
import { loadLegalPage, parseLegalVersion } from '../features/legal/api';
import { LegalPage } from '../features/legal/components/legal-page/legal-page';
import { pageHead } from '../features/seo/head';

/**
 * A legal document (docs/product.md, Routes): the version in force, or
 * `/tour-provider-agreement/{version}`; unknown -> 404.
 */
export const Route = createFileRoute('/tour-provider-agreement/$')({
  loader: ({ context, params }) =>
    loadLegalPage(context.queryClient, context.api, '/tour-provider-agreement', params._splat),
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: function LegalRoute() {
    const { _splat } = Route.useParams();
    const version = parseLegalVersion(_splat);
    return (
      <LegalPage
        path="/tour-provider-agreement"
        version={version === 'invalid' ? undefined : version}
      />
    );
  },
});
