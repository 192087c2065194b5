#!/usr/bin/env node
// Runs "Are the types wrong?" on the tarball that `pnpm publish` would upload.
// `attw --pack .` runs `npm pack`, which ignores `publishConfig.exports`, so it would check the
// workspace (source-first) manifest instead of the published one: see docs/decisions/003.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const attwBin = join(
  require.resolve('@arethetypeswrong/cli/package.json'),
  '..',
  'dist',
  'index.js',
);
const destination = mkdtempSync(join(tmpdir(), 'gallop-attw-'));

try {
  execFileSync('pnpm', ['pack', '--pack-destination', destination], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball to ${destination}`);
  // Every resolution mode is checked (attw's default profile: node10, node16 from CJS and ESM,
  // bundler). The packages ship ESM only, which Node >= 20.19 loads from `require()` (require(esm));
  // attw does not model require(esm) yet (arethetypeswrong/arethetypeswrong.github.io#252) and
  // reports it as "ESM (dynamic import only)", so that one rule is ignored. The consumer test
  // proves the require() at run time (tooling/scripts/consumer-test.mjs, docs/decisions/112).
  // Stylesheet entry points (`./styles.css`) have no types to check.
  const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
  const cssEntries = Object.keys(manifest.publishConfig?.exports ?? manifest.exports ?? {})
    .filter((entry) => entry.endsWith('.css'))
    .map((entry) => entry.replace(/^\.\//, ''));
  const exclude = cssEntries.length > 0 ? ['--exclude-entrypoints', ...cssEntries] : [];
  execFileSync(
    process.execPath,
    [attwBin, join(destination, tarball), '--ignore-rules', 'cjs-resolves-to-esm', ...exclude],
    { stdio: 'inherit' },
  );
} catch (error) {
  process.exitCode = typeof error.status === 'number' ? error.status : 1;
  if (typeof error.status !== 'number') console.error(error);
} finally {
  rmSync(destination, { recursive: true, force: true });
}
