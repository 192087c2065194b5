// Fails when src/schema.gen.ts no longer matches openapi/: run `pnpm --filter @gallop/api-client generate`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const generated = 'src/schema.gen.ts';
// Same two steps as `generate`, to stdout: openapi-typescript, then Prettier with the repo's config.
const raw = execFileSync('openapi-typescript', ['../../openapi/openapi.yaml'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
});
const fresh = execFileSync('prettier', ['--stdin-filepath', generated], {
  input: raw,
  encoding: 'utf8',
});

if (fresh !== readFileSync(generated, 'utf8')) {
  console.error(`${generated} is stale: run \`pnpm --filter @gallop/api-client generate\`.`);
  process.exitCode = 1;
} else {
  console.log(`${generated} matches openapi/.`);
}
