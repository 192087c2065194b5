import type { GallopClient } from '@gallop/api-client';
import { DEFAULT_LOCALE, type Locale } from '@gallop/i18n';
import { QueryClient } from '@tanstack/react-query';
import { createRouter, createRouterConfig } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import { keepSocialLinks } from './features/layout/api';
import type { VisitorPreferences } from './lib/visitor';
import { bookingBaseRewrite, DEFAULT_BOOKING_BASE } from './lib/booking-base';
import {
  apiErrorSerializationAdapter,
  getErrorStatus,
  httpErrorSerializationAdapter,
} from './lib/http-error';
import { defaultSiteConfig, type SiteConfig } from './lib/site';
import { routeTree } from './routeTree.gen';
import {
  preloadErrorPages,
  renderedErrorPage,
  RouteErrorPage,
} from './routes/-error/lazy-error-pages';
import { loadSlugPage, renderedSlugPage, type SlugPageKind } from './routes/-slug/slug-pages';

export interface RouterContext {
  queryClient: QueryClient;
  /** The API client of this request (server) or of the page (browser): see `src/lib/api.ts`. */
  api: GallopClient<true>;
  site: SiteConfig;
  locale: Locale;
  /** The visitor's stored choices (currency, cookie alert), read by the server from cookies. */
  visitor: VisitorPreferences;
}

/** Router-wide settings TanStack types through `Register['config']`. */
export const routerConfig = createRouterConfig({
  serializationAdapters: [httpErrorSerializationAdapter, apiErrorSerializationAdapter],
});

export interface AppRouterOptions {
  api: GallopClient<true>;
  /** Server: read from its environment. Browser: the defaults, replaced while hydrating. */
  site?: SiteConfig;
  locale?: Locale;
  visitor?: VisitorPreferences;
  /** Server: this page's CSP nonce, put on every script the SSR writes (server/security-headers.ts). */
  nonce?: string;
}

/** What the server hands to the browser with the page. */
type DehydratedContext = Pick<RouterContext, 'site' | 'locale' | 'visitor'> & {
  /** The `/{slug}` page module the server rendered, loaded before hydrating. */
  slugPage?: SlugPageKind | undefined;
  /** Set when the server rendered an error page: its chunk loads before hydrating. */
  errorPage?: true;
};

/**
 * One router and one QueryClient per server request, and one of each in the browser.
 * The server passes the site config read from its environment; the browser starts with the
 * defaults and takes the server's values while hydrating, before the first render.
 */
export function createAppRouter({
  api,
  site = defaultSiteConfig,
  locale = DEFAULT_LOCALE,
  visitor = { cookieAlertDismissed: false, favouriteTourIds: [] },
  nonce,
}: AppRouterOptions) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change by asking again; a network blip might.
        retry: (failureCount, error) =>
          failureCount < 2 && getErrorStatus(error) >= 500 && typeof window !== 'undefined',
      },
    },
  });
  keepSocialLinks(queryClient, api);
  const context: RouterContext = { queryClient, api, site, locale, visitor };
  // Not part of createRouter's typed options (TanStack Start passes them); the router reads them.
  const ssrOptions = { serializationAdapters: routerConfig.serializationAdapters };
  const router = createRouter({
    ...ssrOptions,
    // The browser reads the nonce back from the page's `csp-nonce` meta while hydrating.
    ...(nonce ? { ssr: { nonce } } : {}),
    routeTree,
    context,
    scrollRestoration: true,
    // `{base}` of the booking pages: `/trips/12` is the `/booking/$id` route (src/lib/booking-base.ts).
    rewrite: bookingBaseRewrite(() => context.site.bookingBasePath ?? DEFAULT_BOOKING_BASE),
    defaultPreload: 'intent',
    // react-query decides when data is stale; the router always asks it.
    defaultPreloadStaleTime: 0,
    // A route that fails shows the error page chosen by the error's status.
    defaultErrorComponent: RouteErrorPage,
    dehydrate: (): DehydratedContext => ({
      site: context.site,
      locale: context.locale,
      visitor: context.visitor,
      slugPage: renderedSlugPage(router.state.matches),
      ...(renderedErrorPage(router.state.matches) ? { errorPage: true as const } : {}),
    }),
    // The server's values, before anything renders; the page modules load below.
    hydrate: ({ slugPage: _slugPage, errorPage: _errorPage, ...dehydrated }: DehydratedContext) => {
      Object.assign(context, dehydrated);
    },
  });
  setupRouterSsrQueryIntegration({ router, queryClient });
  // The page modules the server rendered load before the router hydrates the matches, and after
  // the query integration has taken the server's queries in: a failed query arrives as a rejected
  // promise, which must not wait unhandled while a chunk downloads.
  const hydrateContextAndQueries = router.options.hydrate;
  router.options.hydrate = async (dehydrated: DehydratedContext) => {
    await hydrateContextAndQueries?.(dehydrated);
    await Promise.all([
      dehydrated.slugPage ? loadSlugPage(dehydrated.slugPage) : undefined,
      dehydrated.errorPage ? preloadErrorPages() : undefined,
    ]);
  };
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
    config: typeof routerConfig;
  }
}
