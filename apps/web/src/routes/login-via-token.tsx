import { isApiError } from '@gallop/api-client';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { signInWithLink } from '../features/account/api';
import { LoginViaTokenFailed } from '../features/account/components/login-via-token-page/login-via-token-page';
import { profileQueryOptions } from '../features/account/profile';
import { afterSignInPath } from '../features/account/return-path';
import { startSession } from '../features/account/session';
import { pageHead } from '../features/seo/head';
import { hasSession } from '../lib/session-tokens';
import { SwitchAccount } from './-login-via-token/switch-account';
import { ownedSearch } from '../lib/owned-search';

interface LoginViaTokenSearch {
  token?: string;
  redirect?: string;
}

/**
 * `/login-via-token?token=...`: a sign-in link from a message. Signed out, the loader trades the
 * one-time token for a session (on the server for a link opened in the browser, so the cookies
 * arrive with the redirect) and goes on; a used or expired link shows a way to sign in. Signed
 * in, the page asks first (`SwitchAccount`): a link someone else sent must not switch the
 * visitor to their account unasked.
 */
const HEAD = {
  title: 'Signing in',
  description: 'Signing in to Gallop.',
  canonical: '/login-via-token',
  noindex: true,
};

export const Route = createFileRoute('/login-via-token')({
  validateSearch: ownedSearch(
    ['token', 'redirect'],
    (search: Record<string, unknown>): LoginViaTokenSearch => ({
      ...(typeof search.token === 'string' ? { token: search.token } : {}),
      ...(typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
    }),
  ),
  loaderDeps: ({ search }) => ({ token: search.token, redirect: search.redirect }),
  loader: async ({ context, deps }) => {
    if (!deps.token) return { failed: true, head: HEAD };
    // A session the API no longer accepts counts as none: the link then signs in as usual.
    const current = hasSession(context.api)
      ? await context.queryClient
          .ensureQueryData(profileQueryOptions(context.api))
          .catch(() => undefined)
      : undefined;
    if (current) {
      const signedInAs = current.email ?? current.phone ?? current.first_name ?? '';
      return { failed: false, signedInAs, head: HEAD };
    }
    try {
      startSession(context.queryClient, context.api, await signInWithLink(context.api, deps.token));
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500) {
        return { failed: true, head: HEAD };
      }
      throw error;
    }
    throw redirect({ href: afterSignInPath(deps.redirect) });
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: LoginViaTokenRoute,
});

function LoginViaTokenRoute() {
  const { signedInAs } = Route.useLoaderData();
  const { token, redirect: next } = Route.useSearch();
  if (signedInAs !== undefined && token) {
    return <SwitchAccount token={token} redirect={next} signedInAs={signedInAs} />;
  }
  return <LoginViaTokenFailed />;
}
