import { defineConfig } from 'tsup';

// The production server: one ESM file for plain `node` on Node 20. It loads the SSR bundle
// (dist/server/entry-server.js, built by Vite) at run time; npm dependencies stay external.
export default defineConfig({
  entry: { server: 'server/prod.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Never wipe dist/: Vite has just written dist/client and dist/server into it.
  clean: false,
  noExternal: [/^@gallop\//],
});
