import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { defineConfig } from 'tsup';
import { writePrecompiledContractValidator } from './src/http/contract-validator-build.ts';

const require = createRequire(import.meta.url);

export default defineConfig({
  // The demo package (DEMO_DATA=on only, decision 105) is an entry of its own: `dist/demo.js`,
  // which `dist/main.js` reaches only through the dynamic import in `src/demo/plugin.ts`.
  entry: { main: 'src/main.ts', demo: require.resolve('@gallop/api-demo') },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages are source-first TypeScript: bundle them. So are Fastify (with its
  // plugins and dependencies), zod and drizzle-orm: every start resolved and read their few
  // hundred files one by one, about 0.15 s of a 1.2 s reopen (decision 076). Other npm
  // dependencies stay external: native code (sharp), files read beside their modules (PGlite,
  // pdfkit, the glue's OpenAPI schemas), and what loads only when used.
  noExternal: [/^@gallop\//, 'fastify', /^@fastify\//, 'zod', 'drizzle-orm', /^drizzle-orm\//],
  // Bundled CommonJS modules `require` Node's own modules; an ES module has no `require`.
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
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
