import type { GallopClient, TokenStore } from '@gallop/api-client';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/**
 * A `GallopClient<true>` whose calls wait for `client`, a client still loading. The browser's first
 * paint and hydration make no API calls (the server's answers come with the page), so the
 * client and openapi-fetch load in their own chunk instead of the first-load bundle (issue 7).
 * The token store is there at once: the session reads it while hydrating.
 */
export function deferredApiClient(
  client: Promise<GallopClient<true>>,
  tokenStore: TokenStore,
): GallopClient<true> {
  const deferred: Record<string, unknown> = {
    tokenStore,
    use: (...middleware: Parameters<GallopClient<true>['use']>) =>
      void client.then((loaded) => loaded.use(...middleware)),
    eject: (...middleware: Parameters<GallopClient<true>['eject']>) =>
      void client.then((loaded) => loaded.eject(...middleware)),
  };
  for (const method of METHODS) {
    deferred[method] = (...args: unknown[]) =>
      client.then((loaded) => (loaded[method] as (...init: unknown[]) => unknown)(...args));
  }
  return deferred as unknown as GallopClient<true>;
}
