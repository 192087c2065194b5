import type { MiddlewareHandler } from 'hono';
import { pickEncoding } from './compression';

/**
 * A short-lived cache of rendered pages ("micro-caching"): identical requests within a few
 * seconds get the bytes rendered for the first one instead of another render and API round trip.
 * A busy tour page or a crawler burst then costs one render per TTL instead of one per request.
 *
 * The key holds everything a page may depend on: the address, the whole `Cookie` header (currency,
 * favourites, cookie alert, and any session token: a visitor only ever gets pages rendered for
 * their own cookies), `Accept-Language`, the response encoding and the `varyHeaders` (the edge's
 * country header: a page is in the visitor's country's units and currency). Only complete 200 answers without
 * `Set-Cookie` and without `Cache-Control: private` or `no-store` are kept. The catalogue changes far more slowly than the TTL.
 */
export interface PageCacheOptions {
  /** How long a page is reused, in milliseconds; 0 turns the cache off. */
  ttlMs: number;
  /** Most bytes kept at once; the oldest entries go first. */
  maxBytes?: number;
  /** Request headers a page also depends on (lower case), e.g. the edge's country header. */
  varyHeaders?: readonly string[];
  now?: () => number;
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  expiresAt: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Pages above this size are not kept: one odd page must not push out hundreds of others. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

export function pageCacheKey(
  request: Request,
  encoding: string,
  varyHeaders: readonly string[] = [],
): string {
  const url = new URL(request.url);
  const headers = request.headers;
  return [
    encoding,
    `${url.pathname}${url.search}`,
    headers.get('Accept-Language') ?? '',
    headers.get('Cookie') ?? '',
    ...varyHeaders.map((name) => headers.get(name) ?? ''),
  ].join('\n');
}

export function pageCache({
  ttlMs,
  maxBytes = DEFAULT_MAX_BYTES,
  now = Date.now,
  varyHeaders = [],
}: PageCacheOptions): MiddlewareHandler {
  // A Map keeps insertion order: the first entries are the oldest.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;

  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.body.byteLength;
  };
  const remember = (key: string, page: CachedPage) => {
    forget(key);
    pages.set(key, page);
    bytes += page.body.byteLength;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return async (c, next) => {
    if (ttlMs <= 0 || c.req.method !== 'GET') return next();
    // Keyed by the encoding compression will pick for this request: a page kept for a client
    // that takes no compression is never the answer to one that takes brotli or gzip.
    const key = pageCacheKey(
      c.req.raw,
      pickEncoding(c.req.header('Accept-Encoding')) ?? 'identity',
      varyHeaders,
    );
    const page = pages.get(key);
    if (page && page.expiresAt <= now()) forget(key);
    else if (page) {
      c.res = new Response(page.body, { status: page.status, headers: page.headers });
      c.header('X-Page-Cache', 'hit');
      return;
    }

    await next();
    const response = c.res;
    if (response.status !== 200 || !response.body || response.headers.has('Set-Cookie')) return;
    // A signed-in page (bookings, settings) says `private`: right after a payment or a save it
    // must show the new state, not a render from a second ago. (Public pages say `no-cache` for
    // shared caches in front; this cache is the server's own and keeps them.)
    if (/\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '')) return;
    const [toClient, toCache] = response.body.tee();
    c.res = new Response(toClient, response);
    void collect(toCache).then((body) => {
      if (body && body.byteLength <= MAX_PAGE_BYTES) {
        remember(key, {
          status: response.status,
          headers: [...response.headers],
          body,
          expiresAt: now() + ttlMs,
        });
      }
    });
  };
}

/** Reads a whole body; undefined when the stream fails (the page is then simply not kept). */
async function collect(stream: ReadableStream<Uint8Array>): Promise<ArrayBuffer | undefined> {
  try {
    return await new Response(stream).arrayBuffer();
  } catch {
    return undefined;
  }
}
