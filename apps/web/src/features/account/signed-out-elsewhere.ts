/**
 * Sign-outs between the tabs of one browser. The session cookies are the browser's, so a sign-out
 * in one tab ends the session in all of them, but the others would show the account (header,
 * favourites, unread count) until a call answered 401. The tab that signs out says so on a
 * `BroadcastChannel`; the others also look again when they are shown or focused (a tab frozen
 * meanwhile, or a page restored from the back-forward cache) and when another tab changes the
 * browser's storage (the favourites' owner is cleared at sign-out, `lib/favourites-owner.ts`):
 * browsers without the channel still learn of it.
 *
 * A sign-in changes the cookies of every tab too: a tab still showing another account (two tabs
 * of the login page, each signed in as someone else) would keep that account's profile and rider
 * passports (weights) on screen while its calls went out as the new one, and saving the passport
 * form wrote the first account's passport and companions into the second (probe 2026-12-07). So
 * a tab that starts showing an account says which (`tellOtherTabsOfSignIn`), and a tab showing
 * another one forgets it (`SessionEffects`).
 */
import { SESSION_ENDED_EVENT } from '../../lib/session-ended';

const CHANNEL = 'gallop.session';
const SIGNED_OUT = 'signed-out';
const SIGNED_IN = 'signed-in:';

/** Tells the other tabs of this browser that the session ended here. */
export function tellOtherTabsOfSignOut(): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/** Tells the other tabs of this browser that its session cookies are now account `userId`'s. */
export function tellOtherTabsOfSignIn(userId: number): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(`${SIGNED_IN}${userId}`);
  channel.close();
}

/** The account another tab said it signed in to (`tellOtherTabsOfSignIn`), if `data` says one. */
function signedInAs(data: unknown): number | undefined {
  if (typeof data !== 'string' || !data.startsWith(SIGNED_IN)) return undefined;
  const id = Number(data.slice(SIGNED_IN.length));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Calls `check` whenever a sign-out may have happened in another tab, or a call of this tab found
 * the session ended (`lib/session-ended.ts`); `check` decides from the session cookies. When
 * another tab signed in, `check` gets the account it signed in to. Answers the function that
 * stops listening.
 */
export function onSignOutElsewhere(check: (signedInTo?: number) => void): () => void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const onMessage = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) check();
    const account = signedInAs(event.data);
    if (account !== undefined) check(account);
  };
  const onShown = () => {
    if (document.visibilityState === 'visible') check();
  };
  channel?.addEventListener('message', onMessage);
  document.addEventListener('visibilitychange', onShown);
  // Events carry no account: `check` is called without one.
  const onEvent = () => check();
  window.addEventListener('focus', onEvent);
  window.addEventListener('pageshow', onEvent);
  window.addEventListener('storage', onEvent);
  window.addEventListener(SESSION_ENDED_EVENT, onEvent);
  return () => {
    channel?.close();
    document.removeEventListener('visibilitychange', onShown);
    window.removeEventListener('focus', onEvent);
    window.removeEventListener('pageshow', onEvent);
    window.removeEventListener('storage', onEvent);
    window.removeEventListener(SESSION_ENDED_EVENT, onEvent);
  };
}
