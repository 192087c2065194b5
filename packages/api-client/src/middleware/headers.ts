import type { Middleware } from 'openapi-fetch';
import type { TokenStore } from '../tokens';

/** Locale properties sent with every call (docs/product.md, Entities, "Locale properties"). */
export interface ClientLocale {
  /** Locale iso, sent as `X-Language` (for example `en`). */
  iso: string;
  /** Localization id, sent as `X-Localization`. */
  localizationId: string | number;
}

/** A value, or a function read on every call (cookies and stores change). */
export type Live<T> = T | (() => T);

export interface HeaderOptions {
  locale: Live<ClientLocale>;
  currency: Live<string>;
  tokenStore: TokenStore;
  /** Sends the client role header (on by default, docs/product.md, Roles). */
  sendClientRole?: boolean | undefined;
}

/** Name and value of the client role header that every call carries by default. */
export const CLIENT_ROLE_HEADER = 'X-Client-Role';
export const CLIENT_ROLE = 'client';
export const AUTHORIZATION_HEADER = 'X-Authorization';

const readLive = <T>(value: Live<T>): T =>
  typeof value === 'function' ? (value as () => T)() : value;

export const bearer = (token: string): string => `Bearer ${token}`;

/**
 * Sets the site headers (docs/product.md, Calls) on a request: language, localization, currency,
 * role, auth.
 */
export async function applyGallopHeaders(request: Request, options: HeaderOptions): Promise<void> {
  const locale = readLive(options.locale);
  request.headers.set('X-Language', locale.iso);
  request.headers.set('X-Localization', String(locale.localizationId));
  request.headers.set('X-Currency', readLive(options.currency));
  if (options.sendClientRole ?? true) request.headers.set(CLIENT_ROLE_HEADER, CLIENT_ROLE);
  const { token } = await options.tokenStore.get();
  if (token) request.headers.set(AUTHORIZATION_HEADER, bearer(token));
}

/** Middleware that adds the spec's headers to every call. */
export function gallopHeaders(options: HeaderOptions): Middleware {
  return {
    async onRequest({ request }) {
      await applyGallopHeaders(request, options);
      return request;
    },
  };
}
