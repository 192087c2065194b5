import { SESSION_CALLS } from './session-calls.gen';

/**
 * Whether the contract says `method path` needs a signed-in session (`security: bearerAuth` with
 * no anonymous choice). `path` is the contract's path, without the base URL or a query string.
 * A client that ends a session uses it to hold back the calls that could now only answer 401.
 */
export function needsSession(method: string, path: string): boolean {
  return SESSION_CALLS.has(`${method.toUpperCase()} ${path}`);
}
