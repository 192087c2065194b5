import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { tourCardNames } from './tour-cards';

// Fixtures come from the API through the web server's proxy: never hard-coded dates or names.

interface CalendarPeriod {
  name: string;
  date_from: string;
  date_to: string;
}

interface TourList {
  items: { name: string; nearest_date?: { start: string } }[];
  pagination: { total: number };
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const windowQuery = (period: CalendarPeriod) =>
  `dateFrom=${period.date_from}&dateTo=${period.date_to}`;

/** The first period the filter offers that has tours: a holiday or a season. */
async function periodWithTours(request: APIRequestContext) {
  const { items } = await json<{ items: CalendarPeriod[] }>(request, '/spa/calendar-periods');
  for (const period of items) {
    const list = await json<TourList>(request, `/spa/tours?${windowQuery(period)}`);
    if (list.pagination.total > 0) return { period, list };
  }
  throw new Error('no calendar period has tours');
}

test.describe('search page: holidays and seasons for the dates', () => {
  test('a traveller picks a period: the address bar and the results follow, and reload keeps it', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const { period, list } = await periodWithTours(request);
    await gotoHydrated('/tours');

    // The desktop panel; the picks arrive with the filters' own chunk, after the page.
    const pick = page
      .locator('.search-page__aside')
      .getByRole('button', { name: period.name, exact: true });
    await expect(pick).toHaveAttribute('aria-pressed', 'false');
    await pick.click();

    await expect(page).toHaveURL(new RegExp(`[?&]${windowQuery(period)}(&|$)`));
    await expect(pick).toHaveAttribute('aria-pressed', 'true');
    const total = list.pagination.total;
    await expect(page.locator('#search-results-heading')).toHaveText(
      `${total} ${total === 1 ? 'tour' : 'tours'}`,
    );
    await expect.poll(() => tourCardNames(page)).toEqual(list.items.map((item) => item.name));
    // Each result rides within the period: its nearest date starts inside the window.
    for (const item of list.items) {
      expect(item.nearest_date?.start, item.name).toBeDefined();
      expect(item.nearest_date!.start >= period.date_from, item.name).toBe(true);
      expect(item.nearest_date!.start <= period.date_to, item.name).toBe(true);
    }

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(pick).toHaveAttribute('aria-pressed', 'true');

    // Pressing it again is 'any dates'.
    await pick.click();
    await expect(page).not.toHaveURL(/dateFrom|dateTo/);
    await expect(pick).toHaveAttribute('aria-pressed', 'false');
  });
});
