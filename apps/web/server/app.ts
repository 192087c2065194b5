import path from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { RouterManifest, render } from '../src/entry-server';
import { runtimeConnectSources } from '../src/lib/runtime-config';
import type { SiteConfig } from '../src/lib/site';
import { serveBuildMeta, type BuildMeta } from './build-meta';
import { streamingCompression } from './compression';
import { oneClickUnfollow } from './one-click-unfollow';
import { pageCache, pageVaryHeaders } from './page-cache';
import {
  API_PATH_PREFIXES,
  API_EXACT_PATHS,
  forwardedHeaders,
  forwardToApi,
  TRUST_NO_PROXY,
  type ProxyTrust,
} from './proxy';
import { robotsTxt } from './robots';
import { createNonce, pageCsp, securityHeaders } from './security-headers';
import {
  CROSS_SITE_MESSAGE,
  STATE_CHANGING_METHODS,
  isCrossOrigin,
  ownOrigins,
} from './cross-site';
import { createSessionRefresher, forwardWithSession, refreshSession } from './session-proxy';
import { bookingPathOut, DEFAULT_BOOKING_BASE } from '../src/lib/booking-base';

export interface RenderModule {
  render: typeof render;
}

export interface WebAppOptions {
  apiUrl: string;
  /** Proxies in front of this server whose X-Forwarded-For holds (`TRUSTED_PROXIES`); none by default. */
  isTrustedProxy?: ProxyTrust;
  /** The public origin (`PUBLIC_URL`); the request's own origin when unset. */
  publicUrl?: string | undefined;
  site: SiteConfig;
  /** The SSR module: loaded again per request in development (HMR), once in production. */
  loadRenderer: () => Promise<RenderModule>;
  /** The router manifest for a request URL. */
  getManifest: (url: string) => RouterManifest | Promise<RouterManifest>;
  /** Production only: the built client (dist/client); Vite serves assets in development. */
  clientDir?: string;
  /** Development: show the real error. Production: a plain message. */
  exposeErrors?: boolean;
  onRenderError?: (error: unknown) => void;
  /** Production: how long identical page requests reuse a render (server/page-cache.ts); 0 or unset: never. */
  pageCacheTtlMs?: number;
  /** Production: the build the client checks itself against (`/builds/meta/{id}.json`). */
  buildMeta?: BuildMeta;
  /** A map tile provider's origins (`MAP_TILE_ORIGINS`): the pages' CSP lets maps reach them. */
  mapTileOrigins?: readonly string[];
  /**
   * The header a trusted edge puts the visitor's country in (`COUNTRY_IP_HEADER`, lower case):
   * renders pass it on to the API, and the page cache keys on it.
   */
  countryIpHeader?: string | undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createWebApp(options: WebAppOptions): Hono {
  const app = new Hono();
  // Every answer, the API's passed on included (docs/security.md).
  app.use(
    '*',
    securityHeaders((c) => requestScheme(c, options.isTrustedProxy) === 'https'),
  );

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  if (options.buildMeta) serveBuildMeta(app, options.buildMeta);

  // One per process: parallel 401s of a visitor share one refresh (server/session-proxy.ts).
  const refresher = createSessionRefresher();
  /** Sends a call to the API for the request of `c`; an API out of reach is a 502 answer. */
  const sendToApi = (c: Context) => async (request: Request) => {
    try {
      return await forwardToApi(request, options.apiUrl, peerAddress(c), options.isTrustedProxy);
    } catch (error) {
      if (c.req.raw.signal.aborted) throw error;
      console.error(
        `Proxy to ${options.apiUrl} failed for ${request.method} ${c.req.path}:`,
        error,
      );
      return Response.json(
        { message: 'The Gallop API is not reachable. Please try again later.' },
        { status: 502 },
      );
    }
  };
  /** A refresh for the server render, shared with the proxy's (same single flight and memory). */
  const refreshFor = (c: Context) => async (refreshToken: string) => {
    const outcome = await refresher.refresh(refreshToken, () =>
      refreshSession(c.req.raw, refreshToken, sendToApi(c)),
    );
    if (outcome.kind !== 'renewed') throw new Error(`The session refresh was ${outcome.kind}`);
    return outcome.tokens;
  };

  const toApi = async (c: Context) => {
    const scheme = requestScheme(c, options.isTrustedProxy);
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const own = ownOrigins(options.publicUrl, scheme, host);
    if (STATE_CHANGING_METHODS.has(c.req.method) && isCrossOrigin(c.req.raw.headers, own)) {
      return c.json({ message: CROSS_SITE_MESSAGE }, 403);
    }
    return forwardWithSession(c.req.raw, {
      send: sendToApi(c),
      refresher,
      secure: scheme === 'https',
    });
  };
  for (const prefix of API_PATH_PREFIXES) {
    app.all(prefix, toApi);
    app.all(`${prefix}/*`, toApi);
  }
  for (const exact of API_EXACT_PATHS) app.get(exact, toApi);
  // Mail clients' one-click unfollow of a follower e-mail's List-Unsubscribe address.
  app.post(
    '/unfollow',
    oneClickUnfollow(options.apiUrl, (c) => visitorAddressOf(c, options.isTrustedProxy)),
  );

  const bookingBase = options.site.bookingBasePath ?? DEFAULT_BOOKING_BASE;
  if (bookingBase !== DEFAULT_BOOKING_BASE) {
    // Old and API-built `/booking/...` links keep working: they move to the configured base.
    const toBase = (c: Context) => {
      const url = new URL(c.req.url);
      return c.redirect(`${bookingPathOut(url.pathname, bookingBase)}${url.search}`, 301);
    };
    app.get(`/${DEFAULT_BOOKING_BASE}`, toBase);
    app.get(`/${DEFAULT_BOOKING_BASE}/*`, toBase);
  }

  app.get('/robots.txt', (c) =>
    c.text(robotsTxt(options.publicUrl ?? new URL(c.req.url).origin, bookingBase), 200, {
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  if (options.clientDir) {
    // serveStatic takes a root relative to the working directory; the build wrote .br/.gz files.
    const root = path.relative(process.cwd(), options.clientDir) || '.';
    const files = serveStatic({ root, precompressed: true });
    // Hashed file names change with their content: cache them for a year.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', IMMUTABLE);
    });
    app.use('/assets/*', files);
    app.all('/assets/*', (c) => c.text('Not Found', 404));
    app.use('*', async (c, next) => {
      await next();
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.header('Cache-Control', 'public, max-age=3600');
      }
    });
    app.use('*', publicFilesOnly(files));
  }

  // A page is in the visitor's country's units and currency (decision 145).
  const countryHeaders = options.countryIpHeader ? [options.countryIpHeader] : [];
  const cachedPages = pageCache({
    ttlMs: options.pageCacheTtlMs ?? 0,
    varyHeaders: countryHeaders,
  });
  const pageVary = pageVaryHeaders(countryHeaders).join(', ');
  // The cache inside the compression: it keeps plain bytes, so each hit gets a fresh CSP nonce.
  app.on(['GET', 'HEAD'], '*', streamingCompression(), cachedPages, async (c) => {
    try {
      const { render } = await options.loadRenderer();
      const nonce = createNonce();
      const response = await render({
        nonce,
        request: c.req.raw,
        manifest: await options.getManifest(c.req.url),
        site: options.site,
        apiUrl: options.apiUrl,
        secure: requestScheme(c, options.isTrustedProxy) === 'https',
        refreshSession: refreshFor(c),
        visitorAddress: visitorAddressOf(c, options.isTrustedProxy),
        countryIpHeader: options.countryIpHeader,
      });
      // Pages are rendered per request; caches must ask again (signed-in pages: only the browser).
      if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-cache');
      // A page depends on the visitor's language (their country, decision 153), cookies and the
      // edge's country: no shared cache in front may give it to another visitor.
      response.headers.set('Vary', pageVary);
      response.headers.set(
        'Content-Security-Policy',
        pageCsp(nonce, [...runtimeConnectSources(options.site), ...(options.mapTileOrigins ?? [])]),
      );
      return response;
    } catch (error) {
      if (c.req.raw.signal.aborted) throw error;
      options.onRenderError?.(error);
      console.error(`SSR failed for ${c.req.url}:`, error);
      const detail = options.exposeErrors && error instanceof Error ? `\n\n${error.stack}` : '';
      return c.text(`Internal Error${detail}`, 500);
    }
  });

  app.all('*', (c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }));
  return app;
}

/** Never serve dotfiles or dot-folders from the client build (e.g. `.vite/manifest.json`). */
function publicFilesOnly(handler: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path.split('/').some((segment) => segment.startsWith('.'))) return next();
    return handler(c, next);
  };
}

/** The address of the socket's other end: the visitor, or a proxy in front of this server. */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The visitor's address (the peer, or a trusted proxy's), as the proxied calls tell the API. */
function visitorAddressOf(c: Context, isTrusted: ProxyTrust = TRUST_NO_PROXY): string | undefined {
  return forwardedHeaders(
    { forwardedFor: c.req.header('x-forwarded-for'), forwardedProto: null },
    { peer: peerAddress(c), protocol: 'http' },
    isTrusted,
  )['x-forwarded-for'];
}

/** The scheme the visitor used: a trusted proxy's X-Forwarded-Proto, else the connection's. */
function requestScheme(c: Context, isTrusted: ProxyTrust = TRUST_NO_PROXY): 'http' | 'https' {
  const protocol = new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
  return forwardedHeaders(
    { forwardedFor: null, forwardedProto: c.req.header('x-forwarded-proto') },
    { peer: peerAddress(c), protocol },
    isTrusted,
  )['x-forwarded-proto'] as 'http' | 'https';
}
