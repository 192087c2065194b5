import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@gallop/vitest-config/browser';
import { defineConfig, devices } from '@playwright/test';

/**
 * Free loopback ports for the five servers, found once by the runner (workers inherit them through
 * the env). All are held open together in one process before any is let go: ports found one by
 * one were each free, but not always different (CI once started a web server on the API's port).
 */
function freePorts(count: number): string[] {
  const script = `const net=require('node:net');const servers=[];
for(let i=0;i<${count};i+=1)servers.push(new Promise((ok)=>{const s=net.createServer();s.listen(0,'127.0.0.1',()=>ok(s))}));
Promise.all(servers).then((all)=>{console.log(all.map((s)=>s.address().port).join(' '));for(const s of all)s.close()})`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ');
}
const loopback = (port: string) => `http://127.0.0.1:${port}`;

const portNames = [
  'GALLOP_E2E_PORT',
  'GALLOP_E2E_API_PORT',
  // A second web server whose API is down (nothing listens on that port): the 503 page.
  'GALLOP_E2E_DOWN_PORT',
  'GALLOP_E2E_DEAD_API_PORT',
  // A third web server with the runtime-flagged pages on (QR payment, arrival), over the same API.
  'GALLOP_E2E_FLAGS_PORT',
] as const;
if (portNames.some((name) => !process.env[name])) {
  const found = freePorts(portNames.length);
  portNames.forEach((name, index) => (process.env[name] = found[index]));
}
const portOf = (name: (typeof portNames)[number]): string => process.env[name] ?? '';
const port = portOf('GALLOP_E2E_PORT');
const apiPort = portOf('GALLOP_E2E_API_PORT');
const downPort = portOf('GALLOP_E2E_DOWN_PORT');
const deadApiPort = portOf('GALLOP_E2E_DEAD_API_PORT');
const flagsPort = portOf('GALLOP_E2E_FLAGS_PORT');
const baseURL = loopback(port);
process.env.GALLOP_E2E_DOWN_URL ??= loopback(downPort);
process.env.GALLOP_E2E_FLAGS_URL ??= loopback(flagsPort);

/**
 * With DATABASE_URL (CI), the e2e API runs on PostgreSQL, on a database of its own made empty for
 * each run (`<database>_e2e`; the API migrates and seeds it on start): rows the vitest suite leaves
 * in DATABASE_URL's database never reach a page. Without it, a throwaway in-memory PGlite.
 */
function freshE2eDatabase(): string {
  if (!process.env.DATABASE_URL) return '';
  return execFileSync('pnpm', ['exec', 'tsx', 'src/testing/fresh-database-cli.ts', 'e2e'], {
    cwd: fileURLToPath(new URL('../api/', import.meta.url)),
    encoding: 'utf8',
  }).trim();
}
const apiDatabaseUrl = (process.env.GALLOP_E2E_DATABASE_URL ??= freshE2eDatabase());

/** The built production web server (run `pnpm build` first), as it runs in production. */
function webServer(listenPort: string, apiUrl: string, extraEnv: Record<string, string> = {}) {
  return {
    command: 'node dist/server.js',
    url: `${loopback(listenPort)}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe' as const,
    env: {
      PORT: listenPort,
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      // Not the default: proves the server's value reaches the hydrated client.
      GALLOP_ORGANIZER_URL: 'https://partners.e2e.example',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Playwright's default is half the cores: one worker on the 2-core CI machine, which leaves a
  // core idle while pages wait on the servers; two take about half the time (docs/testing.md,
  // "Where CI's time goes").
  workers: Math.max(2, Math.floor(availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // On a busy 2-core machine journeys with sign-ins (each an argon2id hash) outran 30 s here
  // (2026-12-05); CI's machines are shared. A test that passes takes no longer for it.
  // Likewise each `expect` waits 10 s there, not 5: this stop's two CI rehearsals retried three
  // different tests whose page took just over 5 s to show what they waited for.
  ...(process.env.CI ? { timeout: 60_000, expect: { timeout: 10_000 } } : {}),
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL,
    // A trace of the retry only (CI retries once): recording every test's trace (screenshots and
    // DOM snapshots of each action) took the suite 1.24x the time (docs/testing.md). Locally,
    // `--trace on` records one.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // CHROME_PATH or Debian's headless shell or Chromium (else Playwright's own), headless,
        // no sandbox, and every host but loopback unresolvable (shared with the story tests).
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  webServer: [
    {
      // The built API (`pnpm --filter @gallop/api build`; turbo builds it first in `pnpm test`)
      // on a database of its own, seeded with the deterministic demo catalogue.
      command: 'node dist/main.js',
      cwd: '../api',
      url: `${loopback(apiPort)}/health`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'pipe',
      env: {
        PORT: apiPort,
        HOST: '127.0.0.1',
        // An empty value counts as unset: PGlite, not the inherited DATABASE_URL.
        DATABASE_URL: apiDatabaseUrl,
        PGLITE_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        WEB_ORIGIN: baseURL,
        PUBLIC_URL: baseURL,
        // Sign-in codes and links are read back from GET /dev/outbox.
        DEV_OUTBOX: 'on',
        // The empty database gets the demo catalogue and accounts (never implied by emptiness).
        DEMO_DATA: 'on',
        // Every test signs in and books from 127.0.0.1: no captcha wall between them.
        AUTH_LIMIT: '1000',
        PUBLIC_WRITE_LIMIT: '1000',
        // Every spec searches from 127.0.0.1 too (the search limit is per address and minute).
        SEARCH_LIMIT: '100000',
        // The edge's country header, as behind a CDN: only a spec that sends it is told a country.
        COUNTRY_IP_HEADER: 'CF-IPCountry',
      },
    },
    webServer(port, loopback(apiPort), { COUNTRY_IP_HEADER: 'CF-IPCountry' }),
    webServer(downPort, loopback(deadApiPort)),
    webServer(flagsPort, loopback(apiPort), { FEATURE_QR_PAYMENT: 'on', FEATURE_ARRIVAL: 'on' }),
  ],
});
