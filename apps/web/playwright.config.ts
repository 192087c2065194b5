import { execFileSync } from 'node:child_process';
import { chromiumLaunchOptions } from '@gallop/vitest-config/browser';
import { defineConfig, devices } from '@playwright/test';

/** A free loopback port, found once by the runner; workers inherit it through the env. */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
const port = (process.env.GALLOP_E2E_PORT ??= freePort());
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // CHROME_PATH or Debian's /usr/bin/chromium (else Playwright's own browser), headless,
        // no sandbox, and every host but loopback unresolvable (shared with the story tests).
        launchOptions: chromiumLaunchOptions(),
      },
    },
  ],
  // The built production server (run `pnpm build` first), as it runs in production.
  webServer: {
    command: 'node dist/server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      API_URL: process.env.API_URL ?? 'http://127.0.0.1:4000',
      // Not the default: proves the server's value reaches the hydrated client.
      GALLOP_ORGANIZER_URL: 'https://partners.e2e.example',
    },
  },
});
