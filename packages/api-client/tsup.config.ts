import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entry points: the client, and the react-query helpers (`@gallop/api-client/query`).
  entry: { index: 'src/index.ts', 'query/index': 'src/query/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
