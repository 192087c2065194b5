import { createFileRoute } from '@tanstack/react-router';
import { ensureContactsPage } from '../features/info/api';
import { ContactsPage } from '../features/info/components/contacts-page/contacts-page';
import { pageHead } from '../features/seo/head';
import { lazyComponent } from '../lib/lazy-component';

// 'Help me choose a tour': a chunk of its own, so the first load's list of chunks does not grow
// (decision 050); the loader has it ready before the page renders.
const HelpRequestPrompt = lazyComponent(() =>
  import('../features/help-request/components/help-request-prompt/help-request-prompt').then(
    ({ HelpRequestPrompt }) => HelpRequestPrompt,
  ),
);

const HEAD = {
  title: 'Contacts',
  description:
    'Reach Gallop support by phone, email or messenger: our working hours, local numbers and social networks.',
  canonical: '/contacts',
};

export const Route = createFileRoute('/contacts')({
  loader: async ({ context }) => {
    const [page] = await Promise.all([
      ensureContactsPage(context.queryClient, context.api),
      HelpRequestPrompt.preload(),
    ]);
    return { ...page, head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget); a
  // failed load shows the error page, whose title the root route gives.
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: ContactsRoute,
});

function ContactsRoute() {
  const { countryId } = Route.useLoaderData();
  return <ContactsPage countryId={countryId} helpRequest={<HelpRequestPrompt />} />;
}
