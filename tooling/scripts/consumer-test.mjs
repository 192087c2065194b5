#!/usr/bin/env node
// Proves that other teams can use what we publish: packs @gallop/api-client and @gallop/ui-kit
// with pnpm (as `pnpm publish` would), installs the tarballs with npm into a fresh project outside
// the workspace, imports them from Node ESM and typechecks a consumer file with tsc (NodeNext).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './lib/run.mjs';

const root = join(import.meta.dirname, '..', '..');
const packages = ['@gallop/api-client', '@gallop/ui-kit'];
const work = mkdtempSync(join(tmpdir(), 'gallop-consumer-'));
const tarballs = join(work, 'tarballs');
const app = join(work, 'app');
mkdirSync(tarballs);
mkdirSync(app);

async function step(description, command, args, cwd) {
  console.log(`• ${description}`);
  const { code, output } = await run(command, args, { cwd, quiet: true });
  if (code !== 0) {
    console.error(output);
    throw new Error(`${description} failed (exit ${code})`);
  }
}

const consumerModule = `
import { createGallopClient } from '@gallop/api-client';
import { Button, colors } from '@gallop/ui-kit';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const seen = [];
const client = createGallopClient({
  baseUrl: 'http://api.example',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'USD',
  fetch: async (request) => {
    seen.push(request);
    return new Response(JSON.stringify({ status: 'ok', uptime: 1 }), { headers: { 'content-type': 'application/json' } });
  },
});
const { data } = await client.GET('/health');
assert.deepEqual(data, { status: 'ok', uptime: 1 });
assert.equal(seen[0].headers.get('X-Currency'), 'USD');
// Failures reject with ApiError; the react-query helpers come from their own entry point.
const { ApiError } = await import('@gallop/api-client');
const failing = createGallopClient({
  baseUrl: 'http://api.example',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'USD',
  fetch: async () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404 }),
});
const failure = await failing.GET('/health').catch((error) => error);
assert.ok(failure instanceof ApiError);
assert.equal(failure.message, 'Not found');
const { QueryClient } = await import('@tanstack/react-query');
const { healthQueryOptions } = await import('@gallop/api-client/query');
assert.deepEqual(healthQueryOptions(client).queryKey, ['get', '/health']);
assert.deepEqual(await new QueryClient().fetchQuery(healthQueryOptions(client)), { status: 'ok', uptime: 1 });

const html = renderToString(createElement(Button, { theme: 'primary' }, 'Book now'));
assert.match(html, /gk-button--primary/);
assert.equal(colors.brand, '#793DFC');
assert.ok(import.meta.resolve('@gallop/ui-kit/styles.css').endsWith('/dist/styles.css'));
// Each component imports its own CSS (and the tokens); css-hook.mjs recorded what was imported.
const css = (suffix) => {
  const url = globalThis.__gallopCss.find((imported) => imported.endsWith(suffix));
  assert.ok(url, suffix + ' was not imported');
  return readFileSync(fileURLToPath(url), 'utf8');
};
assert.ok(css('/dist/button/button.css').includes('.gk-button--primary {'));
assert.ok(css('/dist/tokens/tokens.css').includes('--gk-color-brand: #793dfc;'));
console.log('consumer: runtime imports work');
`;

// Node cannot import CSS; a bundler would. This hook stands in for it: a CSS import becomes a
// module that records its URL, so the test can check which styles came with the components.
const cssHook = `
import { register } from 'node:module';
const loader = \`export async function load(url, context, next) {
  if (url.endsWith('.css')) {
    return { format: 'module', shortCircuit: true,
      source: '(globalThis.__gallopCss ??= []).push(' + JSON.stringify(url) + ');' };
  }
  return next(url, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(loader));
`;

const consumerTypes = `
import { createGallopClient, type paths, type GallopClient } from '@gallop/api-client';
import { tourQueryOptions, gallopQueryOptions } from '@gallop/api-client/query';
import { Button, type ButtonProps } from '@gallop/ui-kit';
import { createElement } from 'react';

const client: GallopClient = createGallopClient({ baseUrl: 'http://api.example', locale: { iso: 'en', localizationId: 1 }, currency: 'EUR' });
export async function uptime(): Promise<number | undefined> {
  const { data } = await client.GET('/health');
  return data?.uptime;
}
// @ts-expect-error: the contract has no such path, so the typed client refuses it.
void client.GET('/no-such-path');
// @ts-expect-error: the tour call takes \`slug\`, not \`tour_slug\`.
void client.GET('/spa/tour', { params: { query: { tour_slug: 'x' } } });
export const tourOptions = tourQueryOptions(client, 'iceland', { expand_program: 1 });
// @ts-expect-error: the tour call needs its slug.
export const noSlug = gallopQueryOptions(client, '/spa/tour');

type HealthPath = paths['/health'];
export const healthPathExists: HealthPath extends object ? true : false = true;

const props: ButtonProps = { theme: 'negative', children: 'Show more' };
export const element = createElement(Button, props);
// @ts-expect-error: 'rainbow' is not a button theme.
export const wrong: ButtonProps = { theme: 'rainbow', children: 'x' };
`;

try {
  for (const name of packages) {
    await step(
      `pack ${name}`,
      'pnpm',
      ['--filter', name, 'pack', '--pack-destination', tarballs],
      root,
    );
  }
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2),
  );
  await step(
    'npm install the tarballs into a fresh project',
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...files,
      'react@19',
      'react-dom@19',
      '@tanstack/react-query@5',
      'typescript@5.9',
      '@types/react@19',
      '@types/react-dom@19',
    ],
    app,
  );
  writeFileSync(join(app, 'consumer.mjs'), consumerModule);
  writeFileSync(join(app, 'css-hook.mjs'), cssHook);
  await step(
    'import both packages from Node ESM (CSS imports recorded by a loader hook)',
    'node',
    ['--import', './css-hook.mjs', 'consumer.mjs'],
    app,
  );
  writeFileSync(join(app, 'consumer.ts'), consumerTypes);
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['consumer.ts'],
      },
      null,
      2,
    ),
  );
  await step(
    'typecheck a consumer file with tsc (NodeNext, skipLibCheck off)',
    'npx',
    ['tsc', '-p', '.'],
    app,
  );
  console.log('consumer test passed');
} catch (error) {
  console.error(`consumer test failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
