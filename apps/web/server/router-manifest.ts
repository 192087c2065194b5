import type { Manifest } from 'vite';
import type { RouterManifest } from '../src/entry-server';

/**
 * TanStack Router's id for the root route (`rootRouteId`). Spelled out rather than imported:
 * importing @tanstack/react-router here would load React before the production server has set
 * NODE_ENV, and React would pick its development build (a test checks the two agree).
 */
export const ROOT_ROUTE_ID = '__root__';

/** Where the client build writes the route-file map, next to Vite's own `.vite/manifest.json`. */
export const ROUTE_FILES_MANIFEST = '.vite/route-files.json';

/** Map from a route source file (relative to the Vite root, as in Vite's manifest) to its route id. */
export type RouteFiles = Record<string, string>;

/** Vite's `.vite/manifest.json` (https://vite.dev/guide/backend-integration). */
export type ViteManifest = Manifest;

type RouteAssets = RouterManifest['routes'][string];

export const CLIENT_ENTRY = 'src/entry-client.tsx';

/** Vite's manifest key of the single stylesheet a build without CSS code splitting writes. */
const APP_STYLESHEET = 'style.css';

/**
 * Builds TanStack Router's manifest from Vite's client manifest: the root route gets the entry
 * script, its static imports as modulepreload hints and its stylesheets; every other route gets
 * modulepreload hints and stylesheets for its own split chunks (which the router would otherwise
 * discover only after the entry has run), minus what the root already loads.
 */
export function buildRouterManifest(
  viteManifest: ViteManifest,
  routeFiles: RouteFiles,
  base = '/',
): RouterManifest {
  const entry = viteManifest[CLIENT_ENTRY];
  if (!entry?.isEntry) throw new Error(`Vite manifest has no entry chunk for ${CLIENT_ENTRY}`);
  const url = (file: string) => `${base}${file}`;

  const rootAssets = collectStaticAssets(viteManifest, CLIENT_ENTRY);
  // With `build.cssCodeSplit: false` the whole app's CSS is one file, listed on its own.
  const appStylesheet = viteManifest[APP_STYLESHEET]?.file;
  if (appStylesheet) rootAssets.css.unshift(appStylesheet);
  const rootFiles = new Set(rootAssets.files);
  const rootCss = new Set(rootAssets.css);
  const routes: Record<string, RouteAssets> = {
    [ROOT_ROUTE_ID]: {
      scripts: [{ attrs: { type: 'module', src: url(entry.file) } }],
      preloads: rootAssets.files.filter((file) => file !== entry.file).map(url),
      css: rootAssets.css.map(url),
    },
  };

  for (const [key, chunk] of Object.entries(viteManifest)) {
    const routeId = routeFiles[(chunk.src ?? key).split('?')[0] ?? ''];
    if (routeId === undefined || key === CLIENT_ENTRY) continue;
    const assets = collectStaticAssets(viteManifest, key);
    const route = (routes[routeId] ??= {});
    const preloads = assets.files.filter((file) => !rootFiles.has(file)).map(url);
    const css = assets.css.filter((file) => !rootCss.has(file)).map(url);
    if (preloads.length > 0) route.preloads = unique([...(route.preloads ?? []), ...preloads]);
    if (css.length > 0) route.css = unique([...(route.css ?? []), ...css]);
  }
  return { routes };
}

/**
 * The manifest with one more module's assets on a route: for a module the route imports
 * dynamically (as `/{slug}` does its page), whose stylesheet the first paint needs and whose
 * chunk hydration awaits. Assets the root already loads are left out.
 */
export function withModuleAssets(
  manifest: RouterManifest,
  viteManifest: ViteManifest,
  routeId: string,
  moduleKey: string,
  base = '/',
): RouterManifest {
  if (!viteManifest[moduleKey]) throw new Error(`Vite manifest has no chunk for ${moduleKey}`);
  const root = manifest.routes[ROOT_ROUTE_ID];
  const loadedByRoot = new Set([
    ...(root?.preloads ?? []),
    ...(root?.css ?? []),
    ...(root?.scripts ?? []).map((script) => String(script.attrs?.src ?? '')),
  ]);
  const assets = collectStaticAssets(viteManifest, moduleKey);
  const fresh = (files: string[]) =>
    files.map((file) => `${base}${file}`).filter((file) => !loadedByRoot.has(file));
  const route = manifest.routes[routeId] ?? {};
  return {
    routes: {
      ...manifest.routes,
      [routeId]: {
        ...route,
        preloads: unique([...(route.preloads ?? []), ...fresh(assets.files)]),
        css: unique([...(route.css ?? []), ...fresh(assets.css)]),
      },
    },
  };
}

/** A chunk's file and stylesheets with those of everything it imports statically. */
function collectStaticAssets(
  manifest: ViteManifest,
  key: string,
): { files: string[]; css: string[] } {
  const files: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || seen.has(chunkKey)) return;
    seen.add(chunkKey);
    files.push(chunk.file);
    css.push(...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { files: unique(files), css: unique(css) };
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
