import type { Middleware } from 'openapi-fetch';
import { withExtraSignal } from './signal';

/**
 * Aborts a call that has no answer after `ms` milliseconds; it fails with an `ApiError` of kind
 * `timeout` (the signal's reason is a `TimeoutError`). A retry after a token refresh shares the
 * deadline of the original call.
 */
export function timeoutMiddleware(ms: number): Middleware {
  return {
    onRequest({ request }) {
      return withExtraSignal(request, AbortSignal.timeout(ms));
    },
  };
}
