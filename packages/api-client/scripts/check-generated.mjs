// Fails when src/schema.gen.ts no longer matches openapi/: run `pnpm --filter @gallop/api-client generate`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'gallop-schema-'));
const fresh = join(dir, 'schema.gen.ts');
try {
  execFileSync('openapi-typescript', ['../../openapi/openapi.yaml', '--output', fresh], {
    stdio: 'ignore',
  });
  execFileSync('prettier', ['--write', fresh], { stdio: 'ignore' });
  if (readFileSync(fresh, 'utf8') !== readFileSync('src/schema.gen.ts', 'utf8')) {
    console.error('src/schema.gen.ts is stale: run `pnpm --filter @gallop/api-client generate`.');
    process.exitCode = 1;
  } else {
    console.log('src/schema.gen.ts matches openapi/.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
