// @ts-check
// `node --import ./src/testing/record-modules.mjs …`: appends the URL of every module the process
// loads (ES modules, tsx's TypeScript included) to the file GALLOP_RECORD_MODULES names, one a
// line. main.test.ts uses it to prove what the production API loads (decision 105).
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  if (process.env.GALLOP_RECORD_MODULES) appendFileSync(process.env.GALLOP_RECORD_MODULES, url + '\\n');
  return nextLoad(url, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
