import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that fails the test on any uncaught page error or console error (hydration mismatches
 * surface as one of the two), and `gotoHydrated` that waits until React has taken over.
 */
export const test = base.extend<{
  gotoHydrated: (path: string) => Promise<number | undefined>;
  /**
   * API answers a test provokes on purpose (a wrong password's 401, a taken e-mail's 422): the
   * browser logs them as failed resource loads, which are not errors of the page.
   */
  expectedFailedCalls: { status: number; path: string }[];
}>({
  expectedFailedCalls: [[], { option: true }],
  page: async ({ page, expectedFailedCalls }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A 404 document is logged as a failed resource load of the page itself: expected.
      if (message.location().url === page.url() && message.text().includes('404')) return;
      const expected = expectedFailedCalls.some(
        ({ status, path }) =>
          new URL(message.location().url).pathname === path &&
          message.text().includes(`status of ${status}`),
      );
      if (expected) return;
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    await use(page);
    expect(problems, 'no errors in the browser').toEqual([]);
  },
  gotoHydrated: async ({ page }, use) => {
    await use(async (path) => {
      const response = await page.goto(path);
      await waitForHydration(page);
      return response?.status();
    });
  },
});

export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

export { expect };
