import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineConfig } from 'tsup';

const require = createRequire(import.meta.url);

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages are source-first TypeScript: bundle them; npm dependencies stay external.
  noExternal: [/^@gallop\//],
  // The bundle reads the contract from `dist/openapi.json` (see src/contract.ts), so the
  // built server does not need the `@gallop/openapi` dev dependency at run time.
  async onSuccess() {
    await mkdir('dist', { recursive: true });
    await copyFile(require.resolve('@gallop/openapi/openapi.json'), 'dist/openapi.json');
  },
});
