import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsup';
import { writePrecompiledContractValidator } from './src/http/contract-validator-build.ts';

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
    // The embedded database's thread loads this module next to the bundle (decision 076).
    await copyFile('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs');
    // fastify-openapi-glue's check of the contract, without compiling the OpenAPI schema at
    // every start (decision 076).
    writePrecompiledContractValidator(pathToFileURL('dist/'));
  },
});
