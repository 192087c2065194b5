import { formatPrice } from '@gallop/currency';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { tourCardNames } from './tour-cards';

/**
 * Issue 7's traveller journey, in one go and against the real API: search with several filters
 * (the address bar follows), open a tour, switch the currency and see its prices converted, save
 * it and find it on /favorites.
 */

interface FacetOption {
  value: string | number;
  text: string;
}
interface TourList {
  items: { name: string; slug: string }[];
  filters?: Record<string, FacetOption[] | number | undefined>;
}

async function json<T>(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.get(path, { headers });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const firstOption = (list: TourList, kind: string) =>
  (list.filters?.[kind] as FacetOption[] | undefined)?.[0];

test.use({ viewport: { width: 1366, height: 900 } });

test('a traveller searches, opens a tour, switches currency, saves it and finds it in favourites', async ({
  page,
  request,
  gotoHydrated,
}) => {
  // 1. Search with two filters: each lands in the address bar, the cards follow.
  const all = await json<TourList>(request, '/spa/tours?expand=filters');
  const country = firstOption(all, 'countries');
  expect(country, 'a country facet').toBeDefined();
  await gotoHydrated('/tours');
  await page.getByRole('checkbox', { name: new RegExp(`^${country!.text} `) }).check();
  await expect(page).toHaveURL(new RegExp(`[?&]countries=${country!.value}(&|$)`));

  const byCountry = await json<TourList>(
    request,
    `/spa/tours?countries=${country!.value}&expand=filters`,
  );
  const level = firstOption(byCountry, 'difficulty');
  expect(level, 'a riding level among them').toBeDefined();
  await page.getByRole('button', { name: 'Difficulty' }).click();
  await page.getByRole('checkbox', { name: new RegExp(`^${level!.text} `) }).check();
  await expect(page).toHaveURL(new RegExp(`difficulty=${level!.value}`));
  await expect(page).toHaveURL(new RegExp(`countries=${country!.value}`));

  const filtered = await json<TourList>(
    request,
    `/spa/tours?countries=${country!.value}&difficulty=${level!.value}`,
  );
  const first = filtered.items[0];
  expect(first, 'a tour matching both filters').toBeDefined();
  await expect.poll(async () => (await tourCardNames(page))[0]).toBe(first!.name);

  // 2. Open the tour.
  await page.locator('.tour-card').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/${first!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.name);

  // 3. Switch the currency: the booking box shows the API's price in euros.
  const inEuros = await json<{ price: number }>(request, `/spa/tour?slug=${first!.slug}`, {
    'X-Currency': 'EUR',
  });
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
  await expect(page.locator('.tour-booking__price strong')).toHaveText(
    formatPrice(inEuros.price, 'EUR'),
  );

  // 4. Save it, then find it on /favorites.
  await page.locator('main header').getByRole('button', { name: 'Save to favourites' }).click();
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Favourites (1)' }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
  await expect(page.getByRole('article').filter({ hasText: first!.name })).toBeVisible();
});
