/**
 * The signed-in traveller in the page (spec section 4, "Session"): the profile comes from
 * `GET /crm/api/user/profile` with the stored token (the server render fetches it too, so the
 * header is right on first paint). Signing in stores the tokens and the profile; signing out calls
 * the server, then clears both whatever it answered.
 */
import type { GallopClient } from '@gallop/api-client';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApi } from '../../lib/api';
import { hasSession } from '../../lib/session-tokens';
import type { AuthSession, UserProfile } from './api';
import { profileQueryOptions, signOut } from './profile';

/** Loads the profile into the query cache when a session is stored; never throws. */
export async function prefetchProfile(queryClient: QueryClient, api: GallopClient) {
  if (hasSession(api)) await queryClient.prefetchQuery(profileQueryOptions(api));
}

/** Starts a session from a sign-in answer: tokens stored, profile cached. */
export function startSession(queryClient: QueryClient, api: GallopClient, session: AuthSession) {
  void api.tokenStore.set({ token: session.token, refreshToken: session.refresh_token });
  queryClient.setQueryData(profileQueryOptions(api).queryKey, session.user);
}

export function useSession(): {
  user: UserProfile | undefined;
  /** The profile call is still on its way (a session is stored). */
  isLoading: boolean;
  signIn: (session: AuthSession) => void;
  signOut: () => Promise<void>;
  setUser: (user: UserProfile) => void;
} {
  const api = useApi();
  const queryClient = useQueryClient();
  const router = useRouter();
  const query = useQuery({ ...profileQueryOptions(api), enabled: hasSession(api) });
  const key = profileQueryOptions(api).queryKey;

  const signIn = useCallback(
    (session: AuthSession) => startSession(queryClient, api, session),
    [queryClient, api],
  );
  const setUser = useCallback(
    (user: UserProfile) => queryClient.setQueryData(key, user),
    [queryClient, key],
  );
  const end = useCallback(async () => {
    try {
      await signOut(api);
    } catch (error) {
      // Signed out locally either way; the server session then simply expires.
      console.warn('Sign-out call failed', error);
    }
    await api.tokenStore.clear();
    queryClient.removeQueries({ queryKey: key });
    await router.invalidate();
  }, [api, queryClient, key, router]);

  return {
    user: query.data,
    isLoading: query.isLoading,
    signIn,
    signOut: end,
    setUser,
  };
}
