import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/account/components/login-page/login-page';
import { afterSignInPath } from '../features/account/return-path';
import { pageHead } from '../features/seo/head';
import { hasSession } from '../lib/session-tokens';
import { ownedSearch } from '../lib/owned-search';

interface LoginSearch {
  redirect?: string;
  password_reset_token?: string;
}

const HEAD = {
  title: 'Sign in',
  description: 'Sign in to Gallop to book tours, keep your favourites and talk to organizers.',
  canonical: '/login',
  noindex: true,
};

export const Route = createFileRoute('/login')({
  validateSearch: ownedSearch(
    ['redirect', 'password_reset_token'],
    (search: Record<string, unknown>): LoginSearch => ({
      ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
      ...(typeof search.password_reset_token === 'string'
        ? { password_reset_token: search.password_reset_token }
        : {}),
    }),
  ),
  // Already signed in: straight on (a reset link still opens, to change the password). In the
  // loader, which travels with the page's chunk, not in the route tree of the first load.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps: search }) => {
    if (hasSession(context.api) && !search.password_reset_token) {
      throw redirect({ href: afterSignInPath(search.redirect) });
    }
    return { head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return (
    <LoginPage
      returnTo={afterSignInPath(search.redirect)}
      resetToken={search.password_reset_token}
    />
  );
}
