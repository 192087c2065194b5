/**
 * The signed-in traveller in the page (docs/product.md, States, "Session"): the profile comes from
 * `GET /crm/api/user/profile` with the session cookies (the server render fetches it too, so the
 * header is right on first paint). The tokens are HttpOnly cookies that the web server sets from
 * sign-in answers and clears on sign-out (server/session-proxy.ts): signing in caches the
 * profile; signing out calls the server, then forgets the profile whatever it answered.
 */
import type { GallopClient } from '@gallop/api-client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApi } from '../../lib/api';
import { hasSession } from '../../lib/session-tokens';
import type { AuthSession, UserProfile } from './api';
import { endSession, whileSigningOut } from '../../lib/sign-out';
import { profileQueryOptions } from './profile';

/** Loads the profile into the query cache when a session is stored; never throws. */
export async function prefetchProfile(queryClient: QueryClient, api: GallopClient<true>) {
  if (hasSession(api)) await queryClient.prefetchQuery(profileQueryOptions(api));
}

/**
 * A sign-in answer as the page gets it: through the web server, the tokens have become cookies
 * and left the answer; a server render calling the API itself still sees them.
 */
export type SignInSession = Pick<AuthSession, 'user'> &
  Partial<Pick<AuthSession, 'token' | 'refresh_token'>>;

/**
 * Starts a session from a sign-in answer: the profile is cached. Tokens in the answer reach only
 * a server render's per-request store (which writes them as HttpOnly cookies); the browser's
 * store keeps nothing.
 */
export function startSession(
  queryClient: QueryClient,
  api: GallopClient<true>,
  session: SignInSession,
) {
  if (session.token) {
    void api.tokenStore.set({ token: session.token, refreshToken: session.refresh_token ?? null });
  }
  queryClient.setQueryData(profileQueryOptions(api).queryKey, session.user);
}

export function useSession(): {
  user: UserProfile | undefined;
  /** The profile call is still on its way (a session is stored). */
  isLoading: boolean;
  signIn: (session: SignInSession) => void;
  signOut: () => Promise<void>;
  setUser: (user: UserProfile) => void;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  // `useQuery`: only with a session, which starts and ends in the browser; every page reads it.
  const query = useQuery({ ...profileQueryOptions(api), enabled: hasSession(api) });
  const key = profileQueryOptions(api).queryKey;

  const signIn = useCallback(
    (session: SignInSession) => startSession(queryClient, api, session),
    [queryClient, api],
  );
  const setUser = useCallback(
    (user: UserProfile) => queryClient.setQueryData(key, user),
    [queryClient, key],
  );
  // A sign-out until the pages have run again without the account: the parts that need it are
  // gone by then, and a call they started meanwhile is held back (lib/session-calls.ts).
  const end = useCallback(
    () =>
      whileSigningOut(async () => {
        await endSession(api, queryClient, key);
        await router.invalidate();
      }),
    [api, queryClient, key, router],
  );

  return {
    user: query.data,
    isLoading: query.isLoading,
    signIn,
    signOut: end,
    setUser,
  };
}
