/**
 * Ending the session (the site header's sign-out, in every page's first load). The web server's
 * answer clears the session cookies and the readable marker; until it arrives the marker still
 * says "signed in", so this tab also knows a sign-out is on its way, and stays so until the page
 * has forgotten the account: a call made for the session in that window (the chat socket's
 * refresh after a refused handshake, the header's unread count hydrating late) could only be a
 * 401, which the browser logs as an error. The browser's client holds such calls back
 * (`./session-calls.ts`). A chunk of its own would cost the first load more than it saves (its
 * preload entry).
 */
import type { GallopClient } from '@gallop/api-client';
import { getRiderPassportQueryOptions } from '@gallop/api-client/query';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Sign-outs of this tab not yet over (a module per tab in the browser). */
let leaving = 0;

/** Whether a sign-out has started in this tab and is not yet over. */
export function signingOut(): boolean {
  return leaving > 0;
}

/**
 * Runs `work` (a sign-out, and what the page does to forget the account) as a sign-out on its
 * way: until it is over, `signingOut()` is true.
 */
export async function whileSigningOut<T>(work: () => Promise<T>): Promise<T> {
  leaving += 1;
  try {
    return await work();
  } finally {
    leaving -= 1;
  }
}

export function signOut(api: GallopClient<true>): Promise<void> {
  return whileSigningOut(async () => {
    await api.POST('/crm/api/user/logout');
  });
}

/**
 * Signs out and forgets the account in the page (`forgetAccount`), whatever the server answered.
 * The account's favourites leave the browser once the page has no account
 * (`features/account`'s `SessionEffects`, which also tells the other tabs).
 */
export async function endSession(
  api: GallopClient<true>,
  queryClient: Pick<QueryClient, 'removeQueries'>,
  profileKey: QueryKey,
): Promise<void> {
  try {
    await signOut(api);
  } catch (error) {
    // The web server clears the cookies whatever the API answered; only an unreachable web
    // server leaves them, and the server session then simply expires.
    console.warn('Sign-out call failed', error);
  }
  await forgetAccount(api, queryClient, profileKey);
  // This tab's account items (the chat's unsent texts) go with a sign-out made here; a session
  // that ended elsewhere keeps them for the same account's next sign-in (`features/chat/draft.ts`).
  // Loaded here, not with the page (the first load's budget); a chunk that fails to load (a
  // build deployed meanwhile) must not hold the sign-out up.
  await import('./tab-storage').then(
    ({ tabStorage }) => tabStorage.removeAccountItems(),
    (error: unknown) => console.warn('Sign-out: unsent texts not removed', error),
  );
}

/**
 * Forgets the account in the page: the profile (`profileKey`) and the account's rider passports,
 * whose weights are private. Also for a tab that learns of a sign-out made in another.
 */
export async function forgetAccount(
  api: GallopClient<true>,
  queryClient: Pick<QueryClient, 'removeQueries'>,
  profileKey: QueryKey,
): Promise<void> {
  // The per-request store of a server render (the browser's holds nothing).
  await api.tokenStore.clear();
  queryClient.removeQueries({ queryKey: profileKey });
  queryClient.removeQueries({ queryKey: getRiderPassportQueryOptions(api).queryKey });
}
