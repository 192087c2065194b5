import type { Middleware } from 'openapi-fetch';

export interface ResponseCacheOptions {
  /** Schema paths whose successful GET answers are cached. */
  paths: readonly string[];
  /** Query parameters that identify an answer. */
  keyParams: readonly string[];
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  now?: () => number;
}

const DROPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding']);

interface CachedAnswer {
  expiresAt: number;
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * Caches successful GET answers per path and key parameters for `ttlMs` (docs/product.md, Calls:
 * `/node-api/convert-price` is cached 60 s per (from_currency, to_currency, amount)).
 */
export function responseCacheMiddleware(options: ResponseCacheOptions): Middleware {
  const { paths, keyParams, ttlMs, maxEntries = 500, now = Date.now } = options;
  const cache = new Map<string, CachedAnswer>();
  const keyOf = (request: Request, schemaPath: string): string | undefined => {
    if (request.method !== 'GET' || !paths.includes(schemaPath)) return undefined;
    const query = new URL(request.url).searchParams;
    return JSON.stringify([schemaPath, ...keyParams.map((name) => query.get(name))]);
  };
  return {
    onRequest({ request, schemaPath }) {
      const key = keyOf(request, schemaPath);
      const hit = key === undefined ? undefined : cache.get(key);
      if (!key || !hit) return undefined;
      if (hit.expiresAt <= now()) {
        cache.delete(key);
        return undefined;
      }
      return new Response(hit.body, { status: hit.status, headers: hit.headers });
    },
    async onResponse({ request, response, schemaPath }) {
      const key = keyOf(request, schemaPath);
      if (!key || !response.ok) return undefined;
      const body = await response.clone().text();
      cache.delete(key);
      cache.set(key, {
        expiresAt: now() + ttlMs,
        status: response.status,
        // The body is stored decoded: its original length and encoding no longer apply.
        headers: [...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)),
        body,
      });
      for (const oldest of cache.keys()) {
        if (cache.size <= maxEntries) break;
        cache.delete(oldest);
      }
      return undefined;
    },
  };
}
