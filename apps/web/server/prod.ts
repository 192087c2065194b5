/**
 * Production server, bundled by tsup into dist/server.js and run with plain `node`:
 * built assets from dist/client, pages from the SSR bundle in dist/server.
 */
import './production-mode';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createWebApp, type RenderModule } from './app';
import { createBuildMeta } from './build-meta';
import { loadEnv, siteConfigFromEnv } from './env';
import { closeGracefully, listen } from './listen';
import { forwardUpgrades, trustProxies } from './proxy';
import { answerClientErrorsAsJson } from './request-limits';
import {
  ROUTE_FILES_MANIFEST,
  buildRouterManifest,
  type RouteFiles,
  type ViteManifest,
} from './router-manifest';
import { slugPageManifests } from './slug-page-manifests';
import { withEntryAfterLargestPaint } from './entry-after-largest-paint';

const env = loadEnv();
const distDir = path.dirname(fileURLToPath(import.meta.url));
const clientDir = path.join(distDir, 'client');
const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(path.join(clientDir, file), 'utf8')) as T;

const clientManifest = readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8');
const viteManifest = JSON.parse(clientManifest) as ViteManifest;
const manifestFor = slugPageManifests(
  viteManifest,
  buildRouterManifest(viteManifest, readJson<RouteFiles>(ROUTE_FILES_MANIFEST)),
  // The entry and the route chunks load once the largest picture has painted (decision 047).
  withEntryAfterLargestPaint,
);
const buildMeta = createBuildMeta(clientManifest);
const renderer = import(
  pathToFileURL(path.join(distDir, 'server', 'entry-server.js')).href
) as Promise<RenderModule>;
await renderer;

// Proxies in front of this server, whose X-Forwarded-For names the visitor.
const isTrustedProxy = trustProxies(env.TRUSTED_PROXIES);
const app = createWebApp({
  apiUrl: env.API_URL,
  isTrustedProxy,
  publicUrl: env.PUBLIC_URL,
  site: { ...siteConfigFromEnv(env), buildId: buildMeta.id },
  buildMeta,
  mapTileOrigins: env.MAP_TILE_ORIGINS,
  countryIpHeader: env.COUNTRY_IP_HEADER,
  pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
  loadRenderer: () => renderer,
  getManifest: (url) => manifestFor(new URL(url).pathname),
  clientDir,
});
const server = createServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
answerClientErrorsAsJson(server);
forwardUpgrades(server, env.API_URL, {
  rejectOthers: true,
  isTrusted: isTrustedProxy,
  publicUrl: env.PUBLIC_URL,
});

await listen(server, { port: env.PORT, host: env.HOST, publicUrl: env.PUBLIC_URL });
closeGracefully(server);
