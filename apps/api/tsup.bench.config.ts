import { defineConfig } from 'tsup';

/**
 * The index-pass benchmark, bundled as the server is (`tsup.config.ts`): tsx keeps function names
 * by wrapping every closure in a `__name` call, which made the pass 5-10× slower than in
 * `dist/main.js` and would measure tsx instead of the search.
 */
export default defineConfig({
  entry: { 'index-pass': 'bench/index-pass.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: '.data/bench-build',
  clean: true,
  noExternal: [/^@gallop\//],
});
