import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The search's price sliders in every currency the site offers, and its result pages: a tester
// found a JPY price bound silently dropped and every page address repeating page 1's cards.

interface TourList {
  items: { id: number; price: number }[];
  pagination: { total: number; page_count: number };
}

async function search(request: APIRequestContext, path: string, currency = 'USD') {
  const response = await request.get(path, { headers: { 'X-Currency': currency } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as TourList;
}

const cardIds = (page: Page) =>
  page
    .locator('.search-page__item[data-tour-id]')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-tour-id'))));

test('in JPY the price slider ends where the filter does, and each of its bounds filters', async ({
  page,
  request,
  gotoHydrated,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'i18n_currency', value: 'JPY', url: baseURL! }]);
  await gotoHydrated('/tours?sort=-price');
  const slider = page.locator('.search-page__aside .gk-slider', { hasText: 'Total price' });
  // JPY's cap and slider end (decision 176): ¥1,000,000 in steps of ¥10,000.
  await expect(slider.locator('output')).toHaveText('JP¥0 – JP¥1,000,000');
  // Down, step by step, to the first bound below the dearest tour's price, so that it filters.
  const dearest = (await search(request, '/spa/tours?sort=-price', 'JPY')).items[0]!;
  const bound = Math.floor((dearest.price - 1) / 10_000) * 10_000;
  expect(bound).toBeGreaterThan(0);
  const thumb = slider.getByRole('slider', { name: /^Maximum price/ });
  await thumb.focus();
  for (let value = 1_000_000; value > bound; value -= 10_000) await thumb.press('ArrowLeft');
  await expect(slider.locator('output')).toHaveText(`JP¥0 – JP¥${bound.toLocaleString('en-US')}`);
  await expect(page).toHaveURL(new RegExp(`/tours\\?priceMax=${bound}&sort=-price$`));
  const expected = await search(request, `/spa/tours?priceMax=${bound}&sort=-price`, 'JPY');
  const all = await search(request, '/spa/tours', 'JPY');
  expect(expected.pagination.total).toBeLessThan(all.pagination.total);
  await expect(page.getByRole('heading', { level: 2, name: /\d+ tours?/ })).toHaveText(
    `${expected.pagination.total} tours`,
  );
  expect(await cardIds(page)).toEqual(expected.items.map((item) => item.id));
});

test('a page number is a link to that page alone; its address shows its own cards', async ({
  page,
  request,
  gotoHydrated,
}) => {
  const first = await search(request, '/spa/tours');
  const second = await search(request, '/spa/tours?page=2');
  expect(first.pagination.page_count).toBeGreaterThan(2);
  await gotoHydrated('/tours');
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  const page2 = nav.getByRole('link', { name: 'Page 2' });
  await expect(page2).toHaveAttribute('href', '/tours?page=2');
  await page2.click();
  await expect(page).toHaveURL(/\/tours\?page=2$/);
  await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => cardIds(page)).toEqual(second.items.map((item) => item.id));
  await expect(
    page.getByText(`Shown ${second.items.length} of ${second.pagination.total}`),
  ).toBeVisible();

  // Opened directly, as a crawler would: the same cards, its own canonical, links to the others.
  const response = await page.goto('/tours?page=2');
  expect(response?.status()).toBe(200);
  expect(await cardIds(page)).toEqual(second.items.map((item) => item.id));
  expect(await cardIds(page)).not.toContain(first.items[0]!.id);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/tours\?page=2$/);
  await expect(nav.getByRole('link', { name: /Previous/ })).toHaveAttribute('rel', 'prev');
  await expect(nav.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/tours');
  await expect(nav.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/tours?page=3');
});

test("'Show more' appends the next page, and the address names the last page shown", async ({
  page,
  request,
  gotoHydrated,
}) => {
  const first = await search(request, '/spa/tours');
  const second = await search(request, '/spa/tours?page=2');
  await gotoHydrated('/tours');
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(page).toHaveURL(/\/tours\?page=2$/);
  await expect
    .poll(() => cardIds(page))
    .toEqual([...first.items, ...second.items].map((item) => item.id));
});

test('a catalogue page with a contradicting filter moves to the search it is', async ({ page }) => {
  const response = await page.goto('/chile?countries=74');
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/tours?countries=74');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Chile/);
});
