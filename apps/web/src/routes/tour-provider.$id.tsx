import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureOrganizerPage, parseOrganizerId } from '../features/organizers/api';
import { OrganizerPage } from '../features/organizers/components/organizer-page/organizer-page';
import { organizerHeadData } from '../features/organizers/head';
import { pageHead, shareImage } from '../features/seo/head';

/**
 * A provider's page (docs/product.md, Routes): numeric ids only; unknown or hidden ones are the 404
 * page.
 */
export const Route = createFileRoute('/tour-provider/$id')({
  loader: async ({ context, params }) => {
    const id = parseOrganizerId(params.id);
    if (id === undefined) throw notFound();
    const organizer = await ensureOrganizerPage(context.queryClient, context.api, id);
    const { imageTemplate, ...head } = organizerHeadData(organizer);
    return { id, head: { ...head, image: imageTemplate ? shareImage(imageTemplate) : undefined } };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: OrganizerRoute,
});

function OrganizerRoute() {
  const { id } = Route.useLoaderData();
  return <OrganizerPage id={id} />;
}
