import { existsSync } from 'node:fs';

/**
 * The Chromium that browser tests use: CHROME_PATH, else Debian's /usr/bin/chromium.
 * Returns undefined when neither exists; callers then use Playwright's own download.
 */
export function systemChromium() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH))
    return process.env.CHROME_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}
