import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/account/components/register-page/register-page';
import { afterSignInPath } from '../features/account/return-path';
import { pageHead } from '../features/seo/head';
import { hasSession } from '../lib/session-tokens';

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: search }) => {
    if (hasSession(context.api)) throw redirect({ href: afterSignInPath(search.redirect) });
  },
  head: ({ match }) =>
    pageHead(
      {
        title: 'Create an account',
        description:
          'Create a Gallop account to book horseback tours, keep favourites on every device and message organizers.',
        canonical: '/register',
      },
      match.context.site.publicUrl,
    ),
  component: RegisterRoute,
});

function RegisterRoute() {
  const search = Route.useSearch();
  return <RegisterPage returnTo={afterSignInPath(search.redirect)} />;
}
