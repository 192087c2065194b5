import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * From the desktop breakpoint the header's row lives in the page's column (1,200 px at most,
 * whatever the screen): its controls must end where the page's content ends, at every desktop
 * width and signed in or out, and a count appearing on an icon (a heart pressed) must move none
 * of them. Measured before the fix: 32 px past the column at 1440, 148 at 1920 signed out (310
 * signed in), and every control right of the heart 24 px further once a favourite was saved.
 */

/** How far the header's last control ends past the page column, and every control's left edge. */
function headerRow(page: Page) {
  return page.evaluate(() => {
    const inner = document.querySelector<HTMLElement>('.site-header__inner')!;
    const column =
      inner.getBoundingClientRect().right - parseFloat(getComputedStyle(inner).paddingRight);
    const controls = [...inner.querySelectorAll('a, button, select')]
      .map((control) => control.getBoundingClientRect())
      .filter((box) => box.width > 0);
    return {
      pastColumn: Math.max(...controls.map((box) => box.right)) - column,
      lefts: controls.map((box) => Math.round(box.left)),
    };
  });
}

for (const signedIn of [false, true]) {
  test(`the header fits the page column at desktop widths ${signedIn ? 'signed in' : 'signed out'}`, async ({
    page,
    gotoHydrated,
  }) => {
    test.slow(); // four widths, each a page load and two hearts
    // A name as long as the header writes (10 characters) before it abbreviates.
    if (signedIn) await signIn(page, 'traveller@gallop.test');
    for (const width of [1200, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated('/tours');
      if (signedIn) {
        await page
          .locator('.site-header .account-menu__label')
          .evaluate((label) => (label.textContent = 'Maximilian'));
      }
      const before = await headerRow(page);
      expect(before.pastColumn, `${width} px`).toBeLessThanOrEqual(0.5);

      const heart = page.locator('button.favourite-toggle').first();
      const saved = (await heart.getAttribute('aria-pressed')) === 'true';
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', saved ? 'false' : 'true');
      const after = await headerRow(page);
      expect(after.lefts, `${width} px: the header after a heart`).toEqual(before.lefts);
      expect(after.pastColumn, `${width} px`).toBeLessThanOrEqual(0.5);
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', saved ? 'true' : 'false');
    }
  });
}
