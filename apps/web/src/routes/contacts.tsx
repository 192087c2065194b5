import { createFileRoute } from '@tanstack/react-router';
import { ensureContactsPage } from '../features/info/api';
import { ContactsPage } from '../features/info/components/contacts-page/contacts-page';
import { pageHead } from '../features/seo/head';

export const Route = createFileRoute('/contacts')({
  loader: ({ context }) => ensureContactsPage(context.queryClient, context.api),
  // A failed load shows the error page, whose title the root route gives.
  head: ({ match }) =>
    match.status === 'error'
      ? {}
      : pageHead(
          {
            title: 'Contacts',
            description:
              'Reach Gallop support by phone, email or messenger: our working hours, local numbers and social networks.',
            canonical: '/contacts',
          },
          match.context.site.publicUrl,
        ),
  component: ContactsRoute,
});

function ContactsRoute() {
  const { countryId } = Route.useLoaderData();
  return <ContactsPage countryId={countryId} />;
}
