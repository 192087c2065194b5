import { defineConfig } from 'tsup';

/** The invalidation benchmark, bundled as the server is (see `tsup.bench.config.ts`). */
export default defineConfig({
  entry: { invalidation: 'bench/invalidation.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: '.data/bench-build',
  noExternal: [/^@gallop\//],
});
