import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { PRIVATE_PATHS } from './robots';

/**
 * The build manifest the client checks (docs/product.md, Calls: `builds/meta/{buildId}.json`).
 * The build id is a hash of Vite's client manifest, so it changes exactly when the client's
 * files do; a tab whose id the server no longer knows loads the next page in full.
 */
export interface BuildMeta {
  id: string;
  /** When this server started serving the build (ms since the epoch). */
  timestamp: number;
  /** Route patterns (`/**` matches a path and everything below it) and their rules. */
  matcher: Record<string, RouteRule>;
}

export interface RouteRule {
  /** Rendered on the server (every page of this app is). */
  ssr: boolean;
  /** Kept out of search results (`robots.txt` disallows them too). */
  noindex?: boolean;
}

/** The site's route rules: personal and transactional pages are not indexed. */
export const ROUTE_RULES: Record<string, RouteRule> = {
  '/**': { ssr: true },
  '/favorites': { ssr: true, noindex: true },
  ...Object.fromEntries(PRIVATE_PATHS.map((path) => [`${path}/**`, { ssr: true, noindex: true }])),
};

/** A short, URL-safe hash of the client manifest's text. */
export function buildIdOf(clientManifest: string): string {
  return createHash('sha256').update(clientManifest).digest('base64url').slice(0, 16);
}

export function createBuildMeta(clientManifest: string, timestamp = Date.now()): BuildMeta {
  return { id: buildIdOf(clientManifest), timestamp, matcher: ROUTE_RULES };
}

/**
 * `GET /builds/meta/{id}.json`: the current build's meta, 404 for any other id (an old tab
 * learns that way that a new build is out). Never cached: it answers a question about now.
 */
export function serveBuildMeta(app: Hono, meta: BuildMeta): void {
  app.get('/builds/meta/:file', (c) => {
    c.header('Cache-Control', 'no-cache');
    if (c.req.param('file') !== `${meta.id}.json`) {
      return c.json({ message: 'Unknown build' }, 404);
    }
    return c.json(meta);
  });
}
