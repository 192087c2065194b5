import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.ts';
import { routeFilesPlugin } from './build/route-files.ts';

type RoutesByFile = ReadonlyMap<string, { routeId: string }>;
let getRoutesByFile: () => RoutesByFile = () => new Map();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders travel with their route's component chunk: the first load then carries only
      // the route tree, not every route's data-fetching code.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
      quoteStyle: 'single',
      // Keeps a handle on the generator so the build can map route files to route ids.
      plugins: [
        {
          name: 'gallop:routes-by-file',
          init: ({ generator }) => {
            getRoutesByFile = () => generator.getRoutesByFileMap();
          },
        },
      ],
    }),
    react(),
    routeFilesPlugin(() => getRoutesByFile()),
    precompressPlugin(),
  ],
  // public/ is copied into the client build only.
  publicDir: isSsrBuild ? false : 'public',
  // `@gallop/*` packages are source-first TypeScript: compile them into the SSR bundle.
  ssr: { noExternal: [/^@gallop\//] },
  build: isSsrBuild
    ? { outDir: 'dist/server', sourcemap: true, target: 'node20' }
    : {
        outDir: 'dist/client',
        manifest: true,
        // One stylesheet for the whole app (about 20 kB gzip), cached across pages: on a slow
        // phone network each extra render-blocking stylesheet costs a round trip before the
        // first paint, and a page needed up to nine (Lighthouse: 300–600 ms).
        cssCodeSplit: false,
        sourcemap: true,
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          // Everything the entry imports statically goes in one chunk: every page loads all of
          // it anyway, and one file compresses ~5 kB (gzip) smaller than the ~25 small shared
          // chunks the automatic splitting made of it, with fewer requests (issue 7).
          output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
        },
      },
}));
