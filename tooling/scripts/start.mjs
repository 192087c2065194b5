#!/usr/bin/env node
// `pnpm start`: builds the API and the web app (with the packages they use) and runs both
// production servers. With no DATABASE_URL the API uses its embedded database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { quietEnv, run } from './lib/run.mjs';

const root = join(import.meta.dirname, '..', '..');
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://${host}:${apiPort}`;
const webUrl = `http://${host}:${webPort}`;

console.log('Building the API, the web app and their packages (turbo caches repeat builds)...');
const build = await run(
  'pnpm',
  [
    'exec',
    'turbo',
    'run',
    'build',
    '--filter=@gallop/api...',
    '--filter=@gallop/web...',
    '--output-logs=errors-only',
  ],
  { cwd: root },
);
if (build.code !== 0) {
  console.error('Build failed: see the output above.');
  process.exit(build.code);
}

const children = [];
function startServer(name, cwd, env) {
  const child = spawn(process.execPath, [env.ENTRY], {
    cwd: join(root, cwd),
    env: { ...quietEnv, NODE_ENV: 'production', ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code || 1);
    }
  });
  children.push(child);
}

async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`);
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((child) => child.exitCode !== null || new Promise((r) => child.once('exit', r))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const devOutbox = process.env.DEV_OUTBOX ?? 'on';
/**
 * With the outbox page on, the demo's messenger bots are served with secrets made for this run
 * (the API runs as in production, where a bot without a secret is off and its messenger is not
 * offered): the chat then offers Telegram and WhatsApp, and /dev/outbox hands a code to the bot
 * as a messenger would (decision 068). Nothing outside knows these secrets.
 */
const demoBotSecret = (name) =>
  process.env[name] ?? (devOutbox === 'on' ? randomBytes(24).toString('base64url') : undefined);
const botSecrets = Object.fromEntries(
  ['TELEGRAM_BOT_SECRET', 'WHATSAPP_BOT_SECRET']
    .map((name) => [name, demoBotSecret(name)])
    .filter(([, secret]) => secret !== undefined),
);

startServer('API', 'apps/api', {
  ENTRY: 'dist/main.js',
  HOST: host,
  PORT: apiPort,
  WEB_ORIGIN: webUrl,
  // The local demo shows the messages it would send (sign-in codes, links) at /dev/outbox. The
  // API never serves that page under NODE_ENV=production, so with it on the API runs as
  // `development` (the bots still get this run's secrets above).
  DEV_OUTBOX: devOutbox,
  ...(devOutbox === 'on' ? { NODE_ENV: 'development' } : {}),
  // An empty database gets the demo catalogue and accounts; never implied by an empty database.
  DEMO_DATA: process.env.DEMO_DATA ?? 'on',
  ...botSecrets,
});
startServer('Web', 'apps/web', {
  ENTRY: 'dist/server.js',
  HOST: host,
  PORT: webPort,
  API_URL: apiUrl,
  PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl,
});

try {
  await Promise.all([waitFor(`${apiUrl}/health`), waitFor(`${webUrl}/healthz`)]);
  // The outbox page is named only when it is served (DEV_OUTBOX=on, the local demo).
  const outbox = devOutbox === 'on' ? `  Sent messages: ${apiUrl}/dev/outbox` : '';
  console.log(`\n  Gallop is running: ${webUrl}\n  API: ${apiUrl}${outbox}  (Ctrl+C stops both)\n`);
} catch (error) {
  console.error(error.message);
  stop(1);
}
