import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The server's HTML must arrive styled and stay put while the page hydrates: every stylesheet the
 * first paint needs comes with the HTML (one app stylesheet, see vite.config.ts), so nothing moves
 * when scripts load. Measured with the browser's own layout-shift entries, from the first paint
 * until the page has settled, at phone and desktop widths.
 */

async function firstTour(request: APIRequestContext): Promise<string> {
  const response = await request.get('/spa/best-tours');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: { slug: string }[] };
  return `/${body.items[0]!.slug}`;
}

async function firstCataloguePage(request: APIRequestContext): Promise<string> {
  const response = await request.get('/spa/seo-pages-sitemap');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: { url: string }[] };
  return body.items[0]!.url;
}

/** One layout-shift entry, with what moved, for the failure message. */
interface Shift {
  value: number;
  at: number;
  moved: string[];
}
/** The browser's layout-shift entry (not in TypeScript's DOM types). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
}

for (const width of [390, 1366]) {
  test.describe(`layout stability at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    for (const kind of ['home', 'search', 'tour'] as const) {
      test(`the ${kind} page does not shift while it loads and hydrates`, async ({
        page,
        request,
      }) => {
        const path =
          kind === 'home'
            ? '/'
            : kind === 'search'
              ? await firstCataloguePage(request)
              : await firstTour(request);
        await page.addInitScript(() => {
          const shifts: Shift[] = [];
          (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts = shifts;
          const describe = (node: Node | null) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
              : String(node?.nodeName);
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as LayoutShiftEntry[]) {
              shifts.push({
                value: entry.value,
                at: Math.round(entry.startTime),
                moved: entry.sources.map(
                  ({ node, previousRect, currentRect }) =>
                    `${describe(node)} ${previousRect.y}→${currentRect.y} (h ${previousRect.height}→${currentRect.height})`,
                ),
              });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const shifts = await page.evaluate(
          () => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts,
        );
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        // "Good" cumulative layout shift is below 0.1; a styled server page should shift ~0.
        expect(total, `layout shifts on ${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.02);
      });
    }
  });
}
