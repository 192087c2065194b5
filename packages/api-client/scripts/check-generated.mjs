// Fails when src/schema.gen.ts or a generated query file no longer matches openapi/:
// run `pnpm --filter @gallop/api-client generate`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

// Prettier with the repo's config, as `generate` runs it.
const formatted = async (file, input) =>
  format(input, { ...(await resolveConfig(file)), filepath: file });

const schemaFile = 'src/schema.gen.ts';
const factoryDir = 'src/query/factories';
// Same steps as `generate`, to stdout: openapi-typescript, then Prettier.
const schema = await formatted(
  schemaFile,
  execFileSync('openapi-typescript', ['../../openapi/openapi.yaml'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
let stale = schema !== readFileSync(schemaFile, 'utf8');
// The query files are generated from the committed schema; only compare them when it is fresh.
if (!stale) {
  const queryFiles = JSON.parse(
    execFileSync('node', ['scripts/generate-query-factories.mjs', '--json'], { encoding: 'utf8' }),
  );
  for (const [file, output] of Object.entries(queryFiles)) {
    stale ||= !existsSync(file) || (await formatted(file, output)) !== readFileSync(file, 'utf8');
  }
  // A factory module of a call that is gone.
  stale ||= readdirSync(factoryDir).some((file) => !(`${factoryDir}/${file}` in queryFiles));
}

const files = `${schemaFile}, the query factories and keys and the session calls`;
if (stale) {
  console.error(`${files} are stale: run \`pnpm --filter @gallop/api-client generate\`.`);
  process.exitCode = 1;
} else {
  console.log(`${files} match openapi/.`);
}
