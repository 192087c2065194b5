/**
 * The session on the web's side of the API (decisions.md, "Sessions and tokens"): the access and
 * refresh tokens live in HttpOnly cookies that page scripts never read. For every call it
 * forwards, the web server turns the `auth_token` cookie into `X-Authorization`; it takes the
 * tokens out of sign-in answers and sets them as cookies; it clears them on sign-out; and it runs
 * the 401 -> refresh -> one retry itself (docs/product.md, Calls), which the browser's
 * client did before.
 */
import { REFRESH_TOKEN_PATH, type paths } from '@gallop/api-client';
import {
  REFRESH_TOKEN_COOKIE,
  SIGNED_IN_COOKIE,
  TOKEN_COOKIE,
  sessionCookies,
  signedInFromCookieHeader,
  tokensFromCookieHeader,
  type SessionTokens,
} from '@gallop/session';

type ContractPath = keyof paths;

/**
 * Calls that check credentials and answer a session: their 401 means "wrong password / code /
 * link", so they are never refreshed and retried.
 */
const SIGN_IN_PATHS: readonly string[] = [
  '/crm/api/user/register',
  '/crm/api/user/auth',
  '/crm/api/user/auth-via-code',
  '/crm/api/user/redirect-auth-via-code',
  '/crm/api/user/password-reset',
  '/crm/api/user/access-token-by-one-time-token',
  REFRESH_TOKEN_PATH,
] satisfies ContractPath[];

/**
 * Calls whose 2xx JSON answer may carry a session (`token`, `refresh_token`), by the contract:
 * the sign-ins, and the email confirmation that signs a signed-out person in.
 */
const SESSION_PATHS: readonly string[] = [
  ...SIGN_IN_PATHS,
  '/crm/api/user/confirm-email' satisfies ContractPath,
];

/** Sign-out: the cookies go, whatever the API answers. */
const LOGOUT_PATH = '/crm/api/user/logout' satisfies ContractPath;

/** Request bodies up to this size are kept to be sent again after a refresh; larger ones (uploads) are not retried. */
const MAX_RETRY_BODY_BYTES = 1024 * 1024;

/** How long the outcome of a refresh serves other requests that still carry the old refresh cookie. */
const REFRESH_MEMORY_MS = 10_000;

const SESSION_COOKIES = new Set([TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, SIGNED_IN_COOKIE]);
const NO_TOKENS: SessionTokens = { token: null, refreshToken: null };

/**
 * The `Cookie` header without the session cookies: the API authenticates by `X-Authorization`
 * only, so the tokens go no further than they must. `undefined` when nothing else is left.
 */
export function withoutSessionCookies(header: string | null | undefined): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !SESSION_COOKIES.has(pair.slice(0, pair.indexOf('=')).trim()));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** `Bearer <access token>` from a request's cookies, if it holds one. */
export function authorizationFromCookies(header: string | null | undefined): string | undefined {
  const { token } = tokensFromCookieHeader(header);
  return token ? `Bearer ${token}` : undefined;
}

/** What a refresh came to: new tokens, a refusal (the session is over), or no answer (API down). */
export type RefreshOutcome =
  | { kind: 'renewed'; tokens: SessionTokens & { token: string } }
  | { kind: 'refused' }
  | { kind: 'failed' };

export interface SessionRefresher {
  /**
   * Runs `refresh` for `refreshToken` unless a run for the same token is under way or settled
   * less than `REFRESH_MEMORY_MS` ago: then its outcome is shared.
   */
  refresh(refreshToken: string, refresh: () => Promise<RefreshOutcome>): Promise<RefreshOutcome>;
}

/**
 * Single flight per refresh token in this process, with a short memory: parallel 401s of one
 * visitor cause one refresh, and a request that left with the old cookies just before the new
 * ones arrived reuses the new tokens instead of replaying the spent refresh token (which the API
 * answers with 401, and after its grace period by revoking the whole session). Failures to reach
 * the API are not remembered. Several web processes need sticky sessions for this to hold.
 */
export function createSessionRefresher({
  rememberMs = REFRESH_MEMORY_MS,
  maxEntries = 10_000,
  now = Date.now,
}: { rememberMs?: number; maxEntries?: number; now?: () => number } = {}): SessionRefresher {
  const runs = new Map<string, { outcome: Promise<RefreshOutcome>; settledAt?: number }>();
  const sweep = () => {
    for (const [key, run] of runs) {
      if (run.settledAt !== undefined && now() - run.settledAt > rememberMs) runs.delete(key);
    }
    // A flood of made-up refresh cookies must not grow the map without end: oldest first.
    for (const key of runs.keys()) {
      if (runs.size < maxEntries) break;
      runs.delete(key);
    }
  };
  return {
    refresh(refreshToken, refresh) {
      sweep();
      const known = runs.get(refreshToken);
      if (known) return known.outcome;
      const run: { outcome: Promise<RefreshOutcome>; settledAt?: number } = {
        outcome: refresh().catch((): RefreshOutcome => ({ kind: 'failed' })),
      };
      runs.set(refreshToken, run);
      void run.outcome.then((outcome) => {
        if (outcome.kind === 'failed') runs.delete(refreshToken);
        else run.settledAt = now();
      });
      return run.outcome;
    },
  };
}

/** Headers of the visitor's call that the refresh call carries too (language, role, addresses). */
const REFRESH_HEADERS = [
  'host',
  'user-agent',
  'accept-language',
  'x-language',
  'x-localization',
  'x-currency',
  'x-client-role',
  'x-forwarded-for',
  'x-forwarded-proto',
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * `POST /crm/api/user/refresh-token` with `{ refresh_token }`, as `@gallop/api-client`'s
 * `defaultRefreshToken` sends it: the answer is `{ token, refresh_token? }` (a missing
 * `refresh_token` keeps the old one). A 4xx is a refusal; a 5xx or no answer is a failure.
 */
export async function refreshSession(
  visitorRequest: Request,
  refreshToken: string,
  send: (request: Request) => Promise<Response>,
): Promise<RefreshOutcome> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  for (const name of REFRESH_HEADERS) {
    const value = visitorRequest.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const response = await send(
    new Request(new URL(REFRESH_TOKEN_PATH, visitorRequest.url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ refresh_token: refreshToken }),
    }),
  );
  const body = await readJson(response);
  if (response.status >= 500) return { kind: 'failed' };
  if (!response.ok || !isRecord(body) || typeof body.token !== 'string' || !body.token) {
    return { kind: 'refused' };
  }
  const next = typeof body.refresh_token === 'string' && body.refresh_token;
  return { kind: 'renewed', tokens: { token: body.token, refreshToken: next || refreshToken } };
}

/** The answer with the session cookies for `tokens` added (cleared when they are null). */
function withSessionCookies(response: Response, tokens: SessionTokens, secure: boolean): Response {
  const headers = new Headers(response.headers);
  for (const cookie of sessionCookies(tokens, { secure })) headers.append('set-cookie', cookie);
  // Session answers are for this visitor only.
  headers.set('cache-control', 'no-store');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * A sign-in answer's tokens become cookies and leave the JSON the browser gets (the rest, e.g.
 * `user`, stays). Answers without a token (a redirect, an error) pass on as they are.
 */
async function takeSession(
  response: Response,
  current: SessionTokens,
  secure: boolean,
): Promise<{ response: Response; tokens?: SessionTokens }> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !/\bjson\b/i.test(type)) return { response };
  const text = await response.text();
  const rebuilt = (body: string) => {
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return { response: rebuilt(text) };
  }
  if (!isRecord(body) || typeof body.token !== 'string' || !body.token) {
    return { response: rebuilt(text) };
  }
  const { token, refresh_token: refreshToken, ...rest } = body;
  const tokens: SessionTokens = {
    token,
    refreshToken:
      typeof refreshToken === 'string' && refreshToken ? refreshToken : current.refreshToken,
  };
  return { response: withSessionCookies(rebuilt(JSON.stringify(rest)), tokens, secure), tokens };
}

const NO_BODY = new Set(['GET', 'HEAD']);

/** The call as the API gets it: `X-Authorization` from the cookie (never the browser's own), no session cookies. */
function apiRequest(request: Request, token: string | null, body: Body): Request {
  const headers = new Headers(request.headers);
  headers.delete('x-authorization');
  if (token) headers.set('x-authorization', `Bearer ${token}`);
  const cookie = withoutSessionCookies(headers.get('cookie'));
  if (cookie) headers.set('cookie', cookie);
  else headers.delete('cookie');
  return new Request(request.url, {
    method: request.method,
    headers,
    body,
    signal: request.signal,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

type Body = ArrayBuffer | ReadableStream<Uint8Array> | null;

/**
 * The body kept for a retry when it is at most `MAX_RETRY_BODY_BYTES`; otherwise it streams on,
 * sent once (what was read ahead goes first).
 */
async function bodyOf(
  request: Request,
  keepForRetry: boolean,
): Promise<{ body: Body; replayable: boolean }> {
  if (NO_BODY.has(request.method) || !request.body) return { body: null, replayable: true };
  const length = Number(request.headers.get('content-length') ?? 0);
  if (!keepForRetry || length > MAX_RETRY_BODY_BYTES) {
    return { body: request.body, replayable: false };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > MAX_RETRY_BODY_BYTES) {
      // Too large after all (no Content-Length): pass on what was read, then the rest.
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { body: rest, replayable: false };
    }
  }
  const buffer = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    buffer.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body: buffer.buffer, replayable: true };
}

export interface SessionForwardOptions {
  /** Sends a call on to the API (`forwardToApi`), answering 502 when the API cannot be reached. */
  send: (request: Request) => Promise<Response>;
  refresher: SessionRefresher;
  /** The visitor came over https (a trusted proxy's X-Forwarded-Proto, else the connection): Secure cookies. */
  secure: boolean;
}

/**
 * Forwards one call of the browser to the API with the visitor's session: see the top of this
 * file. On a 401 while a refresh cookie exists, the session is refreshed (shared with parallel
 * calls, `SessionRefresher`), the call is sent once more with the new access token and the
 * answer carries the new cookies; a refused refresh, or a 401 with a token or marker but no
 * refresh cookie, clears the cookies and the 401 goes on. An API that cannot be reached leaves
 * the cookies as they are.
 */
export async function forwardWithSession(
  request: Request,
  { send, refresher, secure }: SessionForwardOptions,
): Promise<Response> {
  const path = new URL(request.url).pathname;
  const cookieHeader = request.headers.get('cookie');
  const cookies = tokensFromCookieHeader(cookieHeader);
  const isPost = request.method === 'POST';
  const mayCarrySession = isPost && SESSION_PATHS.includes(path);
  // A wrong password is a 401 too: sign-in calls are never refreshed, retried or cleared.
  const isSignIn = isPost && SIGN_IN_PATHS.includes(path);
  const mayRefresh = Boolean(cookies.refreshToken) && !isSignIn;
  const { body, replayable } = await bodyOf(request, mayRefresh);

  let response = await send(apiRequest(request, cookies.token, body));
  let renewed: SessionTokens | undefined;
  if (response.status === 401 && mayRefresh && replayable && cookies.refreshToken) {
    const refreshToken = cookies.refreshToken;
    const outcome = await refresher.refresh(refreshToken, () =>
      refreshSession(request, refreshToken, send),
    );
    if (outcome.kind === 'renewed') {
      await response.body?.cancel();
      response = await send(apiRequest(request, outcome.tokens.token, body));
      renewed = outcome.tokens;
    } else if (outcome.kind === 'refused') {
      renewed = NO_TOKENS;
    }
  } else if (
    response.status === 401 &&
    !cookies.refreshToken &&
    !isSignIn &&
    (cookies.token || signedInFromCookieHeader(cookieHeader))
  ) {
    // Nothing to refresh with: the session is over, or the browser keeps a dead token for good.
    renewed = NO_TOKENS;
  }

  if (isPost && path === LOGOUT_PATH) return withSessionCookies(response, NO_TOKENS, secure);
  if (mayCarrySession) {
    const taken = await takeSession(response, cookies, secure);
    if (taken.tokens) return taken.response;
    response = taken.response;
  }
  return renewed ? withSessionCookies(response, renewed, secure) : response;
}
