/**
 * One-click unfollow (RFC 8058): mail clients POST `List-Unsubscribe=One-Click` to the
 * `List-Unsubscribe` address of a follower e-mail, which is the `/unfollow?token=…` page
 * (decisions 058, 060). A GET of that address only shows the page, which asks first, so link
 * scanners unfollow nobody; this POST is the mail client acting for its user and unfollows at
 * once, through the API's `POST /spa/unsubscribe-tour-program`. No cookies are needed. The API
 * is told the visitor's address as the proxied calls and the server render tell it
 * (`visitorAddress`): without it every mail client's unfollow counted as this server's address.
 */
import type { Context } from 'hono';
import { apiTarget } from './proxy';

/** The body RFC 8058 prescribes (form-encoded). */
const ONE_CLICK = 'One-Click';

/** The token of `/unfollow?token=…` is the API's signed token; it is never longer than this. */
const MAX_TOKEN_LENGTH = 1024;

function plain(c: Context, status: 200 | 400 | 404 | 502, text: string) {
  return c.text(text, status, { 'Cache-Control': 'no-store' });
}

async function oneClickRequested(c: Context): Promise<boolean> {
  const type = c.req.header('content-type') ?? '';
  // Mail clients send a form; read a plain body the same way rather than turn them away.
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)/i.test(type)) {
    return false;
  }
  try {
    const form = await c.req.parseBody();
    return form['List-Unsubscribe'] === ONE_CLICK;
  } catch {
    return false;
  }
}

/**
 * The handler of `POST /unfollow`; `visitorAddressOf` names the visitor of a request as the
 * proxied calls do (the peer, or what a trusted proxy in front says).
 */
export function oneClickUnfollow(
  apiUrl: string,
  visitorAddressOf: (c: Context) => string | undefined,
) {
  return async (c: Context) => {
    const token = c.req.query('token') ?? '';
    if (token === '' || token.length > MAX_TOKEN_LENGTH) {
      return plain(c, 404, 'This unfollow link is not valid.');
    }
    if (!(await oneClickRequested(c))) {
      return plain(c, 400, 'Send List-Unsubscribe=One-Click to unfollow (RFC 8058).');
    }
    const visitor = visitorAddressOf(c);
    let answer: Response;
    try {
      // Under any path prefix API_URL carries (`http://127.0.0.1:4000/api`), as proxied calls are.
      answer = await fetch(apiTarget(apiUrl, 'http://localhost/spa/unsubscribe-tour-program'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(visitor ? { 'X-Forwarded-For': visitor } : {}),
        },
        body: JSON.stringify({ token }),
        signal: c.req.raw.signal,
      });
    } catch (error) {
      if (c.req.raw.signal.aborted) throw error;
      console.error(`One-click unfollow: ${apiUrl} is not reachable:`, error);
      return plain(c, 502, 'The Gallop API is not reachable. Please try again later.');
    }
    // Read the body either way, so the connection can be reused.
    await answer.arrayBuffer();
    if (answer.ok) return plain(c, 200, 'You will get no more e-mails about this tour.');
    // A token the API did not sign (422) or a tour that no longer exists (404).
    if (answer.status === 404 || answer.status === 422) {
      return plain(c, 404, 'This unfollow link is not valid.');
    }
    if (answer.status === 400) return plain(c, 400, 'This unfollow link is not valid.');
    return plain(c, 502, 'The Gallop API could not unfollow the tour. Please try again later.');
  };
}
