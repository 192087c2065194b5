#!/usr/bin/env node
// Proves that other teams can use what we publish: packs every published @gallop package with
// pnpm (as `pnpm publish` would), checks each tarball's contents and manifest, installs the
// tarballs with npm into a fresh project outside the workspace together with the OLDEST peer
// versions the packages claim, imports them from plain Node ESM (no loader hooks: SSR without a
// bundler) and require()s every entry point from CommonJS (require(esm), Node >= 20.19), builds a
// small app with Vite and opens it in Chromium (the kit renders with its styles, and only the
// imported components' CSS ships), bundles the kit with esbuild, and typechecks a consumer file
// with tsc (NodeNext). See docs/decisions/112. It also installs the kit alone and fails when its
// production dependencies outgrow their budget (issue 48, docs/decisions/125).
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
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { directorySize, MIB, mib, packageSizes } from './lib/install-size.mjs';
import { run } from './lib/run.mjs';

const root = join(import.meta.dirname, '..', '..');
// Every package published to npm (the workspace's non-private packages under packages/).
const packages = [
  '@gallop/api-client',
  '@gallop/chat',
  '@gallop/currency',
  '@gallop/i18n',
  '@gallop/rider-fit',
  '@gallop/search-filters',
  '@gallop/session',
  '@gallop/ui-kit',
];
// The lowest version of each peer that the packages' peerDependencies accept: the consumer app
// installs exactly these, so a peer range is only as wide as what this test runs. Raise a value
// here when a package's peer range is raised (and the other way round).
const oldestPeers = {
  '@tanstack/react-query': '5.102.0',
  react: '19.0.0',
  'react-dom': '19.0.0',
  '@types/react': '19.0.0',
  '@types/react-dom': '19.0.0',
  jotai: '2.20.0',
  zod: '4.1.0',
};
/**
 * What installing the kit costs an app, in MiB on disk as `du -sh node_modules` shows it: the kit
 * and its production dependencies, React left out (the app has it). Issue 48 asks for 30 MB, but
 * React Aria alone takes 59.5 (react-aria, react-aria-components, react-stately), so the budget
 * holds what decision 125 measured (82.4, from 109.7) and the test prints both.
 */
const KIT_INSTALL_BUDGET_MIB = 90;
const KIT_INSTALL_TARGET_MIB = 30;
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

/**
 * The tarball carries what a registry page and a licence audit need, and its manifest is the
 * published one: dist entry points, no `catalog:` or `workspace:` ranges.
 */
function checkTarball(name, file) {
  const entries = new Set(
    execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n').filter(Boolean),
  );
  for (const wanted of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']) {
    if (!entries.has(`package/${wanted}`)) throw new Error(`${name}'s tarball lacks ${wanted}`);
  }
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }),
  );
  const directory = `packages/${name.replace('@gallop/', '')}`;
  if (manifest.repository?.directory !== directory || !manifest.repository?.url)
    throw new Error(`${name}'s manifest lacks repository.directory ${directory}`);
  for (const field of ['homepage', 'bugs', 'engines', 'license']) {
    if (!manifest[field]) throw new Error(`${name}'s manifest lacks ${field}`);
  }
  for (const group of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dependency, range] of Object.entries(manifest[group] ?? {})) {
      if (/^(catalog|workspace):/.test(range))
        throw new Error(`${name} ships ${group}.${dependency} = ${range}`);
    }
  }
  const targets = JSON.stringify(manifest.exports);
  if (targets.includes('/src/') || !entries.has('package/dist/index.js'))
    throw new Error(`${name}'s exports do not point into dist/: ${targets}`);
}

// require() of every entry point from CommonJS: Node >= 20.19 loads the ESM build (require(esm)).
const consumerCommonJs = `
'use strict';
const assert = require('node:assert/strict');
const { createGallopClient, ApiError, unwrap } = require('@gallop/api-client');
const { gallopMutationOptions, gallopQueryKey } = require('@gallop/api-client/query');
const { CHAT_EVENTS } = require('@gallop/chat');
const { resolveCurrency } = require('@gallop/currency');
const { CurrencyProvider } = require('@gallop/currency/react');
const { createTranslator } = require('@gallop/i18n');
const { I18nProvider } = require('@gallop/i18n/react');
const { RIDER_LEVELS } = require('@gallop/rider-fit');
const { SORT_LABELS } = require('@gallop/search-filters');
const { favouritesCookie } = require('@gallop/session');
const { Button } = require('@gallop/ui-kit');
for (const value of [createGallopClient, ApiError, unwrap, gallopQueryKey, gallopMutationOptions,
  resolveCurrency, CurrencyProvider, createTranslator, I18nProvider, favouritesCookie]) {
  assert.equal(typeof value, 'function');
}
assert.equal(typeof CHAT_EVENTS, 'object');
assert.ok(RIDER_LEVELS.length > 0);
assert.equal(typeof SORT_LABELS, 'object');
// Plain Node gets the CSS-free build of the kit, from require() as from import.
assert.ok(require.resolve('@gallop/ui-kit').endsWith('/dist/node/index.js'));
assert.ok(Button);
console.log('consumer: require() of every entry point works');
`;

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
// By default a failed answer resolves to openapi-fetch's { error, response }; unwrap() and the
// react-query helpers (their own entry point) turn it into an ApiError, as throwOnError does.
const { ApiError, unwrap } = await import('@gallop/api-client');
const notFound = {
  baseUrl: 'http://api.example',
  locale: { iso: 'en', localizationId: 1 },
  currency: 'USD',
  fetch: async () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404 }),
};
const result = await createGallopClient(notFound).GET('/health');
assert.deepEqual(result.error, { error: 'Not found', message: 'Not found' });
assert.equal(result.response.status, 404);
assert.throws(() => unwrap(result), (error) => error instanceof ApiError && error.status === 404);
const failure = await createGallopClient({ ...notFound, throwOnError: true })
  .GET('/health')
  .catch((error) => error);
assert.ok(failure instanceof ApiError);
assert.equal(failure.message, 'Not found');
const { MutationObserver, QueryClient } = await import('@tanstack/react-query');
const { healthQueryOptions, operationKeys, startPaymentMutationOptions } = await import(
  '@gallop/api-client/query'
);
assert.deepEqual(healthQueryOptions(client).queryKey, ['get', '/health']);
assert.deepEqual(await new QueryClient().fetchQuery(healthQueryOptions(client)), { status: 'ok', uptime: 1 });
const queryFailure = await new QueryClient({ defaultOptions: { queries: { retry: false } } })
  .fetchQuery(healthQueryOptions(createGallopClient(notFound)))
  .catch((error) => error);
assert.ok(queryFailure instanceof ApiError);
// A mutation option: keyed like operationKeys, sends its variables, fails with ApiError.
const payments = createGallopClient({
  ...notFound,
  fetch: async (request) =>
    (await request.json()).request_id === 7
      ? Response.json({ id: 70, status: 'pending' })
      : Response.json({ message: 'Already paid' }, { status: 409 }),
});
const startPayment = startPaymentMutationOptions(payments);
assert.deepEqual(startPayment.mutationKey, operationKeys.startPayment);
const payment = { payment_type: 'full', payment_method: 'card' };
const started = await new MutationObserver(new QueryClient(), startPayment).mutate({
  body: { ...payment, request_id: 7 },
});
assert.deepEqual(started, { id: 70, status: 'pending' });
const refused = await new MutationObserver(new QueryClient(), startPayment)
  .mutate({ body: { ...payment, request_id: 8 } })
  .catch((error) => error);
assert.ok(refused instanceof ApiError);
assert.equal(refused.status, 409);

// The chat README's outbox with its client (throwOnError: true): a refused send fails the message,
// one without an answer waits for the connection, a captcha not solved holds it.
const { createOutbox } = await import('@gallop/chat');
const { isApiError } = await import('@gallop/api-client');
const chatClient = (fetch) => createGallopClient({ ...notFound, fetch, throwOnError: true });
async function sendWith(fetch) {
  const api = chatClient(fetch);
  const outbox = createOutbox({
    send: async (body) => (await api.POST('/crm/api/chat/send-message', { body })).data,
    isOffline: (error) => isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'),
    isHeld: (error) => isApiError(error) && (error.kind === 'captcha' || error.kind === 'hard_captcha'),
  });
  outbox.enqueue({ chatId: 42, text: 'Is the tour on?' });
  await outbox.idle();
  const [message] = outbox.list(42);
  outbox.dispose();
  return message;
}
const sentMessage = { id: 1, chat_id: 42, type: 'output', message: 'Is the tour on?', created_at: '2026-12-06T10:00:00Z' };
assert.equal((await sendWith(async () => Response.json(sentMessage))).status, 'success');
const notMine = await sendWith(async () => Response.json({ message: 'Chat not found' }, { status: 404 }));
assert.deepEqual([notMine.status, notMine.error], ['failed', 'Chat not found']);
const unanswered = await sendWith(async () => {
  throw new TypeError('fetch failed');
});
assert.deepEqual([unanswered.status, unanswered.offline], ['waiting', true]);
const captcha = await sendWith(async () => Response.json({ type: 'captcha' }, { status: 429 }));
assert.deepEqual([captcha.status, captcha.held], ['waiting', true]);

// The currency README's chooseCurrency with a default client and unwrap: a refused save rejects.
const { chooseCurrency } = await import('@gallop/currency');
const currencyApi = createGallopClient({
  ...notFound,
  fetch: async () => Response.json({ message: 'Unauthorized' }, { status: 401 }),
});
const saveFailure = await chooseCurrency('GBP', {
  localeCurrency: 'EUR',
  saveOnServer: async (code) =>
    unwrap(await currencyApi.POST('/crm/api/user/set-currency', { body: { currency_code: code } })),
  reload: false,
}).catch((error) => error);
assert.ok(saveFailure instanceof ApiError);
assert.equal(saveFailure.status, 401);
console.log('consumer: the chat and currency README examples fail as documented');

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
import { createGallopClient, unwrap, type paths, type GallopClient } from '@gallop/api-client';
import {
  gallopMutationOptions,
  gallopQueryOptions,
  startPaymentMutationOptions,
  tourQueryOptions,
} from '@gallop/api-client/query';
import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps } from '@gallop/ui-kit';
import { createElement } from 'react';

const options = { baseUrl: 'http://api.example', locale: { iso: 'en', localizationId: 1 }, currency: 'EUR' };
const client: GallopClient = createGallopClient(options);
export async function uptime(): Promise<number | undefined> {
  const { data } = await client.GET('/health');
  return data?.uptime;
}
// The error body is typed by the contract; a refused redirect carries its url.
export async function tourOrRedirect(): Promise<string> {
  const { data, error } = await client.GET('/spa/tour', { params: { query: { slug: 'x' } } });
  if (error) return 'type' in error ? error.url : error.message;
  return data && 'slug' in data ? data.slug : '';
}
// throwOnError: true makes data non-optional (failures reject with ApiError).
const throwing: GallopClient<true> = createGallopClient({ ...options, throwOnError: true });
export async function strictUptime(): Promise<number> {
  return (await throwing.GET('/health')).data.uptime;
}
export async function unwrapped(): Promise<number> {
  return unwrap(await client.GET('/health')).uptime;
}
export function useStartPayment() {
  const start = useMutation(startPaymentMutationOptions(client));
  start.mutate({ body: { request_id: 7, payment_type: 'full', payment_method: 'card' } });
  // @ts-expect-error: the payment start takes \`request_id\`, not \`booking_id\`.
  start.mutate({ body: { booking_id: 7, payment_type: 'full', payment_method: 'card' } });
  const status: number | undefined = start.error?.status;
  return [status, useMutation(gallopMutationOptions(throwing, 'post', '/crm/api/payment/start'))];
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

// The same types from CommonJS: TypeScript (>= 5.8, NodeNext) types a require() of an ES module.
const consumerCommonJsTypes = `
import client = require('@gallop/api-client');
import query = require('@gallop/api-client/query');
import kit = require('@gallop/ui-kit');
import currency = require('@gallop/currency/react');

export const created: client.GallopClient = client.createGallopClient({ baseUrl: 'http://api.example', locale: { iso: 'en', localizationId: 1 }, currency: 'EUR' });
export const key = query.gallopQueryKey('/health');
export const props: kit.ButtonProps = { theme: 'primary', children: 'Book now' };
export const provider = currency.CurrencyProvider;
// @ts-expect-error: 'rainbow' is not a button theme.
export const wrong: kit.ButtonProps = { theme: 'rainbow', children: 'x' };
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

/**
 * Installs the kit's tarball (with the workspace packages it depends on) into an empty project
 * with `npm install --omit=dev --omit=peer`, prints the size of node_modules and fails over the
 * budget.
 */
async function kitInstallSize(files) {
  const kit = files.find((file) => file.includes('gallop-ui-kit-'));
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', kit, 'package/package.json'], { encoding: 'utf8' }),
  );
  const ownPackages = Object.keys(manifest.dependencies ?? {})
    .filter((name) => name.startsWith('@gallop/'))
    .map((name) =>
      files.find((file) => file.includes(`${name.replace('@', '').replace('/', '-')}-`)),
    );
  const project = join(work, 'kit-alone');
  mkdirSync(project);
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'kit-alone', private: true }),
  );
  await step(
    'npm install the kit alone (production dependencies, no peers)',
    'npm',
    [
      'install',
      '--omit=dev',
      '--omit=peer',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      kit,
      ...ownPackages,
    ],
    project,
  );
  const nodeModules = join(project, 'node_modules');
  const { disk, files: bytes } = directorySize(nodeModules);
  const diskMib = disk / MIB;
  const largest = packageSizes(nodeModules)
    .slice(0, 5)
    .map(({ name, disk: size }) => `${name} ${mib(size)}`)
    .join(', ');
  console.log(
    `consumer: the kit installs ${mib(disk)} MiB on disk (${mib(bytes)} MiB of files); ` +
      `budget ${KIT_INSTALL_BUDGET_MIB}, issue 48's target ${KIT_INSTALL_TARGET_MIB} ` +
      `(${diskMib <= KIT_INSTALL_TARGET_MIB ? 'met' : 'not met'}); largest: ${largest}`,
  );
  if (diskMib > KIT_INSTALL_BUDGET_MIB)
    throw new Error(`the kit's installed dependencies exceed ${KIT_INSTALL_BUDGET_MIB} MiB`);
}

/** Bundles a file that imports the kit's Button with esbuild (the workspace's copy, via tsup). */
async function esbuildApp() {
  const web = join(app, 'esbuild');
  mkdirSync(web);
  writeFileSync(join(web, 'main.js'), webEntry);
  const tsupRequire = createRequire(
    createRequire(join(root, 'packages', 'ui-kit', 'package.json')).resolve('tsup/package.json'),
  );
  const esbuild = join(dirname(tsupRequire.resolve('esbuild/package.json')), 'bin', 'esbuild');
  await step(
    'bundle a file that imports Button with esbuild',
    esbuild,
    ['main.js', '--bundle', '--format=esm', '--outdir=dist', '--log-level=error'],
    web,
  );
  const script = readFileSync(join(web, 'dist', 'main.js'), 'utf8');
  const styles = readFileSync(join(web, 'dist', 'main.css'), 'utf8');
  if (!script.includes('gk-button') || !styles.includes('.gk-button--primary {'))
    throw new Error("the esbuild bundle lacks the kit's Button or its CSS");
  console.log('consumer: esbuild bundles the kit with its CSS');
}

try {
  await step(
    `pack ${packages.length} packages`,
    'pnpm',
    [...packages.flatMap((name) => ['--filter', name]), 'pack', '--pack-destination', tarballs],
    root,
  );
  const files = readdirSync(tarballs).map((file) => join(tarballs, file));
  if (files.length !== packages.length) throw new Error(`expected ${packages.length} tarballs`);
  for (const name of packages) {
    const file = files.find((path) => path.includes(`${name.replace('@', '').replace('/', '-')}-`));
    if (!file) throw new Error(`no tarball for ${name}`);
    checkTarball(name, file);
  }
  console.log('consumer: every tarball carries LICENSE, README, CHANGELOG and its metadata');
  await kitInstallSize(files);
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
      ...Object.entries(oldestPeers).map(([name, version]) => `${name}@${version}`),
      'typescript@5.9',
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
  writeFileSync(join(app, 'consumer.cjs'), consumerCommonJs);
  await step('require() every entry point from CommonJS', 'node', ['consumer.cjs'], app);
  await bundlerApp();
  await esbuildApp();
  writeFileSync(join(app, 'consumer.ts'), consumerTypes);
  writeFileSync(join(app, 'consumer-require.cts'), consumerCommonJsTypes);
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
        files: ['consumer.ts', 'consumer-require.cts'],
      },
      null,
      2,
    ),
  );
  await step(
    'typecheck an ESM and a CommonJS consumer file with tsc (NodeNext, skipLibCheck off)',
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
