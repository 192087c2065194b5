import type { MiddlewareHandler } from 'hono';
import { acceptsGzip } from './compression';
import { deflatePieces, gzipJoined } from './gzip-with-nonce';
import { createNonce as createCspNonce } from './security-headers';

/**
 * A short-lived cache of rendered pages ("micro-caching"): identical requests within a few
 * seconds get the bytes rendered for the first one instead of another render and API round trip.
 * A busy tour page or a crawler burst then costs one render per TTL instead of one per request.
 *
 * The key holds everything a page may depend on (`pageVaryHeaders`): the address, the whole
 * `Cookie` header (currency, favourites, cookie alert, and any session token: a visitor only ever
 * gets pages rendered for their own cookies), `Accept-Language` (the visitor's country, decision
 * 153) and the `varyHeaders` (the edge's country header: a page is in the visitor's country's units
 * and currency). Only complete 200 answers without `Set-Cookie`, without `Cache-Control: private`
 * or `no-store` are kept. The catalogue changes far more slowly than the TTL.
 *
 * A page's CSP nonce must be new for every answer, or anyone who saw it could run script in it:
 * a kept page remembers the nonce it was rendered with, and every hit gets a fresh one in the CSP
 * header and everywhere in the body (`nonce="…"` attributes, the `csp-nonce` meta). To read the
 * body, the cache sits inside the compression (server/app.ts) and keeps only uncompressed answers.
 * A hit is not compressed again: the page's pieces between its nonces are deflated once, and each
 * hit joins them around its fresh nonce into a gzip answer (server/gzip-with-nonce.ts); a client
 * that takes no gzip gets the plain page, which the compression then handles.
 */
export interface PageCacheOptions {
  /** How long a page is reused, in milliseconds; 0 turns the cache off. */
  ttlMs: number;
  /** Most bytes kept at once; the oldest entries go first. */
  maxBytes?: number;
  /** Request headers a page also depends on (lower case), e.g. the edge's country header. */
  varyHeaders?: readonly string[];
  now?: () => number;
  /** The fresh nonce of a page served from the cache (server/security-headers.ts by default). */
  createNonce?: () => string;
  /**
   * How long a request for a page being rendered waits for that render before rendering on its
   * own (a slow or failed render must not hold its followers for long).
   */
  coalesceWaitMs?: number;
}

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The CSP nonce the page was rendered with, when its CSP has one. */
  nonce: string | undefined;
  /** The body cut at every occurrence of `nonce` (one part when there is none). */
  parts: Buffer[];
  /** `parts` deflated one by one, made on the page's first gzip hit. */
  deflated?: Buffer[];
  byteLength: number;
  expiresAt: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Pages above this size are not kept: one odd page must not push out hundreds of others. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** The request headers a page depends on besides its address: the cache's key and the pages' `Vary`. */
export function pageVaryHeaders(varyHeaders: readonly string[] = []): string[] {
  return ['Accept-Language', 'Cookie', ...varyHeaders];
}

export function pageCacheKey(request: Request, varyHeaders: readonly string[] = []): string {
  const url = new URL(request.url);
  return [
    `${url.pathname}${url.search}`,
    ...pageVaryHeaders(varyHeaders).map((name) => request.headers.get(name) ?? ''),
  ].join('\n');
}

/** The nonce of a CSP's `'nonce-…'` source (server/security-headers.ts `pageCsp`). */
function cspNonceOf(headers: Headers): string | undefined {
  return /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1];
}

/** `body` cut at every occurrence of `nonce`: joining the parts with a nonce gives the page. */
function cutAtNonce(body: Buffer, nonce: string | undefined): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * A kept page as a new answer, with `nonce` in place of the one it was rendered with (the same
 * page when it has none), gzipped when `gzip` (the client takes it).
 */
function answerWithNonce(page: CachedPage, nonce: string | undefined, gzip: boolean): Response {
  const joint = Buffer.from(nonce ?? page.nonce ?? '');
  const oldSource = `'nonce-${page.nonce}'`;
  const headers = new Headers();
  for (const [name, value] of page.headers) {
    // The body's length changes with a nonce of another length; the server counts it again.
    if (name.toLowerCase() === 'content-length') continue;
    headers.append(
      name,
      page.nonce && nonce ? value.replaceAll(oldSource, `'nonce-${nonce}'`) : value,
    );
  }
  if (!gzip) {
    const body = Buffer.concat(
      page.parts.flatMap((part, index) => (index ? [joint, part] : [part])),
    );
    return new Response(body, { status: page.status, headers });
  }
  page.deflated ??= deflatePieces(page.parts);
  headers.set('Content-Encoding', 'gzip');
  const vary = headers.get('Vary');
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  return new Response(gzipJoined(page.parts, page.deflated, joint), {
    status: page.status,
    headers,
  });
}

export function pageCache({
  ttlMs,
  maxBytes = DEFAULT_MAX_BYTES,
  now = Date.now,
  varyHeaders = [],
  createNonce = createCspNonce,
  coalesceWaitMs = 3000,
}: PageCacheOptions): MiddlewareHandler {
  // A Map keeps insertion order: the first entries are the oldest.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;

  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.byteLength;
  };
  const remember = (key: string, page: CachedPage) => {
    forget(key);
    pages.set(key, page);
    bytes += page.byteLength;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  /** The renders under way, by key: the same page asked meanwhile waits for it (`settled`). */
  const rendering = new Map<string, Promise<void>>();
  /** The kept page of `key` while it is fresh. */
  const freshPage = (key: string) => {
    const page = pages.get(key);
    if (page && page.expiresAt <= now()) forget(key);
    else return page;
  };

  return async (c, next) => {
    if (ttlMs <= 0 || c.req.method !== 'GET') return next();
    const key = pageCacheKey(c.req.raw, varyHeaders);
    let page = freshPage(key);
    // When an entry expires, the visitors asking at that moment would each render the page (and
    // call the API): they wait for the one render under way instead, a bounded time.
    const inFlight = page ? undefined : rendering.get(key);
    if (inFlight) {
      await waitAtMost(inFlight, coalesceWaitMs);
      page = freshPage(key);
    }
    if (page) {
      const nonce = page.nonce ? createNonce() : undefined;
      c.res = answerWithNonce(page, nonce, acceptsGzip(c.req.header('Accept-Encoding')));
      c.header('X-Page-Cache', 'hit');
      return;
    }

    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    if (!inFlight) rendering.set(key, settled);
    const done = () => {
      if (rendering.get(key) === settled) rendering.delete(key);
      settle();
    };
    try {
      await next();
    } catch (error) {
      done();
      throw error;
    }
    const response = c.res;
    if (!keepable(response) || !response.body) return done();
    const [toClient, toCache] = response.body.tee();
    c.res = new Response(toClient, response);
    const nonce = cspNonceOf(response.headers);
    void collect(toCache).then((body) => {
      if (body && body.byteLength <= MAX_PAGE_BYTES) {
        const bodyBytes = Buffer.from(body);
        remember(key, {
          status: response.status,
          headers: [...response.headers],
          nonce,
          parts: cutAtNonce(bodyBytes, nonce),
          byteLength: bodyBytes.byteLength,
          expiresAt: now() + ttlMs,
        });
      }
      done();
    });
  };
}

/**
 * Whether an answer may be kept: a complete 200 without `Set-Cookie`, not personal, not
 * compressed.
 */
function keepable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has('Set-Cookie')) return false;
  // A signed-in page (bookings, settings) says `private`: right after a payment or a save it
  // must show the new state, not a render from a second ago. (Public pages say `no-cache` for
  // shared caches in front; this cache is the server's own and keeps them.)
  if (/\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  // A compressed body hides its nonce: it could not be renewed, so the page is not kept.
  return !response.headers.has('Content-Encoding');
}

/** Resolves when `promise` does or after `ms`, whichever comes first. */
async function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Reads a whole body; undefined when the stream fails (the page is then simply not kept). */
async function collect(stream: ReadableStream<Uint8Array>): Promise<ArrayBuffer | undefined> {
  try {
    return await new Response(stream).arrayBuffer();
  } catch {
    return undefined;
  }
}
