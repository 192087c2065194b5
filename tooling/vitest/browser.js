import { existsSync } from 'node:fs';

/**
 * Debian's Chromium builds, lightest first. The old headless shell (`chromium-headless-shell`, what
 * Playwright's own download runs headless) has no browser UI: Debian's `chromium --headless` is
 * the whole browser without a window, with its tab strip's web pages and GPU rasterization on
 * software GL. The e2e suite took 0.6× the time on the shell (docs/testing.md, 2026-12-05).
 */
const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * The Chromium that browser tests use: CHROME_PATH, else Debian's headless shell, else Debian's
 * /usr/bin/chromium. Undefined when none exists: Playwright then uses its own download
 * (`playwright install`).
 * @returns {string | undefined}
 */
export function systemChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH))
    return process.env.CHROME_PATH;
  return DEBIAN_CHROMIUMS.find((path) => existsSync(path));
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
