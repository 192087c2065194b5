#!/usr/bin/env node
// Commit messages a reader can scan (docs/releasing.md, "Commits"): every commit after the
// baseline has a subject of at most 72 characters and a body that says why. Earlier history,
// written before the rule, stays as it is.
import { execFileSync } from 'node:child_process';

/** The last commit written before the rule; everything after it is checked. */
const BASELINE = '25df281';
const MAX_SUBJECT = 72;

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });

let range = `${BASELINE}..HEAD`;
try {
  git('cat-file', '-e', `${BASELINE}^{commit}`);
} catch {
  // A shallow clone without the baseline: what it has is checked.
  range = 'HEAD';
  console.log(`baseline ${BASELINE} is not in this clone: checking the commits it has`);
}

const records = git('log', '--no-merges', '--format=%h%x00%s%x00%b%x1e', range)
  .split('\x1e')
  .map((record) => record.trim())
  .filter(Boolean);
const problems = [];
for (const record of records) {
  const [hash, subject, body = ''] = record.split('\x00');
  if (subject.length > MAX_SUBJECT) {
    problems.push(`${hash} subject is ${subject.length} characters (at most ${MAX_SUBJECT})`);
  }
  if (!body.trim()) problems.push(`${hash} has no body saying why: "${subject}"`);
}
for (const problem of problems) console.error(problem);
console.log(`${records.length} commits checked, ${problems.length} problems`);
process.exitCode = problems.length === 0 ? 0 : 1;
