import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagsPlugin } from './build/flags.ts';
import { navigationPreloads } from './build/navigation-preloads.ts';
import { precompressPlugin } from './build/precompress.ts';
import { REACT_ARIA_LOCALES } from './build/react-aria-locales.ts';
import { routeFilesPlugin } from './build/route-files.ts';
import { splitRouteChunkPlugin } from './build/split-route-chunk.ts';

type RoutesByFile = ReadonlyMap<string, { routeId: string }>;
let getRoutesByFile: () => RoutesByFile = () => new Map();

const preloads = navigationPreloads();

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
    splitRouteChunkPlugin(),
    react(),
    routeFilesPlugin(() => getRoutesByFile()),
    // React Aria ships its screen-reader strings in 35 languages; the site speaks only its own
    // (every component sits in the kit's LocaleProvider with the interface locale), so the
    // others' strings leave the bundle; a language they lack falls back to English.
    optimizeLocales.vite({ locales: REACT_ARIA_LOCALES }),
    // The phone input's flags, at /flags/1x1/<cc>.svg.
    flagsPlugin(),
    // Which chunks the entry's preload lists leave out (decision 155).
    ...(isSsrBuild ? [] : [preloads.plugin]),
    precompressPlugin(),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: TanStack's store and react-aria import the
    // `use-sync-external-store` shim, whose React 16/17 fallback only adds bytes.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./build/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
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
        // A lazy chunk's preload list names the chunks it imports, not the chunk itself: Vite's
        // helper calls `import()` in the same tick as it adds the preload links (only CSS is
        // awaited, and this build has one stylesheet), so naming it only made the entry carry the
        // names of ~60 chunks nothing else preloads: 0.69 kB of first-load gzip (decision 135).
        // Nor a first-load file, nor, in the entry, a navigation chunk's imports (decision 155).
        modulePreload: { resolveDependencies: preloads.resolveDependencies },
        rolldownOptions: {
          input: 'src/entry-client.tsx',
          // Everything the entry imports statically goes in one chunk: every page loads all of
          // it anyway, and one file compresses ~5 kB (gzip) smaller than the ~25 small shared
          // chunks the automatic splitting made of it, with fewer requests (issue 7).
          output: {
            codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
            // The entry lists every lazy chunk twice (its `import()` and Vite's preload list):
            // hash-only names make the first load ~0.9 kB (gzip) smaller than `name-hash` ones,
            // and 7 characters ~0.2 kB smaller than Rolldown's 8. Seven is the fewest it takes
            // for up to 4,095 hashed files (its placeholders need them); 42 bits of content hash
            // leave no collision in sight. The manifest and the source maps tell which is which.
            chunkFileNames: 'assets/[hash:7].js',
          },
        },
      },
}));
