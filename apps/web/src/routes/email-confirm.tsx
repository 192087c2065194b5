import { createFileRoute } from '@tanstack/react-router';
import {
  EmailConfirmPage,
  type EmailConfirmation,
} from '../features/account/components/email-confirm-page/email-confirm-page';
import { emailConfirmationQueryOptions } from '../features/account/email-confirmation';
import { requireSession } from '../features/account/guard';
import { ensureSignedInUser } from '../features/account/signed-in-user';
import { pageHead } from '../features/seo/head';
import { PasswordChallenge } from './-email-confirm/password-challenge';
import { ownedSearch } from '../lib/owned-search';

/**
 * `/email-confirm?token=...`: confirms the address of the link. A registration's link, opened
 * signed out, signs the person in; otherwise the page needs a session (sign-in required), and a
 * visitor whom the link did not sign in (spent, expired) signs in first and comes back. A link
 * that asks for the account's password before it confirms (opened outside its account's
 * session, decision 151) is answered on the page, signed out or not (`PasswordChallenge`).
 */
const HEAD = {
  title: 'Confirm your e-mail',
  description: 'Confirm the e-mail of your Gallop account.',
  canonical: '/email-confirm',
  noindex: true,
};

export const Route = createFileRoute('/email-confirm')({
  validateSearch: ownedSearch(['token'], (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  ),
  beforeLoad: ({ context, location, search }) => {
    if (!search.token) requireSession({ context, location });
  },
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, location, deps }) => {
    const result: EmailConfirmation = deps.token
      ? await context.queryClient.ensureQueryData(
          emailConfirmationQueryOptions(context.queryClient, context.api, deps.token),
        )
      : 'no-link';
    if (result === 'asks-password' || result === 'asks-account-password') {
      return { result, email: null, head: HEAD };
    }
    requireSession({ context, location });
    const user = await ensureSignedInUser({ context, location });
    return { result, email: user.email, head: HEAD };
  },
  // The head's words come with the loader's chunk, not the first load (issue 7's budget).
  head: ({ loaderData, match }) =>
    loaderData ? pageHead(loaderData.head, match.context.site.publicUrl) : {},
  component: EmailConfirmRoute,
});

function EmailConfirmRoute() {
  const { result, email } = Route.useLoaderData();
  const { token } = Route.useSearch();
  if (result === 'asks-password' || result === 'asks-account-password') {
    return <PasswordChallenge token={token ?? ''} asks={result} />;
  }
  return <EmailConfirmPage result={result} email={email} />;
}
