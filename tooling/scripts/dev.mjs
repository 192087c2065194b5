#!/usr/bin/env node
// `pnpm dev`: the API and the web app in watch mode (turbo), on the ports and with the data of
// `pnpm start` (tooling/scripts/start.mjs): the web on PORT (3000), the API on API_PORT (4000),
// an empty database filled with the demo catalogue and accounts, and the messages the API "sends"
// at /dev/outbox. Each default gives way to the variable when it is set.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const host = process.env.HOST ?? '127.0.0.1';
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.PORT ?? '3000';

const env = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  HOST: host,
  // turbo gives both apps one environment: the API's dev script listens on API_PORT, the web's
  // on PORT.
  PORT: webPort,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://${host}:${apiPort}`,
  WEB_ORIGIN: process.env.WEB_ORIGIN ?? `http://${host}:${webPort}`,
  // An empty database gets the demo catalogue and accounts (never implied by an empty database).
  DEMO_DATA: process.env.DEMO_DATA ?? 'on',
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? 'on',
};

// --env-mode=loose: every variable reaches the apps (dev runs are never cached), so any of the
// API's settings (PGLITE_DIR, DATABASE_URL, ...) works with `pnpm dev` as with `pnpm start`.
const turbo = spawn(
  'pnpm',
  [
    'exec',
    'turbo',
    'run',
    'dev',
    '--filter=@gallop/api',
    '--filter=@gallop/web',
    '--env-mode=loose',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
console.log(
  `\n  Gallop dev: http://${host}:${webPort}  API: ${env.API_URL}  ` +
    `Sent messages: ${env.API_URL}/dev/outbox\n`,
);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => turbo.kill(signal));
}
turbo.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
