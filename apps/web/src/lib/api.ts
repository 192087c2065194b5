/**
 * The web app's API client (`@gallop/api-client`), one per server request and one in the browser.
 *
 * - It lives in the router context as `context.api`. Loaders and components pass it to the
 *   generated query option factories of `@gallop/api-client/query`:
 *
 *   ```ts
 *   loader: ({ context }) =>
 *     context.queryClient.ensureQueryData(listBestToursQueryOptions(context.api)),
 *   component: () => {
 *     const { api } = Route.useRouteContext();
 *     const { data } = useSuspenseQuery(listBestToursQueryOptions(api));
 *   },
 *   ```
 *   (in a feature component, `useApi()` below gives the same client.)
 *
 * - On the server it calls `API_URL` directly (default http://127.0.0.1:4000); in the browser it
 *   calls the page's own origin, which the web server forwards to the API (`server/proxy.ts`).
 * - Every call carries the visitor's currency (`X-Currency`, from the `i18n_currency` cookie;
 *   an empty or unknown cookie, or on the server one naming a currency the API does not offer,
 *   means the default: their country's currency when the site offers it, else USD,
 *   `visitor-country.ts`) and the locale headers (`X-Language`, `X-Localization`).
 *   In the browser the cookie is read on every call, so after a currency switch a refetch gets
 *   the new prices.
 * - On the server, every call also carries the visitor's country as the edge in front of the
 *   site sent it (`COUNTRY_IP_HEADER`, e.g. `CF-IPCountry`), as the browser's calls through the
 *   proxy do: the API answers the server's render for the visitor's country, not the default.
 * - Errors: the client is made with `throwOnError: true` (`GallopClient<true>`), so a failed
 *   call rejects with `ApiError` (the package's default resolves `{ error }` instead). A loader
 *   can let it through: the error page and the SSR status come from `getErrorStatus`
 *   (`src/lib/http-error.ts`): 404 -> 404 page, 410 -> 410 page, 403 -> 403, network failure /
 *   timeout / 5xx -> 503 page. Throw `new HttpError(status)` for statuses the answer itself does
 *   not carry (e.g. 410 for a tour whose dates have all passed).
 */
import {
  createGallopClient,
  type ClientLocale,
  type GallopClient,
  type RefreshTokens,
  type TokenStore,
} from '@gallop/api-client';
import { currencyFromCookieHeader, resolveCurrency } from '@gallop/currency';
import { DEFAULT_LOCALE, type Locale } from '@gallop/i18n';
import { TOKEN_STORAGE_KEY } from '@gallop/session';
import { useRouter } from '@tanstack/react-router';
import { deferredApiClient } from './deferred-api-client';
import { createCookieSessionStore } from './session-tokens';

/** Where the server reaches the API when `API_URL` is not set. */
const DEFAULT_API_URL = 'http://127.0.0.1:4000';

/** Server-side calls give up sooner than the client default: the visitor is waiting for HTML. */
const SSR_TIMEOUT_MS = 10_000;

/** Locale iso and localization id per locale (docs/product.md, Entities, "Locale properties"). */
const LOCALE_HEADERS: Record<Locale, ClientLocale> = {
  'en-US': { iso: 'en', localizationId: 1 },
  ru: { iso: 'ru', localizationId: 2 },
  de: { iso: 'de', localizationId: 3 },
  'zh-CN': { iso: 'zh', localizationId: 4 },
};

export function clientLocale(locale: Locale = DEFAULT_LOCALE): ClientLocale {
  return LOCALE_HEADERS[locale];
}

export interface ServerApiOptions {
  /** The web server's `API_URL`. */
  apiUrl?: string | undefined;
  /** The visitor's request: its cookies choose the currency. */
  request: Request;
  locale?: Locale | undefined;
  /** Tests pass their own fetch. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /** The visitor's tokens (from their cookies); signed out without it. */
  tokenStore?: TokenStore | undefined;
  /** How a 401 refreshes the session (the web server's shared refresh); the client's own without it. */
  refreshToken?: RefreshTokens | undefined;
  /**
   * The visitor's address as the web server decides it (server/proxy.ts `forwardedHeaders`),
   * sent as `X-Forwarded-For`: the API's per-address limits (search among them) count the
   * visitor, not the web server that renders every page.
   */
  visitorAddress?: string | undefined;
  /**
   * The header a trusted edge puts the visitor's country in (`COUNTRY_IP_HEADER`, the API's
   * setting too): passed on from the visitor's request to every call, so the API knows the
   * visitor's country for the server's render.
   */
  countryIpHeader?: string | undefined;
  /**
   * The currency of a visitor without a stored choice, read at every call: the render knows it
   * once the site info has come (`visitor-country.ts`); USD until then.
   */
  defaultCurrency?: (() => string | undefined) | undefined;
  /**
   * The currencies the API offers, read at every call: the render knows them once the site info
   * has come (`offeredCurrencies` in `site-info.ts`). A cookie naming another (a currency the
   * operator loaded no rate for) is not sent, or the API would answer 422.
   */
  offeredCurrencies?: (() => readonly string[] | undefined) | undefined;
}

/** `fetch` with the visitor's address and edge country on every call. */
function forwardingVisitor(
  forwarded: Record<string, string>,
  fetch: (request: Request) => Promise<Response> = globalThis.fetch,
): (request: Request) => Promise<Response> {
  return (request) => {
    const headers = new Headers(request.headers);
    for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
    return fetch(new Request(request, { headers }));
  };
}

/** The headers of the visitor's request that every call of its render passes on. */
function visitorHeaders(
  request: Request,
  visitorAddress: string | undefined,
  countryIpHeader: string | undefined,
): Record<string, string> {
  const country = countryIpHeader ? request.headers.get(countryIpHeader) : null;
  return {
    ...(visitorAddress ? { 'x-forwarded-for': visitorAddress } : {}),
    ...(countryIpHeader && country ? { [countryIpHeader.toLowerCase()]: country } : {}),
  };
}

/** The client for one server request (SSR): the visitor's currency from their cookie. */
export function createServerApiClient({
  apiUrl = DEFAULT_API_URL,
  request,
  locale,
  fetch,
  tokenStore,
  refreshToken,
  visitorAddress,
  countryIpHeader,
  defaultCurrency = () => undefined,
  offeredCurrencies = () => undefined,
}: ServerApiOptions): GallopClient<true> {
  const choice = currencyFromCookieHeader(request.headers.get('cookie'));
  const currency = () =>
    resolveCurrency(choice, { localeCurrency: defaultCurrency(), available: offeredCurrencies() });
  const forwarded = visitorHeaders(request, visitorAddress, countryIpHeader);
  const send = Object.keys(forwarded).length > 0 ? forwardingVisitor(forwarded, fetch) : fetch;
  return createGallopClient({
    throwOnError: true,
    baseUrl: apiUrl,
    locale: clientLocale(locale),
    currency,
    timeout: SSR_TIMEOUT_MS,
    ...(send ? { fetch: send } : {}),
    ...(tokenStore ? { tokenStore } : {}),
    ...(refreshToken ? { refreshToken } : {}),
  });
}

/**
 * The browser's client: same origin (the web server proxies), cookie read on every call. It
 * loads in its own chunk right away and calls wait for it (`deferredApiClient`): nothing calls
 * the API before hydration has finished, so it is no part of the first-load JS.
 *
 * It holds no tokens: they are HttpOnly cookies, which the web server turns into
 * `X-Authorization` and refreshes after a 401 (server/session-proxy.ts).
 */
export function createBrowserApiClient(
  locale: () => Locale = () => DEFAULT_LOCALE,
  defaultCurrency: () => string | undefined = () => undefined,
  offeredCurrencies: () => readonly string[] | undefined = () => undefined,
): GallopClient<true> {
  forgetStoredTokens();
  const tokenStore = createCookieSessionStore();
  const client = import('./browser-api-client').then(({ createGallopBrowserClient }) =>
    createGallopBrowserClient(
      () => clientLocale(locale()),
      tokenStore,
      defaultCurrency,
      offeredCurrencies,
    ),
  );
  return deferredApiClient(client, tokenStore);
}

/** Earlier versions kept a copy of the tokens in local storage: it goes. */
function forgetStoredTokens(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, policy): then nothing was stored either.
  }
}

/** The request's (or the browser's) API client, for components outside route files. */
export function useApi(): GallopClient<true> {
  return useRouter().options.context.api;
}
