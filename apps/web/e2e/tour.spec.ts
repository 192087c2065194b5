import { formatPrice } from '@gallop/currency';
import type { APIRequestContext } from '@playwright/test';
import { formatDateRange } from '../src/features/tour/format';
import { expect, test, waitForHydration } from './fixtures';

// Fixtures come from the API through the web server's proxy: never hard-coded ids or slugs.

interface Card {
  id: number;
  slug: string;
  name: string;
  reviews_count?: number;
  nearest_date?: unknown;
}

interface TourAnswer {
  name: string;
  slug: string;
  description: string;
  reviews_count?: number;
  dates: { start: string; end: string; price: number; currency: string }[];
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A tour from the catalogue search; `pick` chooses among the first page. */
async function findTour(
  request: APIRequestContext,
  pick: (card: Card) => boolean = () => true,
): Promise<TourAnswer> {
  const { items } = await json<{ items: Card[] }>(request, '/spa/tours');
  const card = items.find(pick);
  expect(card, 'a tour in the search results').toBeDefined();
  return json<TourAnswer>(request, `/spa/tour?slug=${card?.slug}`);
}

/** A published tour whose dates have all passed: a card without an upcoming date. */
async function findPassedTour(request: APIRequestContext): Promise<Card> {
  const ids = Array.from({ length: 100 }, (_, index) => `ids=${index + 1}`).join('&');
  const { items } = await json<{ items: Card[] }>(request, `/crm/api/tour/get-by-ids?${ids}`);
  const passed = items.find((card) => card.nearest_date === undefined);
  expect(passed, 'a tour whose dates have passed').toBeDefined();
  return passed as Card;
}

test.describe('tour page', () => {
  test('answers 200 with its name, dates and head tags', async ({ request }) => {
    const tour = await findTour(request);
    const response = await request.get(`/${tour.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${tour.name} | Gallop</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${tour.name}</h1>`));
    expect(html).toContain(`<link rel="canonical" href="/${tour.slug}"`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*1200x630[^"]*"/);
    const [first] = tour.dates;
    expect(html).toContain(formatDateRange(first?.start ?? '', first?.end ?? ''));
  });

  test('shows the dates with prices and the booking box once hydrated', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const tour = await findTour(request);
    expect(await gotoHydrated(`/${tour.slug}`)).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tour.name);
    const rows = page.locator('#dates .tour-dates__table tbody tr');
    await expect(rows).toHaveCount(Math.min(tour.dates.length, 6));
    const [first] = tour.dates;
    await expect(rows.first()).toContainText(formatDateRange(first?.start ?? '', first?.end ?? ''));
    await expect(rows.first()).toContainText(formatPrice(first?.price ?? 0, first?.currency ?? ''));
    await expect(page.getByRole('complementary', { name: 'Booking' })).toContainText('from');
    await expect(
      page.getByRole('complementary', { name: 'Booking' }).getByRole('link', {
        name: 'Request booking',
      }),
    ).toHaveAttribute('href', /\/booking\/new\?tour=\d+&date=\d+/);
  });

  test('a tour whose dates have passed answers 410 with the spec text', async ({
    browser,
    request,
  }) => {
    const passed = await findPassedTour(request);
    const text = 'This page is no longer available because the tour dates have passed';
    const response = await request.get(`/${passed.slug}`);
    expect(response.status()).toBe(410);
    expect(await response.text()).toContain(text);

    // Its own page: an error page logs the failed document load and React's caught route error
    // (the shared fixture allows that for 404 only); hydration itself must stay silent.
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    const answer = await page.goto(`/${passed.slug}`);
    expect(answer?.status()).toBe(410);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
    expect(
      messages.filter((message) =>
        /hydration failed|hydration mismatch|did not match|server rendered html/i.test(message),
      ),
    ).toEqual([]);
    await page.close();
  });

  test('an unknown tour answers 404', async ({ request }) => {
    const response = await request.get('/no-such-tour-987654321');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page not found...');
  });

  test('opens the photos, loads more reviews and shows the route', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const tour = await findTour(request, (card) => (card.reviews_count ?? 0) > 3);
    await gotoHydrated(`/${tour.slug}`);

    await page.getByRole('button', { name: `Open the photos of ${tour.name}` }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    const reviews = page.locator('#reviews .tour-review');
    await expect(reviews).toHaveCount(3);
    await page.getByRole('button', { name: 'Show more reviews' }).click();
    await expect(reviews).toHaveCount(Math.min(6, tour.reviews_count ?? 0));

    await page.getByRole('button', { name: 'Show on map' }).click();
    await expect(page.locator('#route ol li').first()).toBeVisible();
  });
});
