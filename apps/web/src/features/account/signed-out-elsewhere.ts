/**
 * Sign-outs between the tabs of one browser. The session cookies are the browser's, so a sign-out
 * in one tab ends the session in all of them, but the others would show the account (header,
 * favourites, unread count) until a call answered 401. The tab that signs out says so on a
 * `BroadcastChannel`; the others also look again when they are shown or focused (a tab frozen
 * meanwhile, or a page restored from the back-forward cache) and when another tab changes the
 * browser's storage (the favourites' owner is cleared at sign-out, `lib/favourites-owner.ts`):
 * browsers without the channel still learn of it.
 */
import { SESSION_ENDED_EVENT } from '../../lib/session-ended';

const CHANNEL = 'gallop.session';
const SIGNED_OUT = 'signed-out';

/** Tells the other tabs of this browser that the session ended here. */
export function tellOtherTabsOfSignOut(): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(SIGNED_OUT);
  channel.close();
}

/**
 * Calls `check` whenever a sign-out may have happened in another tab, or a call of this tab found
 * the session ended (`lib/session-ended.ts`); `check` decides from the session cookies. Answers
 * the function that stops listening.
 */
export function onSignOutElsewhere(check: () => void): () => void {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const onMessage = (event: MessageEvent) => {
    if (event.data === SIGNED_OUT) check();
  };
  const onShown = () => {
    if (document.visibilityState === 'visible') check();
  };
  channel?.addEventListener('message', onMessage);
  document.addEventListener('visibilitychange', onShown);
  window.addEventListener('focus', check);
  window.addEventListener('pageshow', check);
  window.addEventListener('storage', check);
  window.addEventListener(SESSION_ENDED_EVENT, check);
  return () => {
    channel?.close();
    document.removeEventListener('visibilitychange', onShown);
    window.removeEventListener('focus', check);
    window.removeEventListener('pageshow', check);
    window.removeEventListener('storage', check);
    window.removeEventListener(SESSION_ENDED_EVENT, check);
  };
}
