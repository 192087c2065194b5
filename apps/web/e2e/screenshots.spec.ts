import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, waitForHydration } from './fixtures';

// Screenshots for design review (not compared): phone and desktop, home and 404.
const SHOTS_DIR = process.env.GALLOP_SHOTS_DIR ?? '/tmp/gallop-shots';

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
const pages = { home: '/', 'not-found': '/no-such/page' } as const;

for (const [viewportName, viewport] of Object.entries(viewports)) {
  for (const [pageName, url] of Object.entries(pages)) {
    test(`screenshot: ${pageName} on ${viewportName}`, async ({ page }) => {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.setViewportSize(viewport);
      await page.goto(url);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Scroll through once so lazy pictures load, then back to the top.
      await page.evaluate(async () => {
        for (let top = 0; top < document.documentElement.scrollHeight; top += 600) {
          window.scrollTo(0, top);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: path.join(SHOTS_DIR, `${pageName}-${viewportName}.png`),
        fullPage: true,
      });
    });
  }
}
