/**
 * The account calls of the web app (docs/product.md, Calls, "User"). Each goes through the
 * visitor's API client; failures reject with `ApiError`, whose `message` and field `errors` the
 * forms show. The profile query and sign-out, which the site header needs on every page, are in
 * ./profile.ts: this module loads with the account pages, not in the first load.
 */
import { isApiError, type components, type GallopClient } from '@gallop/api-client';
import { getSiteTokensQueryOptions } from '@gallop/api-client/query';

export type UserProfile = components['schemas']['UserProfile'];
export type AuthSession = components['schemas']['AuthSession'];
export type CodeSender = components['schemas']['CodeSender'];
/** Where the server sends the traveller instead of opening a session here. */
type SignInRedirect = { type: 'redirect'; url: string };
/** What a sign-in answers: a session, or a redirect the page must follow. */
export type SignInAnswer = AuthSession | SignInRedirect;

/**
 * The API client throws a sign-in's `type: redirect` answer as an `ApiError` of kind `redirect`
 * (so no caller takes it for a session); for a sign-in it is an answer to follow, not a failure.
 */
async function signInAnswer(call: () => Promise<SignInAnswer>): Promise<SignInAnswer> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.kind === 'redirect' && error.url) {
      return { type: 'redirect', url: error.url };
    }
    throw error;
  }
}

export const siteTokensQueryOptions = (api: GallopClient<true>) => getSiteTokensQueryOptions(api);

/** The visitor's time zone, sent at registration so messages show local times. */
function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export async function signInWithPassword(
  api: GallopClient<true>,
  login: string,
  password: string,
): Promise<SignInAnswer> {
  return signInAnswer(async () => {
    const { data } = await api.POST('/crm/api/user/auth', { body: { login, password } });
    return data;
  });
}

export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
  password: string;
  confirmPassword: string;
}

/**
 * Answers the same for a new address and a taken one (no account enumeration): the e-mail that
 * follows either confirms the address and signs in, or says how to sign in to the account.
 */
export async function register(api: GallopClient<true>, form: Registration): Promise<void> {
  const timezone = browserTimezone();
  await api.POST('/crm/api/user/register', {
    body: {
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      password: form.password,
      confirm_password: form.confirmPassword,
      ...(form.phone ? { phone: form.phone } : {}),
      ...(timezone ? { timezone } : {}),
    },
  });
}

export async function sendSignInCode(
  api: GallopClient<true>,
  login: string,
  sender: CodeSender,
): Promise<number> {
  const { data } = await api.POST('/crm/api/user/send-auth-code', {
    body: { login, code_sender: sender },
  });
  return data.resend_after ?? 60;
}

export async function signInWithCode(
  api: GallopClient<true>,
  login: string,
  code: string,
  sender: CodeSender,
  favouriteTourIds: readonly number[],
): Promise<SignInAnswer> {
  return signInAnswer(async () => {
    const { data } = await api.POST('/crm/api/user/auth-via-code', {
      body: {
        login,
        code,
        verify_method: sender,
        ...(favouriteTourIds.length > 0 ? { favourites_tours_ids: [...favouriteTourIds] } : {}),
      },
    });
    return data;
  });
}

export async function signInWithLink(api: GallopClient<true>, token: string): Promise<AuthSession> {
  const { data } = await api.POST('/crm/api/user/access-token-by-one-time-token', {
    body: { token },
  });
  return data;
}

export async function recoverPassword(api: GallopClient<true>, email: string): Promise<void> {
  await api.POST('/crm/api/user/password-recovery', { body: { email } });
}

/** Resolves while a reset link can still set a password; a used or expired one rejects (410). */
export async function checkResetLink(api: GallopClient<true>, token: string): Promise<void> {
  await api.POST('/crm/api/user/check-password-reset-token', { body: { token } });
}

export async function resetPassword(
  api: GallopClient<true>,
  token: string,
  password: string,
): Promise<AuthSession> {
  const { data } = await api.POST('/crm/api/user/password-reset', { body: { token, password } });
  return data;
}

export async function updateProfile(
  api: GallopClient<true>,
  changes: { firstName: string; lastName: string; timezone?: string | undefined },
): Promise<UserProfile> {
  const { data } = await api.POST('/crm/api/user/update-profile', {
    body: {
      first_name: changes.firstName,
      last_name: changes.lastName,
      ...(changes.timezone ? { timezone: changes.timezone } : {}),
    },
  });
  return data;
}

export async function changePassword(
  api: GallopClient<true>,
  form: { oldPassword?: string | undefined; password: string; confirmPassword: string },
): Promise<void> {
  await api.POST('/crm/api/user/change-password', {
    body: {
      password: form.password,
      confirm_password: form.confirmPassword,
      ...(form.oldPassword ? { old_password: form.oldPassword } : {}),
    },
  });
}

export async function changeEmail(
  api: GallopClient<true>,
  email: string,
  password: string | undefined,
): Promise<UserProfile> {
  const { data } = await api.POST('/crm/api/user/change-email', {
    body: { email, ...(password ? { password } : {}) },
  });
  return data;
}

export async function changePhone(api: GallopClient<true>, phone: string): Promise<UserProfile> {
  const { data } = await api.POST('/crm/api/user/change-phone', { body: { phone } });
  return data;
}

/**
 * What answers a link that asks (decision 151): the account's password, or "I did not create
 * this account".
 */
export type ConfirmationAnswer = { password: string } | { not_mine: true };

/**
 * The profile, with a new session's tokens when the link also signed in (a registration's).
 * Opened outside the link's account, the link may first ask for the password (403
 * `PasswordChallenge`); `answer` is then sent with the token.
 */
export async function confirmEmail(
  api: GallopClient<true>,
  token: string,
  answer?: ConfirmationAnswer,
): Promise<components['schemas']['EmailConfirmation']> {
  const { data } = await api.POST('/crm/api/user/confirm-email', {
    body: { token, ...answer },
  });
  return data;
}

export async function resendEmailConfirmation(api: GallopClient<true>): Promise<void> {
  await api.POST('/crm/api/user/email-confirmation-request');
}

/** Sends a code to the account's phone by `sender`, one the API lists as able to reach it. */
export async function sendPhoneCode(api: GallopClient<true>, sender: CodeSender): Promise<void> {
  await api.POST('/crm/api/user/send-confirmation-code', { body: { code_sender: sender } });
}

export async function confirmPhone(api: GallopClient<true>, code: string): Promise<UserProfile> {
  const { data } = await api.POST('/crm/api/user/confirm-phone', { body: { code } });
  return data;
}

/** The account's country (`change-country`); answers the profile with it. */
export async function changeCountry(
  api: GallopClient<true>,
  countryId: number,
): Promise<UserProfile> {
  const { data } = await api.POST('/crm/api/user/change-country', {
    body: { country_id: countryId },
  });
  return data;
}

/** The account's interface language (`set-language`), e.g. `en`. */
export async function saveLanguage(api: GallopClient<true>, languageCode: string): Promise<void> {
  await api.POST('/crm/api/user/set-language', { body: { language_code: languageCode } });
}
