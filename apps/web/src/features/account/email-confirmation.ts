/**
 * Opening an e-mail confirmation link (`/email-confirm?token=...`). A registration's link is
 * opened signed out: the click that confirms the address also signs the person in (the API
 * answers a new session's tokens with the profile). Signed in, the answer is the profile of the
 * link's account: it replaces the page's profile only when that is the signed-in account; a link
 * of another account (opened on a shared device, say) confirms that address and changes nothing
 * here. The outcome is cached per link, so the same link is not spent twice when the route loads
 * again.
 */
import { isApiError, type GallopClient } from '@gallop/api-client';
import { operationKeys, operationQueryKey } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { hasSession } from '../../lib/session-tokens';
import { confirmEmail } from './api';
import type { EmailConfirmation } from './components/email-confirm-page/email-confirm-page';
import { profileQueryOptions } from './profile';
import { startSession } from './session';

export const emailConfirmationQueryOptions = (
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
) => ({
  // A POST read once per link, with the session as a side effect: no GET factory fits, so the
  // entry is keyed under the call's `operationKeys` prefix.
  queryKey: operationQueryKey(operationKeys.confirmEmail, { token }),
  staleTime: Infinity,
  queryFn: async (): Promise<EmailConfirmation> => {
    const hadSession = hasSession(api);
    const profile = profileQueryOptions(api);
    // Who is signed in, before the link's answer could be taken for them.
    const signedIn = hadSession
      ? await queryClient.ensureQueryData(profile).catch(() => undefined)
      : undefined;
    try {
      // The tokens go to the session only, never into the query cache (it travels with the page).
      const { token: access, refresh_token: refresh, ...user } = await confirmEmail(api, token);
      if (access && refresh) {
        startSession(queryClient, api, { token: access, refresh_token: refresh, user });
      }
      // In the browser the web server turned the tokens into cookies: the session is there now.
      if (!hadSession && hasSession(api)) {
        queryClient.setQueryData(profile.queryKey, user);
        return 'signed-in';
      }
      if (signedIn && signedIn.id !== user.id) return 'other-account';
      if (signedIn) queryClient.setQueryData(profile.queryKey, user);
      return 'confirmed';
    } catch (error) {
      // The address of a change was taken by another account before its link was opened.
      if (isApiError(error) && error.status === 422 && error.errors.email) return 'taken';
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
