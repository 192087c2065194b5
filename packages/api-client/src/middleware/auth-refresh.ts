import type { Middleware } from 'openapi-fetch';
import { errorFromFailure } from '../error-answers';
import type { AuthTokens, TokenStore } from '../tokens';
import { AUTHORIZATION_HEADER, bearer } from './headers';

/** Gets new tokens; throws (or rejects) when the refresh fails. */
export type RefreshTokens = (current: AuthTokens) => Promise<AuthTokens>;

export interface AuthRefreshOptions {
  tokenStore: TokenStore;
  refresh: RefreshTokens;
}

const sentToken = (request: Request): string | undefined =>
  request.headers.get(AUTHORIZATION_HEADER)?.replace(/^Bearer\s+/i, '') || undefined;

/**
 * docs/product.md, Calls, "401, refresh, one retry": a 401 answer to a call sent with a token
 * triggers one token refresh and one retry. Concurrent 401s share a single refresh; a call whose
 * token was already replaced is retried with the new token without another refresh. If the refresh
 * fails, the token and the refresh token are cleared and the original 401 is passed on. Each call
 * is retried at most once: the retry goes straight to `fetch`, past this middleware.
 */
export function authRefreshMiddleware({ tokenStore, refresh }: AuthRefreshOptions): Middleware {
  const retryable = new Map<string, { retry: Request; token: string }>();
  let pending: Promise<string | null> | null = null;

  const tokenAfterRefresh = (failedToken: string): Promise<string | null> => {
    // Assigned synchronously, so 401s arriving together all join the same promise.
    pending ??= (async () => {
      const current = await tokenStore.get();
      // Already refreshed by an earlier 401 (retry with it), or cleared (give up).
      if (current.token !== failedToken) return current.token;
      try {
        const next = await refresh(current);
        if (!next.token) throw new Error('The refresh answer has no token');
        await tokenStore.set(next);
        return next.token;
      } catch {
        await tokenStore.clear();
        return null;
      }
    })().finally(() => {
      pending = null;
    });
    return pending;
  };

  return {
    onRequest({ request, id }) {
      const token = sentToken(request);
      // Only calls sent with a token can be retried, so only they pay for a copy of the body.
      if (token) retryable.set(id, { retry: request.clone(), token });
      return undefined;
    },
    async onResponse({ response, id, options }) {
      const entry = retryable.get(id);
      retryable.delete(id);
      if (!entry || response.status !== 401) return undefined;
      const token = await tokenAfterRefresh(entry.token);
      if (!token) return undefined;
      entry.retry.headers.set(AUTHORIZATION_HEADER, bearer(token));
      try {
        return await options.fetch(entry.retry);
      } catch (error) {
        throw errorFromFailure(entry.retry, error);
      }
    },
    onError({ id }) {
      retryable.delete(id);
      return undefined;
    },
  };
}
