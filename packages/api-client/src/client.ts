import createClient, {
  type Client,
  type FetchResponse,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type {
  HttpMethod,
  MediaType,
  PathsWithMethod,
  RequiredKeysOf,
} from 'openapi-typescript-helpers';
import { errorFromAnswer, readBody } from './error-answers';
import { ApiError } from './errors';
import { resolvingFailedAnswers } from './failed-answers';
import { authRefreshMiddleware, type RefreshTokens } from './middleware/auth-refresh';
import { captchaRetryMiddleware, type SolveCaptcha } from './middleware/captcha-retry';
import { errorMappingMiddleware } from './middleware/errors';
import {
  applyGallopHeaders,
  gallopHeaders,
  type ClientLocale,
  type HeaderOptions,
  type Live,
} from './middleware/headers';
import { latestOnlyMiddleware } from './middleware/latest-only';
import { responseCacheMiddleware } from './middleware/response-cache';
import { timeoutMiddleware } from './middleware/timeout';
import {
  COMPLETION_PATH,
  CONVERT_PRICE_PATH,
  REFRESH_TOKEN_PATH,
  type RedirectingPath,
} from './paths';
import type { paths } from './schema.gen';
import { createMemoryTokenStore, type AuthTokens, type TokenStore } from './tokens';

export type FetchLike = (request: Request) => Promise<Response>;

export interface GallopClientOptions<ThrowOnError extends boolean = boolean> {
  /** API origin, for example `http://127.0.0.1:4000`; from runtime configuration. */
  baseUrl: string;
  /**
   * `true`: calls resolve to `{ data, response }` and every failure rejects with `ApiError`.
   * Without it (the default), openapi-fetch's contract: a failed answer resolves to
   * `{ error, response }`, and only a call without an answer (network, timeout, abort) rejects.
   */
  throwOnError?: ThrowOnError;
  /** Sent as `X-Language` and `X-Localization`; a function is read on every call. */
  locale: Live<ClientLocale>;
  /** Sent as `X-Currency`; a function is read on every call. */
  currency: Live<string>;
  /** Where tokens live; defaults to an in-memory store. The token goes out as `X-Authorization`. */
  tokenStore?: TokenStore;
  /**
   * Gets new tokens after a 401 while a token exists. Defaults to
   * `POST /crm/api/user/refresh-token` with `{ refresh_token }`, answering `{ token, refresh_token? }`.
   */
  refreshToken?: RefreshTokens;
  /** Called for 429 answers asking for a captcha (`ApiError` kind `captcha` or `hard_captcha`). */
  onCaptcha?: (error: ApiError) => void | Promise<void>;
  /**
   * Solves the captcha a 429 asks for (shows the challenge); given, the call is sent once more
   * with the solution in `X-Captcha` and only a second 429 (or a null solution) fails the call.
   */
  solveCaptcha?: SolveCaptcha;
  /** Called when a call finally fails with 401 (after the one refresh, if any). */
  onUnauthorized?: (error: ApiError) => void | Promise<void>;
  /** Lets the tour call answer with its redirect instead of failing with 'Illegal redirect'. */
  allowRedirects?: boolean;
  /** Sends the client role header (on by default, docs/product.md, Roles). */
  sendClientRole?: boolean;
  /** Custom fetch, for SSR or tests. */
  fetch?: FetchLike;
  /** Milliseconds before a call fails with kind `timeout`; 0 turns it off. Default 30 000. */
  timeout?: number;
}

/** Price conversions are cached this long per (from_currency, to_currency, amount). */
export const CONVERT_PRICE_TTL_MS = 60_000;
export const DEFAULT_TIMEOUT_MS = 30_000;

// openapi-fetch's own init parameter: optional when nothing in it is required.
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** What a successful call resolves to with `throwOnError: true`: failures reject, so no `error`. */
export type Answer<R> = Omit<Extract<R, { data: unknown }>, 'error'>;

/**
 * The `error` of a 2xx redirect answer the client refuses: a sign-in's `{ type: 'redirect', url }`
 * and the tour's 'Illegal redirect' (docs/product.md, Errors).
 */
export interface RedirectErrorBody {
  message: string;
  type: 'redirect';
  url: string;
}

/**
 * What a call resolves to by default: openapi-fetch's `{ data, error, response }`, `error` being
 * the contract's error answers of the operation (plus `RedirectErrorBody` where the client refuses
 * a redirect).
 */
export type GallopResult<Path extends keyof paths, Method extends HttpMethod, Init> =
  | FetchResponse<OperationOf<Path, Method>, Init, MediaType>
  | (Path extends RedirectingPath
      ? { data?: never; error: RedirectErrorBody; response: Response }
      : never);

/** The operation object of a path and method of the contract. */
export type OperationOf<Path extends keyof paths, Method extends HttpMethod> = Extract<
  paths[Path][Method],
  Record<string | number, unknown>
>;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/** `Actual` where every key that `Allowed` lacks becomes `never`, so an extra key fails to compile. */
type Exactly<Actual, Allowed> = [Actual] extends [object]
  ? [Allowed] extends [object]
    ? Actual & Record<Exclude<keyof Actual, KeysOfUnion<Allowed>>, never>
    : Actual
  : Actual;

type Member<T, Key extends PropertyKey> = NonNullable<
  T extends { [K in Key]?: infer Value } ? Value : never
>;

/**
 * openapi-fetch infers the init object, so a misspelt parameter next to a correct one would pass.
 * This also refuses unknown names in `params.query`, `params.path` and the JSON `body`.
 */
type ExactInit<Init, Allowed> = Init & {
  params?: Exactly<
    {
      [K in keyof Member<Init, 'params'>]: K extends 'query' | 'path'
        ? Exactly<Member<Init, 'params'>[K], Member<Member<Allowed, 'params'>, K>>
        : Member<Init, 'params'>[K];
    },
    Member<Allowed, 'params'>
  >;
  body?: Exactly<Member<Init, 'body'>, Member<Allowed, 'body'>>;
};

/** One call of the client: the result follows the mode (`ThrowOnError`). */
export type GallopMethod<Method extends HttpMethod, ThrowOnError extends boolean = false> = <
  Path extends PathsWithMethod<paths, Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
>(
  url: Path,
  ...init: InitParam<ExactInit<Init, MaybeOptionalInit<paths[Path], Method>>>
) => Promise<
  ThrowOnError extends true
    ? Answer<FetchResponse<OperationOf<Path, Method>, Init, MediaType>>
    : GallopResult<Path, Method, Init>
>;

type MethodName = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/**
 * The typed client, openapi-fetch's `Client<paths>`. By default its calls resolve to
 * `{ data, error, response }`; with `throwOnError: true` (`GallopClient<true>`) to
 * `{ data, response }`, rejecting with `ApiError`. `GallopClient<boolean>` is either.
 */
export type GallopClient<ThrowOnError extends boolean = false> = Omit<
  Client<paths>,
  MethodName | 'request'
> & {
  GET: GallopMethod<'get', ThrowOnError>;
  PUT: GallopMethod<'put', ThrowOnError>;
  POST: GallopMethod<'post', ThrowOnError>;
  DELETE: GallopMethod<'delete', ThrowOnError>;
  OPTIONS: GallopMethod<'options', ThrowOnError>;
  HEAD: GallopMethod<'head', ThrowOnError>;
  PATCH: GallopMethod<'patch', ThrowOnError>;
  TRACE: GallopMethod<'trace', ThrowOnError>;
  /** The token store the client reads and refreshes. */
  readonly tokenStore: TokenStore;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * `POST /crm/api/user/refresh-token` with `{ refresh_token }` and the current headers; the answer
 * is `{ token, refresh_token? }`. Without a refresh token there is nothing to send: it fails.
 */
export function defaultRefreshToken(
  baseUrl: string,
  fetch: FetchLike,
  headers: HeaderOptions,
): RefreshTokens {
  return async (current: AuthTokens) => {
    if (!current.refreshToken) throw new Error('No refresh token');
    const request = new Request(`${baseUrl.replace(/\/+$/, '')}${REFRESH_TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refresh_token: current.refreshToken }),
    });
    await applyGallopHeaders(request, headers);
    const response = await fetch(request);
    const body = await readBody(response);
    if (!response.ok) throw errorFromAnswer(request, response, body);
    if (!isRecord(body) || typeof body.token !== 'string' || body.token === '') {
      throw new ApiError({
        kind: 'http',
        status: response.status,
        message: 'No token in the answer',
      });
    }
    const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : null;
    return { token: body.token, refreshToken: refreshToken ?? current.refreshToken };
  };
}

/**
 * Creates the typed API client; works in the browser and in Node (SSR). Its calls follow
 * openapi-fetch's contract unless `throwOnError: true` (see `GallopClientOptions.throwOnError`).
 */
export function createGallopClient<ThrowOnError extends boolean = false>(
  options: GallopClientOptions<ThrowOnError>,
): GallopClient<ThrowOnError> {
  const fetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const tokenStore = options.tokenStore ?? createMemoryTokenStore();
  const headers: HeaderOptions = {
    locale: options.locale,
    currency: options.currency,
    tokenStore,
    sendClientRole: options.sendClientRole,
  };
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch });
  const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
  // openapi-fetch runs onRequest in this order and onResponse in reverse: the refresh retry
  // happens first and the error mapping sees the final answer.
  client.use(
    errorMappingMiddleware({
      allowRedirects: options.allowRedirects,
      onCaptcha: options.onCaptcha,
      onUnauthorized: options.onUnauthorized,
    }),
    gallopHeaders(headers),
    // After the headers (the copy it keeps has them) and before the timeout (the visitor may
    // take a while with the captcha: the retry gets a deadline of its own).
    ...(options.solveCaptcha
      ? [
          captchaRetryMiddleware({
            solve: options.solveCaptcha,
            prepare: (request) => applyGallopHeaders(request, headers),
            timeout,
          }),
        ]
      : []),
    responseCacheMiddleware({
      paths: [CONVERT_PRICE_PATH],
      keyParams: ['from_currency', 'to_currency', 'amount'],
      ttlMs: CONVERT_PRICE_TTL_MS,
    }),
    latestOnlyMiddleware([COMPLETION_PATH]),
    ...(timeout > 0 ? [timeoutMiddleware(timeout)] : []),
    authRefreshMiddleware({
      tokenStore,
      refresh: options.refreshToken ?? defaultRefreshToken(options.baseUrl, fetch, headers),
    }),
  );
  // The middleware throws an ApiError for every failure; by default, those with an answer
  // resolve as openapi-fetch's `{ error, response }` instead.
  const calls = options.throwOnError ? client : resolvingFailedAnswers(client);
  return Object.assign(calls as unknown as Omit<GallopClient<ThrowOnError>, 'tokenStore'>, {
    tokenStore,
  });
}
