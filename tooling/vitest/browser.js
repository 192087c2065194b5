import { existsSync } from 'node:fs';

/**
 * The Chromium that browser tests use: CHROME_PATH, else Debian's /usr/bin/chromium.
 * Undefined when neither exists: Playwright then uses its own download (`playwright install`).
 * @returns {string | undefined}
 */
export function systemChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH))
    return process.env.CHROME_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/**
 * Headless Chromium switches for test machines: no sandbox (CI runs as root), no GPU, no
 * background traffic, and every host but loopback unresolvable so tests never reach the network.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** Playwright `launchOptions` for the machine's Chromium. */
export function chromiumLaunchOptions() {
  const executablePath = systemChromium();
  return { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) };
}
