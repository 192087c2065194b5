/** The browser's API client, loaded in its own chunk: `createBrowserApiClient` in `./api`. */
import {
  createGallopClient,
  type ClientLocale,
  type GallopClient,
  type SolveCaptcha,
  type TokenStore,
} from '@gallop/api-client';
import { readCurrencyCookie, resolveCurrency } from '@gallop/currency';
import { isCrossOrigin, readRuntimeConfig, type RuntimeConfig } from './runtime-config';
import { holdingSessionCalls } from './session-calls';
import { noticingEndedSession } from './session-ended';
import type { CookieSessionStore } from './session-tokens';

/**
 * The captcha a 429 asks for, shown in a dialog; the call then goes again with the solution
 * (decision 094). The dialog and the widget load only when needed.
 */
const solveCaptcha: SolveCaptcha = async (kind) => {
  const { showCaptcha } = await import('../components/captcha-challenge/show-captcha');
  return showCaptcha(kind);
};

/**
 * Calls go to the runtime API base, by default the page's own origin (the web server proxies);
 * another origin gets the visitor's cookies along (`credentials: 'include'`). The currency
 * cookie is read on every call. Calls that need the session wait out a sign-out
 * (`holdingSessionCalls`); a 401 that ended the session tells the page (`noticingEndedSession`).
 */
export function createGallopBrowserClient(
  locale: () => ClientLocale,
  tokenStore: TokenStore & Partial<Pick<CookieSessionStore, 'signedIn'>>,
  /** The currency of a visitor who chose none (their country's, `visitor-country.ts`). */
  defaultCurrency: () => string | undefined = () => undefined,
  /** The currencies the API offers, once the site info has come (`offeredCurrencies`). */
  offeredCurrencies: () => readonly string[] | undefined = () => undefined,
  { apiBaseUrl }: Pick<RuntimeConfig, 'apiBaseUrl'> = readRuntimeConfig(),
): GallopClient<true> {
  const crossOrigin = isCrossOrigin(apiBaseUrl, window.location.origin);
  const sendOnce = crossOrigin
    ? (request: Request) => fetch(new Request(request, { credentials: 'include' }))
    : (request: Request) => fetch(request);
  const { signedIn } = tokenStore;
  const send = signedIn ? noticingEndedSession(sendOnce, signedIn) : sendOnce;
  return createGallopClient({
    throwOnError: true,
    baseUrl: apiBaseUrl,
    locale,
    // A cookie naming a currency the API has no rate for is not sent: it would answer 422.
    currency: () =>
      resolveCurrency(readCurrencyCookie(), {
        localeCurrency: defaultCurrency(),
        available: offeredCurrencies(),
      }),
    tokenStore,
    solveCaptcha,
    fetch: holdingSessionCalls(send, new URL(apiBaseUrl, window.location.origin).pathname),
  });
}
