/** The browser's API client, loaded in its own chunk: `createBrowserApiClient` in `./api`. */
import {
  createGallopClient,
  type ClientLocale,
  type GallopClient,
  type TokenStore,
} from '@gallop/api-client';
import { readCurrencyCookie, resolveCurrency } from '@gallop/currency';

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
  });
}
