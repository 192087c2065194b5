// Fails when src/schema.gen.ts or src/query/factories.gen.ts no longer matches openapi/:
// run `pnpm --filter @gallop/api-client generate`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const format = (file, input) =>
  execFileSync('prettier', ['--stdin-filepath', file], { input, encoding: 'utf8' });

const schemaFile = 'src/schema.gen.ts';
const factoriesFile = 'src/query/factories.gen.ts';
// Same steps as `generate`, to stdout: openapi-typescript, then Prettier with the repo's config.
const schema = format(
  schemaFile,
  execFileSync('openapi-typescript', ['../../openapi/openapi.yaml'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
let stale = schema !== readFileSync(schemaFile, 'utf8');
// The factories are generated from the committed schema; only compare them when it is fresh.
if (!stale) {
  const factories = format(
    factoriesFile,
    execFileSync('node', ['scripts/generate-query-factories.mjs', '--stdout'], {
      encoding: 'utf8',
    }),
  );
  stale = factories !== readFileSync(factoriesFile, 'utf8');
}

if (stale) {
  console.error(
    `${schemaFile} or ${factoriesFile} is stale: run \`pnpm --filter @gallop/api-client generate\`.`,
  );
  process.exitCode = 1;
} else {
  console.log(`${schemaFile} and ${factoriesFile} match openapi/.`);
}
