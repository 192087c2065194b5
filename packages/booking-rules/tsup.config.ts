import { defineConfig } from 'tsup';

// Private: the API and the web bundle the source (`exports` points at src/index.ts); `dist` only
// proves the package builds and types on its own, with no import of the API or the web.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
