import { isApiError } from '@gallop/api-client';
import { createFileRoute } from '@tanstack/react-router';
import { confirmEmail } from '../features/account/api';
import { profileQueryOptions } from '../features/account/profile';
import {
  EmailConfirmPage,
  type EmailConfirmation,
} from '../features/account/components/email-confirm-page/email-confirm-page';
import { ensureSignedInUser, requireSession } from '../features/account/guard';
import { pageHead } from '../features/seo/head';

/**
 * `/email-confirm?token=...` (sign-in required): confirms the address of the link. The outcome is
 * kept in the query cache, so the same link is not spent twice when the route loads again.
 */
export const Route = createFileRoute('/email-confirm')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  beforeLoad: requireSession,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: async ({ context, location, deps }) => {
    const user = await ensureSignedInUser({ context, location });
    const token = deps.token;
    if (!token) return { result: 'no-link' as EmailConfirmation, email: user.email };
    const result = await context.queryClient.ensureQueryData({
      queryKey: ['email-confirmation', token],
      staleTime: Infinity,
      queryFn: async (): Promise<EmailConfirmation> => {
        try {
          const confirmed = await confirmEmail(context.api, token);
          context.queryClient.setQueryData(profileQueryOptions(context.api).queryKey, confirmed);
          return 'confirmed';
        } catch (error) {
          if (
            isApiError(error) &&
            (error.status === 410 || error.status === 422 || error.status === 400)
          ) {
            return 'expired';
          }
          throw error;
        }
      },
    });
    return { result, email: user.email };
  },
  head: ({ match }) =>
    pageHead(
      {
        title: 'Confirm your e-mail',
        description: 'Confirm the e-mail of your Gallop account.',
        canonical: '/email-confirm',
        noindex: true,
      },
      match.context.site.publicUrl,
    ),
  component: EmailConfirmRoute,
});

function EmailConfirmRoute() {
  const { result, email } = Route.useLoaderData();
  return <EmailConfirmPage result={result} email={email} />;
}
