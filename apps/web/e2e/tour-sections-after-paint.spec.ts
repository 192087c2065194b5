import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydratedInPlace, keepServerElement, test, waitForHydration } from './fixtures';

// Decision 126: the tour page's sections below its overview are a chunk of their own that the
// browser asks for after the page's largest paint; React keeps the server's HTML and hydrates
// each section in place once the code arrives and the section is near the window, and a tap
// before then is acted on afterwards.

/** The sections' chunk, as the build named it (the manifest maps the module to its file). */
function sectionsChunk(): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../dist/client/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest['src/features/tour/components/tour-page/section-contents.tsx'];
  expect(entry, 'the sections are a chunk of their own').toBeDefined();
  return `/${entry!.file}`;
}

/** A demo tour with reviews (so the page has review filters), through the web server's proxy. */
async function tourWithReviews(request: APIRequestContext): Promise<string> {
  const response = await request.get('/spa/tours');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { slug: string; reviews_count?: number }[];
  };
  const tour = items.find((card) => (card.reviews_count ?? 0) > 0);
  expect(tour, 'a tour with reviews on the first page').toBeDefined();
  return tour!.slug;
}

/** Holds the requests for `path` until `open()`. */
async function holdBack(page: Page, path: string) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { asked: false, open: () => open() };
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      state.asked = true;
      await opened;
      await route.continue();
    },
  );
  return state;
}

const isHydrated = (page: Page, selector: string) =>
  page.evaluate(
    (selector) =>
      Object.keys(document.querySelector(selector) ?? {}).some((key) => key.startsWith('__react')),
    selector,
  );

test.describe('the tour page’s sections after the largest paint', () => {
  test('the sections hydrate in place from their own chunk; the rest of the page does not wait for it', async ({
    page,
    request,
  }) => {
    const slug = await tourWithReviews(request);
    const chunk = sectionsChunk();
    for (const selector of ['.tour-riding', '.tour-dates', '.tour-reviews'])
      await keepServerElement(page, selector);
    const held = await holdBack(page, chunk);
    await page.goto(`/${slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect.poll(() => held.asked, { message: 'the page asked for the chunk' }).toBe(true);
    // The page's own parts work without it (the header's favourite is in the first pass) ...
    expect(await isHydrated(page, '.tour-page__header')).toBe(true);
    // ... while the sections keep the server's HTML, not yet React's.
    await expect(page.locator('.tour-dates')).toBeVisible();
    expect(await isHydrated(page, '.tour-dates')).toBe(false);

    held.open();
    await waitForHydration(page);
    // The first section is near the window: it hydrates in place as soon as the code is here ...
    await expect
      .poll(() => hydratedInPlace(page, '.tour-riding'), { message: '.tour-riding' })
      .toBe(true);
    // ... the ones further down keep the server's HTML until the visitor scrolls to them.
    await page.waitForTimeout(300);
    expect(await isHydrated(page, '.tour-reviews')).toBe(false);
    for (const selector of ['.tour-dates', '.tour-reviews']) {
      await page.locator(selector).scrollIntoViewIfNeeded();
      await expect.poll(() => hydratedInPlace(page, selector), { message: selector }).toBe(true);
    }
  });

  test('a tap on a review filter before the sections’ code has arrived is acted on once it has', async ({
    page,
    request,
  }) => {
    const slug = await tourWithReviews(request);
    const held = await holdBack(page, sectionsChunk());
    await page.goto(`/${slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const reviews = page.locator('#reviews');
    await reviews.getByRole('button', { name: /Sort by$/ }).click();
    // Held: nothing opened yet ...
    await expect(page.getByRole('listbox')).toHaveCount(0);
    held.open();
    // ... and once the section has hydrated, the tap opens the list.
    await page.getByRole('option', { name: 'Lowest rated', exact: true }).click();
    // The choice navigates (the sort is in the address); on a loaded 2-core runner that took
    // more than the default 5 s once (stop 66's rehearsal).
    await expect(page).toHaveURL(/[?&]reviewSort=lowest(&|$)/, { timeout: 15_000 });
  });
});
