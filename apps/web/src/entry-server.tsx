import type { AnyRouter, Manifest } from '@tanstack/react-router';
import {
  createRequestHandler,
  defaultStreamHandler,
  normalizeSsrResponse,
  type HandlerCallbackResult,
} from '@tanstack/react-router/ssr/server';
import { resolveLocale } from '@gallop/i18n';
import {
  sessionCookies,
  signedInCookie,
  signedInFromCookieHeader,
  tokensFromCookieHeader,
  type SessionTokens,
} from '@gallop/session';
import { createRequestTokenStore } from './lib/session-tokens';
import { visitorFromCookies } from './lib/visitor';
import { resolveVisitorCountry } from './lib/visitor-country-server';
import { createServerApiClient } from './lib/api';
import { offeredCurrencies } from './lib/site-info';
import { getErrorStatus } from './lib/http-error';
import { preloadLazyComponents } from './lib/lazy-component';
import type { SiteConfig } from './lib/site';
import { createAppRouter } from './router';

/** TanStack Router's asset manifest: per route id, its preloads, scripts and stylesheets. */
export type RouterManifest = Pick<Manifest, 'routes'>;

export interface RenderOptions {
  request: Request;
  manifest: RouterManifest;
  site: SiteConfig;
  /** The API the server calls (`API_URL`); the default is http://127.0.0.1:4000. */
  apiUrl?: string | undefined;
  /** Tests stand in for the API with their own fetch. */
  apiFetch?: (request: Request) => Promise<Response>;
  /** The page's CSP nonce (server/security-headers.ts): on every script the render writes. */
  nonce?: string | undefined;
  /**
   * The visitor came over https, as the web server decides it (a trusted proxy's
   * X-Forwarded-Proto, else the connection): session cookies are then Secure.
   */
  secure?: boolean | undefined;
  /**
   * The web server's session refresh (server/session-proxy.ts), shared with its proxy so that a
   * page and the calls racing it spend a refresh token once; rejects when refused. Without it the
   * client refreshes with the API itself.
   */
  refreshSession?: ((refreshToken: string) => Promise<SessionTokens>) | undefined;
  /** The visitor's address, told to the API with every call of the render (its limits). */
  visitorAddress?: string | undefined;
  /**
   * The header a trusted edge puts the visitor's country in (`COUNTRY_IP_HEADER`): passed on to
   * the API with every call of the render, so the page is in the visitor's units and currency.
   */
  countryIpHeader?: string | undefined;
}

/**
 * Renders one request: a fresh router and QueryClient, loaders run, then the document streams
 * with the dehydrated state. The status is the router's (200, 404 for not-found, 500) unless a
 * loader threw an error carrying its own status (403, 410, 503 ...).
 */
export async function render({
  request,
  manifest,
  site,
  apiUrl,
  apiFetch,
  nonce,
  secure = new URL(request.url).protocol === 'https:',
  refreshSession,
  visitorAddress,
  countryIpHeader,
}: RenderOptions): Promise<Response> {
  const { locale } = resolveLocale({
    pathname: new URL(request.url).pathname,
    cookie: request.headers.get('cookie'),
    acceptLanguage: request.headers.get('accept-language'),
  });
  const cookieHeader = request.headers.get('cookie');
  const tokenStore = createRequestTokenStore(cookieHeader);
  // Filled in below, before anything renders, and handed to the browser with the page.
  const visitor = visitorFromCookies(cookieHeader);
  // Read at each call, once the router (and the site info in its queries) exists: a cookie naming
  // a currency without a rate renders in an offered one (decision 166).
  const offered = () => offeredCurrencies(router.options.context.queryClient, api);
  const api = createServerApiClient({
    apiUrl,
    request,
    locale,
    fetch: apiFetch,
    tokenStore,
    visitorAddress,
    countryIpHeader,
    defaultCurrency: () => visitor.defaultCurrency,
    offeredCurrencies: offered,
    ...(refreshSession
      ? {
          refreshToken: async ({ refreshToken }: SessionTokens) => {
            if (!refreshToken) throw new Error('No refresh token');
            return refreshSession(refreshToken);
          },
        }
      : {}),
  });
  const router = createAppRouter({ api, site, locale, visitor, ...(nonce ? { nonce } : {}) });
  // The visitor's country and currency decide every price and unit the page shows (decisions
  // 145, 153): known before the loaders ask for prices, from the site info the shell loads anyway.
  Object.assign(
    visitor,
    await resolveVisitorCountry(router.options.context.queryClient, api, request, countryIpHeader),
  );
  const response = await renderRouter({ request, manifest, createRouter: () => router });
  return withSessionCookies(response, tokenStore.changedTokens(), request, secure);
}

/**
 * Hands tokens the render refreshed (or cleared) back to the browser as HttpOnly cookies with
 * the signed-in marker, and keeps pages rendered for a signed-in visitor out of shared caches.
 * Token cookies without the marker (written by page scripts before the tokens moved to HttpOnly
 * cookies, or by tests) are written again, HttpOnly and marked; a marker left without tokens goes.
 */
export function withSessionCookies(
  response: Response,
  changed: SessionTokens | undefined,
  request: Request,
  secure: boolean,
): Response {
  const cookieHeader = request.headers.get('cookie');
  const signed = tokensFromCookieHeader(cookieHeader);
  const hasTokens = Boolean(signed.token || signed.refreshToken);
  const marked = signedInFromCookieHeader(cookieHeader);
  const cookies = changed
    ? sessionCookies(changed, { secure })
    : hasTokens && !marked
      ? sessionCookies(signed, { secure })
      : !hasTokens && marked
        ? [signedInCookie(false, { secure })]
        : [];
  if (cookies.length === 0 && !hasTokens) return response;
  const headers = new Headers(response.headers);
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  headers.set('cache-control', 'private, no-cache');
  return new Response(response.body, { status: response.status, headers });
}

/** `render` for any router (tests pass their own route trees). */
export async function renderRouter<TRouter extends AnyRouter>({
  request,
  manifest,
  createRouter,
}: {
  request: Request;
  manifest: RouterManifest;
  createRouter: () => TRouter;
}): Promise<Response> {
  // The footer and the error pages are chunks of their own in the browser; here they render
  // with the page, never as a streamed fallback.
  await preloadLazyComponents();
  const handler = createRequestHandler({
    request,
    createRouter,
    getRouterManifest: () => manifest,
  });
  // Streaming vs renderToString measured within ~10% on these pages (README, "SSR").
  return handler(async (context) =>
    withRobotsHeader(
      context.router,
      withErrorStatus(context.router, await defaultStreamHandler(context)),
    ),
  );
}

/**
 * A page whose head says `robots: noindex` (the meet, booking and order pages) says it in the
 * `X-Robots-Tag` header too, which also covers crawlers that do not read the HTML. Such a page is
 * someone's own, reached by a link with a secret or after signing in, and changes with what they
 * do on it (an answer, a save): it is `private, no-cache`, so neither the server's page cache nor
 * a shared cache in front keeps it. A kept one showed an organizer who opened the link again
 * within seconds of answering the question still open, and a saved meeting text the old one.
 */
function withRobotsHeader(router: AnyRouter, result: HandlerCallbackResult): HandlerCallbackResult {
  const robots = router.state.matches
    .flatMap(
      (match) => (match.meta ?? []) as Array<{ name?: string; content?: string } | undefined>,
    )
    .find((tag) => tag?.name === 'robots')?.content;
  if (!robots?.includes('noindex')) return result;
  const ssr = normalizeSsrResponse(result);
  ssr.response.headers.set('X-Robots-Tag', robots);
  ssr.response.headers.set('Cache-Control', 'private, no-cache');
  return ssr;
}

function withErrorStatus(router: AnyRouter, result: HandlerCallbackResult): HandlerCallbackResult {
  const failed = router.state.matches.find((match) => match.status === 'error');
  if (!failed) return result;
  const status = getErrorStatus(failed.error);
  const ssr = normalizeSsrResponse(result);
  if (ssr.response.status === status) return ssr;
  const { body, headers } = ssr.response;
  return { ...ssr, response: new Response(body, { status, headers }) };
}
