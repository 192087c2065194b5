// The slowest and the failed tests of a `pnpm test` run, read from the runners' JSON reports, so
// every CI log says where its time went and what failed (docs/testing.md, "Where CI's time goes").
import { existsSync, readFileSync } from 'node:fs';

const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`.padStart(7);
const firstLine = (text = '') =>
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ?? '';
const readReport = (file) =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;

/** Every Playwright test of a report, with its spec and the titles of the suites around it. */
function playwrightTests({ suites }) {
  const tests = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) tests.push({ spec, test, titles: [...titles, spec.title] });
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites) visit(suite, []);
  return tests;
}

/** Vitest files by wall time (a file that runs on two databases counts twice). */
const vitestFileTimes = (report, root) =>
  report.testResults.map((result) => ({
    ms: result.endTime - result.startTime,
    name: result.name.replace(`${root}/`, ''),
  }));

/** Playwright tests by duration, each attempt (a retry too) counted. */
const playwrightTimes = (report) =>
  playwrightTests(report).map(({ spec, test, titles }) => ({
    ms: test.results.reduce((sum, result) => sum + result.duration, 0),
    name: `${spec.file}:${spec.line} ${titles.join(' › ')}`,
  }));

/** Vitest tests that failed, with the first line of their error. */
function vitestFailures(report, root) {
  return report.testResults.flatMap((result) => {
    const name = result.name.replace(`${root}/`, '');
    const failed = result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    // A file that failed to load has no failed test but a message of its own.
    if (failed.length === 0 && result.status === 'failed')
      failed.push(`${name}: ${firstLine(result.message)}`);
    return failed;
  });
}

/** Playwright tests that failed for good, or passed only on a retry (flaky). */
const playwrightFailures = (report) =>
  playwrightTests(report)
    .filter(({ test }) => test.status === 'unexpected' || test.status === 'flaky')
    .map(({ spec, test }) => {
      const error = test.results.find((result) => result.error)?.error?.message;
      return `${test.status}: ${spec.file}:${spec.line} ${spec.title}: ${firstLine(error)}`;
    });

function printSlowest(title, items, count) {
  const total = items.reduce((sum, item) => sum + item.ms, 0);
  console.log(`\n━━ ${title}: ${items.length}, ${seconds(total).trim()} in all; the slowest ━━`);
  for (const item of [...items].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${seconds(item.ms)}  ${item.name}`);
  }
}

/**
 * Prints the `count` slowest vitest files and Playwright tests, then the failed (and flaky)
 * tests last, where a CI log's tail shows them, from each report that exists. Never fails the
 * run.
 */
export function printTestReport({ root, vitest, playwright }, count = 12) {
  try {
    const unit = readReport(vitest);
    const e2e = readReport(playwright);
    if (unit) printSlowest('vitest files', vitestFileTimes(unit, root), count);
    if (e2e) printSlowest('Playwright tests', playwrightTimes(e2e), count);
    const failures = [
      ...(unit ? vitestFailures(unit, root) : []),
      ...(e2e ? playwrightFailures(e2e) : []),
    ];
    if (failures.length === 0) return;
    console.log(`\n━━ failed or flaky tests: ${failures.length} ━━`);
    for (const line of failures) console.log(line.slice(0, 300));
  } catch (error) {
    console.log(`(could not read the test reports: ${error.message})`);
  }
}
