import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots for a person to look at (docs/testing.md): written outside the repository, to
 * `dir`, named `<prefix>-<name>-<viewport width>.png`. They are not compared by any test.
 */
export function reviewShots(dir: string, prefix: string) {
  return async function shoot(page: Page, target: Locator, name: string) {
    mkdirSync(dir, { recursive: true });
    await target.scrollIntoViewIfNeeded();
    const width = page.viewportSize()?.width ?? 0;
    await target.screenshot({ path: path.join(dir, `${prefix}-${name}-${width}.png`) });
  };
}

/** The cookie notice would cover what the screenshots are about. */
export async function closeCookieNotice(page: Page) {
  const notice = page.getByRole('button', { name: "Ok, don't show again" });
  if (await notice.isVisible()) await notice.click();
}
