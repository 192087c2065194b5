#!/usr/bin/env node
// `pnpm test`: the whole suite, in the order a reviewer would run it, with one closing line
// `N passed, N failed` summed over every runner (see docs/testing.md).
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { systemChromium } from '../vitest/browser.js';
import { run } from './lib/run.mjs';
import { printTestReport } from './lib/slowest.mjs';

const root = join(import.meta.dirname, '..', '..');
const results = [];

/**
 * Runs a stage and records it; `count` turns its output into { passed, failed }, or into one such
 * count per named check (several results from one run). `quiet` keeps the output until the stage
 * ends, for stages that run side by side.
 */
async function stage(name, command, args, count = countByExitCode, options = {}) {
  const started = Date.now();
  const heading = `\n━━ ${name} ━━ ${command} ${args.join(' ')}`;
  if (!options.quiet) console.log(heading);
  const { code, output } = await run(command, args, { cwd: root, ...options });
  if (options.quiet) process.stdout.write(`${heading}\n${output}`);
  let counted;
  try {
    counted = count({ code, output });
  } catch (error) {
    console.error(`Could not read the results of "${name}": ${error.message}`);
    counted = { passed: 0, failed: 1 };
  }
  const seconds = (Date.now() - started) / 1000;
  const named = Array.isArray(counted) ? counted : [{ name, ...counted }];
  // A runner that crashed before reporting still counts as a failure.
  if (code !== 0 && named.every((result) => result.failed === 0)) named[0].failed = 1;
  for (const result of named) results.push({ ...result, seconds });
  return code === 0;
}

/**
 * Stages side by side: each is mostly one process's work, so on two cores they take about the
 * time of the longest. Their outputs print whole, each as its stage ends.
 */
function together(...stages) {
  return Promise.all(stages.map((start) => start({ quiet: true })));
}

function countByExitCode({ code }) {
  return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/**
 * One check per package task, named `label` for each task of `labels` ({ task: label }), read from
 * the run summary of turbo's `--summarize` (the newest in .turbo/runs: one turbo runs at a time),
 * so the dependency builds turbo replays from cache are not counted again.
 */
function countTurboTasks(labels) {
  return () => {
    const runs = join(root, '.turbo', 'runs');
    const [newest] = readdirSync(runs)
      .filter((file) => file.endsWith('.json'))
      .map((file) => ({ file, time: statSync(join(runs, file)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    if (!newest) throw new Error('turbo wrote no run summary');
    const summary = JSON.parse(readFileSync(join(runs, newest.file), 'utf8'));
    return Object.entries(labels).map(([task, name]) => {
      const tasks = summary.tasks.filter((t) => t.task === task);
      const failed = tasks.filter((t) => t.execution?.exitCode !== 0).length;
      return { name, passed: tasks.length - failed, failed };
    });
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

const turbo = (...tasks) => ['exec', 'turbo', 'run', ...tasks, '--continue', '--summarize'];

await stage('build', 'pnpm', turbo('build'), countTurboTasks({ build: 'build' }));
await together(
  (options) =>
    stage(
      'lint (contract) and typecheck',
      'pnpm',
      turbo('lint', 'typecheck'),
      countTurboTasks({ lint: 'lint (contract)', typecheck: 'typecheck' }),
      options,
    ),
  (options) =>
    stage('lint (eslint)', 'pnpm', ['exec', 'eslint', '.', '--max-warnings=0'], undefined, options),
  (options) =>
    stage('format (prettier)', 'pnpm', ['exec', 'prettier', '--check', '.'], undefined, options),
  (options) => stage('dead exports (knip)', 'pnpm', ['check:exports'], undefined, options),
  (options) =>
    stage(
      'commit messages (subject ≤ 72, a body)',
      'node',
      ['tooling/scripts/check-commits.mjs'],
      undefined,
      options,
    ),
  (options) =>
    stage(
      'workflows (actionlint, scripts they call)',
      'node',
      ['tooling/scripts/lint-workflows.mjs'],
      undefined,
      options,
    ),
  (options) =>
    stage(
      'generated client is fresh',
      'pnpm',
      ['--filter', '@gallop/api-client', 'check:generated'],
      undefined,
      options,
    ),
);
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
  ['--filter', '@gallop/storybook', 'test'],
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

// `size` rebuilds some packages' dist (tsup) that publint and attw read: one after the other.
await together(
  async (options) => {
    await stage(
      'packages: publint + attw',
      'pnpm',
      turbo('test:build'),
      countTurboTasks({ 'test:build': 'packages: publint + attw' }),
      options,
    );
    await stage(
      'bundle size budgets (size-limit)',
      'pnpm',
      turbo('size'),
      countTurboTasks({ size: 'bundle size budgets (size-limit)' }),
      options,
    );
  },
  (options) =>
    stage(
      'consumer test (npm install from tarballs)',
      'node',
      ['tooling/scripts/consumer-test.mjs'],
      undefined,
      options,
    ),
  (options) =>
    stage(
      'release: changeset version bumps and writes a CHANGELOG',
      'node',
      ['tooling/scripts/changeset-version-check.mjs'],
      undefined,
      options,
    ),
);

const total = results.reduce(
  (sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }),
  { passed: 0, failed: 0 },
);
printTestReport({ root, vitest: join(root, reports.unit), playwright: join(root, reports.e2e) });
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
