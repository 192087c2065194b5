import { QueryClient } from '@tanstack/react-query';
import { createRouter, createRouterConfig } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { ErrorPage } from './features/errors/components/error-page/error-page';
import { getErrorStatus, httpErrorSerializationAdapter } from './features/errors/http-error';
import { defaultSiteConfig, type SiteConfig } from './lib/site';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  site: SiteConfig;
}

/** Router-wide settings TanStack types through `Register['config']`. */
export const routerConfig = createRouterConfig({
  serializationAdapters: [httpErrorSerializationAdapter],
});

/**
 * One router and one QueryClient per server request, and one of each in the browser.
 * The server passes the site config read from its environment; the browser starts with the
 * defaults and takes the server's values while hydrating, before the first render.
 */
export function createAppRouter(site: SiteConfig = defaultSiteConfig) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000 } },
  });
  const context: RouterContext = { queryClient, site };
  // Not part of createRouter's typed options (TanStack Start passes them); the router reads them.
  const ssrOptions = { serializationAdapters: routerConfig.serializationAdapters };
  const router = createRouter({
    ...ssrOptions,
    routeTree,
    context,
    scrollRestoration: true,
    defaultPreload: 'intent',
    // react-query decides when data is stale; the router always asks it.
    defaultPreloadStaleTime: 0,
    // A route that fails shows the error page chosen by the error's status (HttpError).
    defaultErrorComponent: ({ error }) => <ErrorPage status={getErrorStatus(error)} />,
    dehydrate: () => ({ site: context.site }),
    hydrate: (dehydrated: { site: SiteConfig }) => {
      context.site = dehydrated.site;
    },
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
    config: typeof routerConfig;
  }
}
