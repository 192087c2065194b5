import { defineConfig } from 'tsup';

export default defineConfig({
  // The React layer is a sub-path, so the framework-free core stays small.
  entry: { index: 'src/index.ts', react: 'src/react/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'jotai'],
});
