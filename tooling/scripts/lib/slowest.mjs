// The slowest test files and browser tests of a `pnpm test` run, read from the runners' JSON
// reports, so every CI log says where its time went (docs/testing.md, "Where CI's time goes").
import { existsSync, readFileSync } from 'node:fs';

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`.padStart(7);

/** Vitest files by wall time (a file that runs on two databases counts twice). */
function vitestFiles(file, root) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return report.testResults.map((result) => ({
    ms: result.endTime - result.startTime,
    name: result.name.replace(`${root}/`, ''),
  }));
}

/** Playwright tests by duration, each attempt (a retry too) counted. */
function playwrightTests(file) {
  const { suites } = JSON.parse(readFileSync(file, 'utf8'));
  const tests = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        tests.push({
          ms,
          name: `${spec.file}:${spec.line} ${[...titles, spec.title].join(' › ')}`,
        });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites) visit(suite, []);
  return tests;
}

function print(title, items, count) {
  const total = items.reduce((sum, item) => sum + item.ms, 0);
  console.log(`\n━━ ${title}: ${items.length}, ${seconds(total).trim()} in all; the slowest ━━`);
  for (const item of [...items].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${seconds(item.ms)}  ${item.name}`);
  }
}

/** Prints the `count` slowest of each report that exists; never fails the run. */
export function printSlowest({ root, vitest, playwright }, count = 12) {
  try {
    if (existsSync(vitest)) print('vitest files', vitestFiles(vitest, root), count);
    if (existsSync(playwright)) print('Playwright tests', playwrightTests(playwright), count);
  } catch (error) {
    console.log(`(could not read the reports for the slowest tests: ${error.message})`);
  }
}
