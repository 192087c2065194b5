/**
 * Opening an e-mail confirmation link (`/email-confirm?token=...`). A registration's link is
 * opened signed out: the click that confirms the address also signs the person in (the API
 * answers a new session's tokens with the profile). Signed in, the answer is the profile of the
 * link's account: it replaces the page's profile only when that is the signed-in account; a link
 * of another account (opened on a shared device, say) confirms that address and changes nothing
 * here. The outcome is cached per link, so the same link is not spent twice when the route loads
 * again.
 *
 * Opened outside its account's session, a link that would confirm an account with a password
 * asks for it first (decision 151): the outcome is then `asks-password` (a registration's link,
 * which "I did not create this account" may answer instead) or `asks-account-password` (a
 * change's), and the page sends the answer with `answerEmailConfirmation`.
 */
import { isApiError, type GallopClient } from '@gallop/api-client';
import { operationKeys, operationQueryKey } from '@gallop/api-client/query';
import type { QueryClient } from '@tanstack/react-query';
import { hasSession } from '../../lib/session-tokens';
import { confirmEmail, type ConfirmationAnswer } from './api';
import type {
  EmailConfirmation,
  LinkOutcome,
} from './components/email-confirm-page/email-confirm-page';
import { profileQueryOptions } from './profile';
import { startSession } from './session';

/** What a link answered: its outcome, and the address it is about (when the answer names it). */
export interface SettledConfirmation {
  result: LinkOutcome;
  email: string | null;
}

/** The 403 `PasswordChallenge` of a link that asks for the account's password. */
function askedPassword(error: unknown): EmailConfirmation | undefined {
  if (!isApiError(error) || error.status !== 403) return undefined;
  const link = (error.body as { link?: unknown } | undefined)?.link;
  return link === 'change' ? 'asks-account-password' : 'asks-password';
}

/** Sends the link (with `answer`, when it asked one) and takes its session, if it opened one. */
async function settle(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
  answer?: ConfirmationAnswer,
): Promise<SettledConfirmation> {
  const hadSession = hasSession(api);
  const profile = profileQueryOptions(api);
  // Who is signed in, before the link's answer could be taken for them.
  const signedIn = hadSession
    ? await queryClient.ensureQueryData(profile).catch(() => undefined)
    : undefined;
  // The tokens go to the session only, never into the query cache (it travels with the page).
  const { token: access, refresh_token: refresh, ...user } = await confirmEmail(api, token, answer);
  if (access && refresh) {
    startSession(queryClient, api, { token: access, refresh_token: refresh, user });
  }
  // In the browser the web server turned the tokens into cookies: the session is there now.
  if (!hadSession && hasSession(api)) {
    queryClient.setQueryData(profile.queryKey, user);
    return { result: 'signed-in', email: user.email };
  }
  // The page names who is signed in, not the link's account (the route's loader does the same).
  if (signedIn && signedIn.id !== user.id) {
    return { result: 'other-account', email: signedIn.email };
  }
  if (signedIn) queryClient.setQueryData(profile.queryKey, user);
  return { result: 'confirmed', email: user.email };
}

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
    try {
      return (await settle(queryClient, api, token)).result;
    } catch (error) {
      const asked = askedPassword(error);
      if (asked) return asked;
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

/**
 * What "I did not create this account" came to: signed in by the link (`disowned`), signed in to
 * another account (`disowned-elsewhere`), or answered without a session and none here
 * (`disowned-signed-out`: a password was set meanwhile, decision 203; the address is confirmed
 * and "Forgot your password?" is the way in).
 */
function disowning(settled: LinkOutcome, signedIn: boolean): LinkOutcome {
  if (settled === 'signed-in') return 'disowned';
  if (settled === 'other-account') return 'disowned-elsewhere';
  return signedIn ? 'disowned' : 'disowned-signed-out';
}

/**
 * Answers a link that asked (`asks-password`, `asks-account-password`): with the password it
 * confirms as the link alone did before; "I did not create this account" makes the address the
 * opener's (`disowning`: signed in, unless another account is or a password was set meanwhile). A wrong password, or too many,
 * rejects with the API's error (the form shows it); a link spent meanwhile is `expired`.
 */
export async function answerEmailConfirmation(
  queryClient: QueryClient,
  api: GallopClient<true>,
  token: string,
  answer: ConfirmationAnswer,
): Promise<SettledConfirmation> {
  try {
    const settled = await settle(queryClient, api, token, answer);
    if (!('not_mine' in answer)) return settled;
    return { ...settled, result: disowning(settled.result, hasSession(api)) };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 400)) {
      return { result: 'expired', email: null };
    }
    throw error;
  }
}
