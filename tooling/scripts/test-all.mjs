#!/usr/bin/env node
// `pnpm test`: the whole suite, in the order a reviewer would run it, with one closing line
// `N passed, N failed` summed over every runner (see docs/testing.md).
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { systemChromium } from '../vitest/browser.js';
import { run } from './lib/run.mjs';

const root = join(import.meta.dirname, '..', '..');
const results = [];

/** Records a stage; `count` turns its output into { passed, failed }. */
async function stage(name, command, args, count = countByExitCode, options = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━ ${command} ${args.join(' ')}`);
  const { code, output } = await run(command, args, { cwd: root, ...options });
  let counts;
  try {
    counts = count({ code, output });
  } catch (error) {
    console.error(`Could not read the results of "${name}": ${error.message}`);
    counts = { passed: 0, failed: 1 };
  }
  // A runner that crashed before reporting still counts as a failure.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({ name, ...counts, seconds: (Date.now() - started) / 1000 });
  return code === 0;
}

function countByExitCode({ code }) {
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/**
 * One check per package task named `task`, read from turbo's run summary (`--summarize`), so the
 * dependency builds turbo replays from cache are not counted again.
 */
function countTurboTasks(task) {
  return () => {
    const runs = join(root, '.turbo', 'runs');
    const [newest] = readdirSync(runs)
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ file, time: statSync(join(runs, file)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    if (!newest) throw new Error('turbo wrote no run summary');
    const summary = JSON.parse(readFileSync(join(runs, newest.file), 'utf8'));
    const tasks = summary.tasks.filter((t) => t.task === task);
    const failed = tasks.filter((t) => t.execution?.exitCode !== 0).length;
    return { passed: tasks.length - failed, failed };
  };
}

function countVitestJson(file) {
  return () => {
    const report = JSON.parse(readFileSync(join(root, file), 'utf8'));
    return { passed: report.numPassedTests, failed: report.numFailedTests };
  };
}

function countPlaywrightJson(file) {
  return () => {
    const { stats } = JSON.parse(readFileSync(join(root, file), 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  };
}

const reports = {
  unit: '.reports/vitest.json',
  stories: 'apps/storybook/.reports/vitest-stories.json',
  e2e: 'apps/web/.reports/playwright.json',
};
for (const file of Object.values(reports)) rmSync(join(root, file), { force: true });

const turbo = (task) => ['exec', 'turbo', 'run', task, '--continue', '--summarize'];

await stage('build', 'pnpm', turbo('build'), countTurboTasks('build'));
await stage('lint (eslint)', 'pnpm', ['exec', 'eslint', '.', '--max-warnings=0']);
await stage('format (prettier)', 'pnpm', ['exec', 'prettier', '--check', '.']);
await stage('lint (contract)', 'pnpm', turbo('lint'), countTurboTasks('lint'));
await stage('typecheck', 'pnpm', turbo('typecheck'), countTurboTasks('typecheck'));
await stage('generated client is fresh', 'pnpm', [
  '--filter',
  '@gallop/api-client',
  'check:generated',
]);
await stage(
  'unit and integration (vitest)',
  'pnpm',
  ['exec', 'vitest', 'run'],
  countVitestJson(reports.unit),
);

const chromium = systemChromium();
if (!chromium) {
  // The normal path on a machine with internet and no system Chromium.
  await stage('install Playwright Chromium', 'pnpm', [
    '--filter',
    '@gallop/web',
    'exec',
    'playwright',
    'install',
    'chromium',
  ]);
}
const browserEnv = chromium ? { env: { CHROME_PATH: chromium } } : {};
await stage(
  'stories in Chromium (storybook + vitest)',
  'pnpm',
  ['--filter', '@gallop/storybook', 'test:stories'],
  countVitestJson(reports.stories),
  browserEnv,
);
await stage(
  'end-to-end in Chromium (playwright)',
  'pnpm',
  ['--filter', '@gallop/web', 'test:e2e'],
  countPlaywrightJson(reports.e2e),
  browserEnv,
);

await stage('packages: publint + attw', 'pnpm', turbo('test:build'), countTurboTasks('test:build'));
await stage('bundle size budgets (size-limit)', 'pnpm', turbo('size'), countTurboTasks('size'));
await stage('consumer test (npm install from tarballs)', 'node', [
  'tooling/scripts/consumer-test.mjs',
]);
await stage('release: changeset version bumps and writes a CHANGELOG', 'node', [
  'tooling/scripts/changeset-version-check.mjs',
]);

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }),
  { passed: 0, failed: 0 },
);
console.log('\n━━ summary ━━');
for (const r of results) {
  const mark = r.failed === 0 ? 'ok  ' : 'FAIL';
  console.log(
    `${mark} ${r.name.padEnd(46)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds.toFixed(1)}s`,
  );
}
if (!existsSync(join(root, 'node_modules')))
  console.log('node_modules is missing: run `pnpm install` first.');
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed === 0 ? 0 : 1;
