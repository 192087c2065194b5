#!/usr/bin/env node
// Proves the release flow's first step: in a scratch copy of the workspace manifests, a changeset
// for one package makes `changeset version` bump that package (and only what depends on it) and
// write its CHANGELOG. The real repository is never touched.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'gallop-changeset-'));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

try {
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    mkdirSync(join(scratch, file, '..'), { recursive: true });
    cpSync(join(root, file), join(scratch, file));
  }
  for (const group of ['packages', 'apps', 'tooling']) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      mkdirSync(join(scratch, group, name), { recursive: true });
      cpSync(manifest, join(scratch, group, name, 'package.json'));
    }
  }
  cpSync(join(root, 'openapi', 'package.json'), join(scratch, 'openapi', 'package.json'), {
    recursive: true,
  });
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  writeFileSync(
    join(scratch, '.changeset', 'currency-fix.md'),
    "---\n'@gallop/currency': patch\n---\n\nRound half-way amounts away from zero.\n",
  );
  execFileSync('git', ['init', '-q'], { cwd: scratch });

  const before = readJson(join(scratch, 'packages/currency/package.json')).version;
  const untouchedBefore = readJson(join(scratch, 'packages/chat/package.json')).version;
  execFileSync(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), 'version'], {
    cwd: scratch,
    stdio: 'inherit',
  });

  const after = readJson(join(scratch, 'packages/currency/package.json')).version;
  const [major, minor, patch] = before.split('.').map(Number);
  assert.equal(after, `${major}.${minor}.${patch + 1}`, 'the changed package gets a patch bump');
  assert.equal(
    readJson(join(scratch, 'packages/chat/package.json')).version,
    untouchedBefore,
    'unrelated packages keep their version',
  );
  const changelog = readFileSync(join(scratch, 'packages/currency/CHANGELOG.md'), 'utf8');
  assert.match(changelog, new RegExp(`## ${after.replaceAll('.', '\\.')}`));
  assert.match(changelog, /Round half-way amounts away from zero\./);
  assert.equal(existsSync(join(scratch, 'apps/web/CHANGELOG.md')), false, 'apps are ignored');
  console.log(`changeset version: @gallop/currency ${before} -> ${after}, CHANGELOG written`);
} catch (error) {
  console.error(`changeset version check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
