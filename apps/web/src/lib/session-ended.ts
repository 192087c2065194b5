/**
 * A session that ends while the page is open (signed out on another device, a password change,
 * a refused refresh): the web server answers the call's 401 with the session cookies cleared, the
 * readable marker among them (server/session-proxy.ts). The browser's client notices the marker
 * gone with a 401 and tells the page (`SESSION_ENDED_EVENT`), which forgets the account as after
 * a sign-out in another tab (features/account's `SessionEffects`): no reload needed. Loaded with
 * the client's chunk, not the first load.
 */
export const SESSION_ENDED_EVENT = 'gallop:session-ended';

type Send = (request: Request) => Promise<Response>;

const tellPage = () => window.dispatchEvent(new Event(SESSION_ENDED_EVENT));

/**
 * `send` that calls `ended` after a 401 when the session's marker (`signedIn`) was there as the
 * call left and is gone with its answer. A 401 that leaves the marker (a wrong password, an API
 * that could not refresh) is no end of the session.
 */
export function noticingEndedSession(
  send: Send,
  signedIn: () => boolean,
  ended: () => void = tellPage,
): Send {
  return async (request) => {
    const before = signedIn();
    const response = await send(request);
    if (response.status === 401 && before && !signedIn()) ended();
    return response;
  };
}
