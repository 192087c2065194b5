#!/usr/bin/env node
// Proves that other teams can use what we publish: packs @gallop/api-client and @gallop/ui-kit
// with pnpm (as `pnpm publish` would), installs the tarballs with npm into a fresh project outside
// the workspace, imports them from plain Node ESM (no loader hooks: SSR without a bundler), builds
// a small app with Vite and opens it in Chromium (the kit renders with its styles, and only the
// imported components' CSS ships), and typechecks a consumer file with tsc (NodeNext).
import { CHROMIUM_ARGS, systemChromium } from '@gallop/vitest-config/browser';
import {
  createReadStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { run } from './lib/run.mjs';

const root = join(import.meta.dirname, '..', '..');
const packages = ['@gallop/api-client', '@gallop/rider-fit', '@gallop/ui-kit'];
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

// Plain Node resolves the CSS-free build (the "default" export condition) and renders on the server.
assert.ok(import.meta.resolve('@gallop/ui-kit').endsWith('/dist/node/index.js'));
const html = renderToString(createElement(Button, { theme: 'primary' }, 'Book now'));
assert.match(html, /gk-button--primary/);
assert.equal(colors.brand, '#793DFC');
const { Datepicker, Tabs } = await import('@gallop/ui-kit');
assert.match(renderToString(createElement(Datepicker, { value: null, onChange() {} })), /Select dates/);
const tabs = [{ id: 'program', title: 'Program', content: 'Day 1' }];
assert.match(renderToString(createElement(Tabs, { label: 'Tour', items: tabs })), /role="tablist"/);
// Pages without a bundler link the complete stylesheet; one file per component exists too.
const css = (specifier) => readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8');
assert.ok(css('@gallop/ui-kit/components.css').includes('.gk-button--primary {'));
assert.ok(css('@gallop/ui-kit/components.css').includes('--gk-color-brand: #793dfc;'));
assert.ok(!css('@gallop/ui-kit/components.css').includes('@import'));
assert.ok(css('@gallop/ui-kit/button/button.css').includes('.gk-button--primary {'));
console.log('consumer: runtime imports work');
`;

// A bundler app: Vite picks the kit's "module" build, whose components import their own CSS.
const webEntry = `
import { Button } from '@gallop/ui-kit';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

const root = createRoot(document.getElementById('root'));
flushSync(() => root.render(createElement(Button, { theme: 'primary' }, 'Book now')));
const button = document.querySelector('button');
// Chromium's --dump-dom prints the page; the computed styles travel in data attributes.
document.body.dataset.background = getComputedStyle(button).backgroundColor;
document.body.dataset.radius = getComputedStyle(button).borderTopLeftRadius;
`;
const webHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>consumer</title></head>
<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>
`;

const contentTypes = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves `dir` on 127.0.0.1 for Chromium; resolves with the server and its URL. */
function serve(dir) {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url, 'http://localhost').pathname).replace(/^\/+/, '');
    const file = join(dir, path === '' ? 'index.html' : path);
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    response.setHeader('content-type', contentTypes[extname(file)] ?? 'application/octet-stream');
    createReadStream(file)
      .on('error', () => response.writeHead(404).end())
      .pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }),
    ),
  );
}

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

/**
 * Builds a one-button app with Vite (the workspace's copy: nothing more to download) and opens it
 * in Chromium: the button must carry the kit's styles, and only the CSS of what the app imports.
 */
async function bundlerApp() {
  const web = join(app, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), webHtml);
  writeFileSync(join(web, 'main.js'), webEntry);
  const vitePackage = createRequire(join(root, 'packages', 'ui-kit', 'package.json')).resolve(
    'vite/package.json',
  );
  const vite = join(dirname(vitePackage), 'bin', 'vite.js');
  await step('build a Vite app that imports Button', 'node', [vite, 'build'], web);
  const assets = join(web, 'dist', 'assets');
  const styles = readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  for (const [rule, wanted] of [
    ['.gk-button--primary{', true],
    ['--gk-color-brand:#793dfc', true],
    // Tree-shaking keeps the other components' CSS out.
    ['.gk-modal{', false],
    ['.gk-datepicker__grid{', false],
  ]) {
    if (styles.includes(rule) !== wanted)
      throw new Error(`the Vite app's CSS ${wanted ? 'lacks' : 'has'} ${rule}`);
  }
  const chromium = systemChromium();
  if (!chromium) throw new Error('no Chromium found: set CHROME_PATH');
  const { server, url } = await serve(join(web, 'dist'));
  try {
    console.log('• open the Vite app in Chromium');
    const { code, output } = await run(
      chromium,
      [...CHROMIUM_ARGS, '--virtual-time-budget=5000', '--dump-dom', url],
      { quiet: true },
    );
    const background = /data-background="([^"]*)"/.exec(output)?.[1];
    const radius = /data-radius="([^"]*)"/.exec(output)?.[1];
    // #793DFC is the brand colour; without the kit's CSS the button would be the browser's grey.
    if (code !== 0 || background !== 'rgb(121, 61, 252)' || !radius || radius === '0px') {
      console.error(output);
      throw new Error(`the Button rendered without the kit's styles (background ${background})`);
    }
  } finally {
    server.close();
  }
  console.log('consumer: a Vite app renders the kit with its styles');
}

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
  await step(
    'import both packages from plain Node ESM and render the kit to a string',
    'node',
    ['consumer.mjs'],
    app,
  );
  await bundlerApp();
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
