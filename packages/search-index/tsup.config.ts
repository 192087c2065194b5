import { defineConfig } from 'tsup';

// Private: the API bundles the source (`exports` points at src/index.ts); `dist` only proves the
// package builds and types on its own, with no import of the API, the database or drizzle.
export default defineConfig({
  entry: ['src/index.ts', 'src/testing.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
