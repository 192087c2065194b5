/**
 * Development server: Vite in middleware mode (HMR on the same HTTP server), the SSR module
 * loaded through Vite on every request so edits show at once. Run with `pnpm dev` (tsx).
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createServer as createViteServer } from 'vite';
import { createWebApp, type RenderModule } from './app';
import { SERVER_ENTRY, createDevManifest } from './dev-manifest';
import { loadEnv, siteConfigFromEnv } from './env';
import { closeGracefully, listen } from './listen';
import { forwardUpgrades, trustProxies } from './proxy';
import { answerClientErrorsAsJson } from './request-limits';

const env = loadEnv();
const server = createServer();
answerClientErrorsAsJson(server);
const vite = await createViteServer({
  root: fileURLToPath(new URL('..', import.meta.url)),
  appType: 'custom',
  server: { middlewareMode: true, hmr: { server } },
});

// Proxies in front of this server, whose X-Forwarded-For names the visitor.
const isTrustedProxy = trustProxies(env.TRUSTED_PROXIES);
const app = createWebApp({
  apiUrl: env.API_URL,
  isTrustedProxy,
  publicUrl: env.PUBLIC_URL,
  site: siteConfigFromEnv(env),
  mapTileOrigins: env.MAP_TILE_ORIGINS,
  countryIpHeader: env.COUNTRY_IP_HEADER,
  loadRenderer: () => vite.ssrLoadModule(SERVER_ENTRY) as Promise<RenderModule>,
  getManifest: (url) => createDevManifest(vite, new URL(url).pathname),
  exposeErrors: true,
  onRenderError: (error) => {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
  },
});
const handle = getRequestListener(app.fetch, { overrideGlobalObjects: false });

server.on('request', (req, res) => {
  vite.middlewares(req, res, () => void handle(req, res));
});
forwardUpgrades(server, env.API_URL, { isTrusted: isTrustedProxy, publicUrl: env.PUBLIC_URL });

await listen(server, { port: env.PORT, host: env.HOST, publicUrl: env.PUBLIC_URL });
closeGracefully(server, { onClose: () => vite.close() });
