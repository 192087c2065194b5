/** The browser's API client, loaded in its own chunk: `createBrowserApiClient` in `./api`. */
import {
  createGallopClient,
  type ClientLocale,
  type GallopClient,
  type SolveCaptcha,
  type TokenStore,
} from '@gallop/api-client';
import { readCurrencyCookie, resolveCurrency } from '@gallop/currency';

/**
 * The captcha a 429 asks for, shown in a dialog; the call then goes again with the solution
 * (decision 094). The dialog and the widget load only when needed.
 */
const solveCaptcha: SolveCaptcha = async (kind) => {
  const { showCaptcha } = await import('../components/captcha-challenge/show-captcha');
  return showCaptcha(kind);
};

/** Same origin (the web server proxies); the currency cookie is read on every call. */
export function createGallopBrowserClient(
  locale: () => ClientLocale,
  tokenStore: TokenStore,
): GallopClient {
  return createGallopClient({
    baseUrl: window.location.origin,
    locale,
    currency: () => resolveCurrency(readCurrencyCookie()),
    tokenStore,
    solveCaptcha,
  });
}
