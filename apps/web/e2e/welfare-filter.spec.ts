import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeCookieNotice, reviewShots } from './review-shots';
import { tourCardNames } from './tour-cards';

// Issue 47 (decision 122): the search filters on horse-welfare commitments. Expected lists come
// from the API through the web server's proxy; what a commitment means is read off each shown
// tour's own "Horse welfare" card.

const SHOTS_DIR = process.env.GALLOP_SHOTS_DIR ?? '/tmp/gallop-shots';
const shoot = reviewShots(SHOTS_DIR, 'welfare-filter');

interface TourList {
  items: { name: string; slug: string }[];
  pagination: { total: number };
}

async function search(request: APIRequestContext, query: string): Promise<TourList> {
  const response = await request.get(`/spa/tours?${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()) as TourList;
}

/** The filter panel: the aside on a wide screen, the bottom sheet on a phone. */
async function filterPanel(page: Page, phone: boolean): Promise<Locator> {
  if (!phone) return page.getByRole('complementary', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters( \(\d+\))?$/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('the horse-welfare filter', () => {
  test('a rider asks for horses living in a herd: the address carries it, every tour shown states it', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    // It opens the page of every tour shown.
    test.setTimeout(180_000);
    const all = await search(request, '');
    const herd = await search(request, 'welfare=herd_turnout');
    // The demo catalogue keeps some horses in paddocks or stables.
    expect(herd.pagination.total).toBeGreaterThan(0);
    expect(herd.pagination.total).toBeLessThan(all.pagination.total);

    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated('/tours');
    await closeCookieNotice(page);
    const panel = await filterPanel(page, false);
    await panel.getByRole('button', { name: 'Horse welfare' }).click();
    await panel.getByRole('checkbox', { name: /^Horses live in a herd/ }).check();
    await expect(page).toHaveURL(/[?&]welfare=herd_turnout(&|$)/);
    await expect.poll(() => tourCardNames(page)).toEqual(herd.items.map((item) => item.name));
    await expect(
      page.getByRole('button', { name: 'Filters (1)', includeHidden: true }),
    ).toHaveCount(1);

    // Each tour shown says so on its own page's welfare card.
    for (const { slug } of herd.items) {
      await page.goto(`/${slug}`, { waitUntil: 'domcontentloaded' });
      const card = page.getByRole('region', { name: 'Horse welfare' });
      await expect(card.getByText(/^In a herd/), slug).toBeVisible();
    }
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the filter panel's welfare group, two commitments ticked, at ${viewport.width} px`, async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const both = await search(request, 'welfare=herd_turnout&welfare=vet_on_call');
      await page.setViewportSize(viewport);
      // Ticked in another order: the address keeps the commitments in their own order.
      await gotoHydrated('/tours?welfare=vet_on_call,herd_turnout');
      await closeCookieNotice(page);
      await expect.poll(() => tourCardNames(page)).toEqual(both.items.map((item) => item.name));
      const panel = await filterPanel(page, viewport.width < 800);
      const group = panel.locator('.search-group').filter({
        has: page.getByRole('button', { name: 'Horse welfare' }),
      });
      await expect(group.getByRole('checkbox', { name: /^Vet on call/ })).toBeChecked();
      await expect(group.getByRole('checkbox', { name: /^Horses live in a herd/ })).toBeChecked();
      await expect(group.getByRole('checkbox', { name: /^Two rest days/ })).not.toBeChecked();
      const box = (await group.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await shoot(page, group, 'panel');
    });
  }
});
