import { defineConfig } from 'tsup';

export default defineConfig({
  // The React bindings are a sub-path, so server code and other frameworks skip React.
  entry: { index: 'src/index.ts', react: 'src/react/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react'],
});
