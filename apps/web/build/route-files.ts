import path from 'node:path';
import type { Plugin } from 'vite';
import { ROOT_ROUTE_ID, ROUTE_FILES_MANIFEST, type RouteFiles } from '../server/router-manifest.ts';

const ROOT_ROUTE_FILE_ID = '/__root';

type RoutesByFile = () => ReadonlyMap<string, { routeId: string }>;

/**
 * Route chunks get no modulepreload hints by default (../shared/design/toolchain.md). Vite's
 * manifest knows which chunk holds `src/routes/x.tsx?tsr-split=component`, but not the route id
 * that chunk belongs to; the router generator does. This plugin writes `{ file: routeId }` beside
 * Vite's manifest so the server can build TanStack Router's manifest with per-route preloads.
 */
export function routeFilesPlugin(routesByFile: RoutesByFile): Plugin {
  let root = process.cwd();
  return {
    name: 'gallop:route-files',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      const routeFiles: RouteFiles = {};
      for (const [file, { routeId }] of routesByFile()) {
        // The generator names the root route after its file; the router calls it `__root__`.
        const id = routeId === ROOT_ROUTE_FILE_ID ? ROOT_ROUTE_ID : routeId;
        routeFiles[path.relative(root, file).split(path.sep).join('/')] = id;
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_FILES_MANIFEST,
        source: `${JSON.stringify(routeFiles, null, 2)}\n`,
      });
    },
  };
}
