import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/account/components/register-page/register-page';
import { afterSignInPath } from '../features/account/return-path';
import { pageHead } from '../features/seo/head';
import { hasSession } from '../lib/session-tokens';
import { ownedSearch } from '../lib/owned-search';

const HEAD = {
  title: 'Create an account',
  description:
    'Create a Gallop account to book horseback tours, keep favourites on every device and message organizers.',
  canonical: '/register',
};

export const Route = createFileRoute('/register')({
  validateSearch: ownedSearch(
    ['redirect'],
    (search: Record<string, unknown>): { redirect?: string } =>
      typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  ),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: search }) => {
    if (hasSession(context.api)) throw redirect({ href: afterSignInPath(search.redirect) });
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: RegisterRoute,
});

function RegisterRoute() {
  const search = Route.useSearch();
  return <RegisterPage returnTo={afterSignInPath(search.redirect)} />;
}
