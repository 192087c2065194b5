import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 44, items 1, 12, 13 and 14: suggestions open the search they name, hand-typed addresses
// are normalised (never "Internal Error"), the catalogue's counts agree, and the 410 page and the
// empty search lead somewhere. Fixtures come from the API through the web server's proxy.

interface Suggestion {
  type: string;
  text: string;
  id?: number;
  url: string;
}

interface TourList {
  items: { id: number; name: string; slug: string }[];
  pagination: { total: number; page_count: number };
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A city suggestion the box offers for some short phrase. */
async function citySuggestion(
  request: APIRequestContext,
): Promise<{ phrase: string; city: Suggestion }> {
  for (const phrase of ['a', 'e', 'o', 'ri', 'la']) {
    const { items } = await json<{ items: Suggestion[] }>(
      request,
      `/spa/tours-filter-completion?phrase=${phrase}&only=city&limit=5`,
    );
    if (items[0]) return { phrase, city: items[0] };
  }
  throw new Error('no city suggestion');
}

test('a city suggestion opens the search of its tours, not a 404', async ({
  page,
  request,
  gotoHydrated,
}) => {
  const { city } = await citySuggestion(request);
  expect(city.url).toBe(`/tours?cities=${city.id}`);
  await gotoHydrated('/');
  const box = page.getByRole('combobox', { name: 'Where do you want to ride?' });
  await box.fill(city.text);
  await page
    .getByRole('option', { name: new RegExp(`^${city.text}\\s*City$`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/tours\\?cities=${city.id}$`));
  const expected = await json<TourList>(request, `/spa/tours?cities=${city.id}`);
  await expect(page.getByRole('heading', { level: 2, name: /\d+ tours?/ })).toHaveText(
    `${expected.pagination.total} ${expected.pagination.total === 1 ? 'tour' : 'tours'}`,
  );
});

test('an address ending in a tour id with another text is a 404, not that tour', async ({
  page,
  request,
}) => {
  const { items } = await json<TourList>(request, '/spa/tours');
  const tour = items[0]!;
  const response = await page.goto(`/zzz-${tour.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
});

test('hand-typed searches move to their normalised address and render', async ({ page }) => {
  for (const [typed, canonical] of [
    ['/tours?priceMax=99999999&page=0&sort=default', '/tours'],
    ['/tours?lat=91&lng=10&radius=5000', '/tours?radius=1000'],
  ] as const) {
    const response = await page.goto(typed);
    expect(response?.status(), typed).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(canonical);
    await expect(page.getByText('Internal Error')).toHaveCount(0);
  }
  const long = await page.goto(`/${'x'.repeat(300)}`);
  expect(long?.status()).toBe(404);
});

test('the home page counts as many multi-day tours as the search finds', async ({ request }) => {
  const stats = await json<{ toursCount: number }>(request, '/spa/stats');
  const tours = await json<TourList>(request, '/spa/tours');
  expect(stats.toursCount).toBe(tours.pagination.total);
});

test('the empty search finds a tour by its code', async ({ page, request, gotoHydrated }) => {
  const { items } = await json<TourList>(request, '/spa/tours');
  const tour = items[0]!;
  await gotoHydrated('/tours?priceMax=1');
  await expect(page.getByText('Nothing found based on your search')).toBeVisible();
  await expect(page.getByText('Try searching by code')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tour code' }).fill(String(tour.id));
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`/${tour.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(tour.name);
});
