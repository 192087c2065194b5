import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../features/account/profile';
import { SettingsPage } from '../features/account/components/settings-page/settings-page';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { pageHead } from '../features/seo/head';

/** `/settings` (sign-in required, docs/product.md, Roles). */
export const Route = createFileRoute('/settings')({
  beforeLoad: requireSession,
  loader: async (match) => {
    const user = await ensureSignedInUser(match);
    // The head's words come with the loader's chunk, not the first load (issue 7's budget).
    return {
      user,
      head: {
        title: 'Account settings',
        description: 'Your Gallop account: personal details, e-mail, phone and password.',
        canonical: '/settings',
        noindex: true,
      },
    };
  },
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: SettingsRoute,
});

function SettingsRoute() {
  const { api } = Route.useRouteContext();
  const loaded = Route.useLoaderData().user;
  // The cached profile follows every save; the loader's copy stands in after a sign-out.
  const { data } = useQuery(profileQueryOptions(api));
  return <SettingsPage user={data ?? loaded} />;
}
