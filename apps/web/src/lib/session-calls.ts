/**
 * The browser's calls that need the session (the contract's `security`, `needsSession`) around a
 * sign-out. The sign-out call first waits for those already sent: they left with a live session
 * and get its true answer. While it is on its way (`signingOut`), no other one leaves: the API
 * could only answer 401, which the browser logs as an error of the page, and what asked for it
 * (the header's unread count, a chat refresh) is about to go with the session.
 */
import { needsSession } from '@gallop/api-client';
import { signingOut } from './sign-out';

type Send = (request: Request) => Promise<Response>;

const LOGOUT = 'POST /crm/api/user/logout';

/** How long the sign-out waits for the session's calls under way before it goes anyway. */
export const SETTLE_LIMIT_MS = 5_000;

/**
 * `send` with the rule above. `basePath` is the API base URL's path (empty when the API is the
 * page's own origin): the rest of a request's path is the contract's.
 */
export function holdingSessionCalls(send: Send, basePath = ''): Send {
  const underWay = new Set<Promise<unknown>>();
  const settled = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled(underWay),
      new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_LIMIT_MS))),
    ]);
    clearTimeout(timer);
  };

  return async (request) => {
    const path = new URL(request.url).pathname.slice(basePath.replace(/\/$/, '').length);
    const call = `${request.method} ${path}`;
    if (call === LOGOUT) {
      await settled();
      return send(request);
    }
    if (!needsSession(request.method, path)) return send(request);
    if (signingOut()) {
      throw new DOMException(`${call}: the session is ending`, 'AbortError');
    }
    const answer = send(request);
    underWay.add(answer);
    void answer.then(
      () => underWay.delete(answer),
      () => underWay.delete(answer),
    );
    return answer;
  };
}
