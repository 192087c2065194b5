import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';

/** Locale properties sent with every call (spec section 3, "Locale properties"). */
export interface ClientLocale {
  /** Locale iso, sent as `X-Language` (for example `en`). */
  iso: string;
  /** Localization id, sent as `X-Localization`. */
  localizationId: string | number;
}

export interface GallopClientOptions {
  /** API origin, for example `http://127.0.0.1:4000`; from runtime configuration. */
  baseUrl: string;
  locale: ClientLocale | (() => ClientLocale);
  currency: string | (() => string);
  /** Returns the access token, if any; sent as `X-Authorization: Bearer <token>`. */
  getToken?: () => string | null | undefined;
  /** Sends the client role header (on by default, spec section 6). */
  sendClientRole?: boolean;
  /** Custom fetch, for SSR or tests. */
  fetch?: typeof globalThis.fetch;
}

/** Name and value of the client role header that every call carries by default. */
export const CLIENT_ROLE_HEADER = 'X-Client-Role';
export const CLIENT_ROLE = 'client';

const read = <T>(value: T | (() => T)): T =>
  typeof value === 'function' ? (value as () => T)() : value;

/** Middleware that adds the spec's headers: language, localization, currency, auth, role. */
export function gallopHeaders(options: GallopClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const locale = read(options.locale);
      request.headers.set('X-Language', locale.iso);
      request.headers.set('X-Localization', String(locale.localizationId));
      request.headers.set('X-Currency', read(options.currency));
      const token = options.getToken?.();
      if (token) request.headers.set('X-Authorization', `Bearer ${token}`);
      if (options.sendClientRole ?? true) request.headers.set(CLIENT_ROLE_HEADER, CLIENT_ROLE);
      return request;
    },
  };
}

export type GallopClient = Client<paths>;

/** Creates the typed API client; works in the browser and in Node (SSR). */
export function createGallopClient(options: GallopClientOptions): GallopClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(gallopHeaders(options));
  return client;
}
