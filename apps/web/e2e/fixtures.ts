import { test as base, expect, type Page } from '@playwright/test';

/**
 * `page` that fails the test on any uncaught page error or console error (hydration mismatches
 * surface as one of the two), and `gotoHydrated` that waits until React has taken over.
 */
export const test = base.extend<{
  gotoHydrated: (path: string) => Promise<number | undefined>;
  /**
   * API answers a test provokes on purpose (a wrong password's 401, a taken e-mail's 422): the
   * browser logs them as failed resource loads, which are not errors of the page. A path given
   * as a RegExp matches addresses whose ids the test learns only as it runs.
   */
  expectedFailedCalls: { status: number; path: string | RegExp }[];
}>({
  expectedFailedCalls: [[], { option: true }],
  page: async ({ page, expectedFailedCalls }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // A 404 document is logged as a failed resource load of the page itself: expected.
      if (message.location().url === page.url() && message.text().includes('404')) return;
      // A test that takes the browser offline (`context.setOffline`) stops loads on purpose.
      if (message.text().includes('net::ERR_INTERNET_DISCONNECTED')) return;
      const pathname = new URL(message.location().url).pathname;
      const expected = expectedFailedCalls.some(
        ({ status, path }) =>
          (typeof path === 'string' ? pathname === path : path.test(pathname)) &&
          message.text().includes(`status of ${status}`),
      );
      if (expected) return;
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
    });
    await use(page);
    // The problems go into the message's first line: CI's list of failed tests prints only that.
    expect(
      problems,
      `no errors in the browser: ${problems.join(' | ').replace(/\s+/g, ' ').slice(0, 400)}`,
    ).toEqual([]);
  },
  gotoHydrated: async ({ page }, use) => {
    await use(async (path) => {
      const response = await page.goto(path);
      await waitForHydration(page);
      return response?.status();
    });
  },
});

/**
 * Server-rendered parts that hydrate from chunks of their own after the rest of the page: the
 * search page's filters panel and sort select once it has painted (decision 041), the 'Help
 * me choose a tour' buttons (decision 050), the tour page's sections (decision 126), and the cookie alert and a signed-in traveller's
 * 'Messages' link (kept out of the first load, `.size-limit.js`). A part the page does not show
 * waits until it does (the search page's aside on a phone: `e2e/search.spec.ts` checks it).
 */
const DEFERRED_PARTS = [
  '.search-filters',
  '.search-page__sort .gk-select',
  '.help-request-button',
  '.gk-cookie-alert',
  '.site-header__messages',
  // The tour page's sections below the overview, after its largest paint (decision 126).
  '.tour-page__section > :not(.tour-page__heading)',
];

/**
 * Waits until React has taken over the page, its shown deferred parts included, as far as they
 * hydrate without the visitor scrolling: the tour page's sections wait until they are within a
 * screen or so of the window (800 px, `after-near-viewport.tsx`).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect
    .poll(() =>
      page.evaluate((selectors) => {
        const hydrated = (element: Element) =>
          Object.keys(element).some((key) => key.startsWith('__react'));
        const nearWindow = (element: Element) => {
          const box = element.getBoundingClientRect();
          return box.top < window.innerHeight + 800 && box.bottom > -800;
        };
        return selectors.every((selector) =>
          [...document.querySelectorAll(selector)]
            .filter((element) => element.checkVisibility() && nearWindow(element))
            .every(hydrated),
        );
      }, DEFERRED_PARTS),
    )
    .toBe(true);
}

/**
 * Keeps the first element matching `selector` that the HTML parser creates, before any script of
 * the page runs: React must hydrate that element, not replace it (see {@link hydratedInPlace}).
 */
export async function keepServerElement(page: Page, selector: string): Promise<void> {
  await page.addInitScript((selector) => {
    const kept = ((
      window as unknown as { serverElements?: Record<string, Element> }
    ).serverElements ??= {});
    new MutationObserver((_records, observer) => {
      const element = document.querySelector(selector);
      if (!element) return;
      kept[selector] = element;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, selector);
}

/** Whether the element the server sent is still in the page and React has taken it over. */
export function hydratedInPlace(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    const server = (window as unknown as { serverElements?: Record<string, Element> })
      .serverElements?.[selector];
    return (
      element !== null &&
      element === server &&
      Object.keys(element).some((key) => key.startsWith('__react'))
    );
  }, selector);
}

export { expect };
