import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Debian's Chromium unless CHROME_PATH names another; nothing is ever downloaded. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`no Chromium at ${path}: apt-get install chromium, or set CHROME_PATH`);
  }
  return path;
}

/**
 * Headless, no sandbox (root on CI), no background traffic, and every host but loopback
 * unresolvable: the measured pages are on 127.0.0.1 and nothing may reach the internet.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * Debian's Chromium through Playwright, with the flags above (Playwright passes its own headless
 * switch).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
}
