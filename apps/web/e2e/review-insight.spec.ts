import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// Issue 47, decision 115: reviews that help the next rider. A traveller narrows a demo tour's
// reviews to a rider level and a lowest rating, sorts them, reloads and keeps that view (it lives
// in the address), and sees the horse-condition average. Expected reviews come from the API
// through the web server's proxy, never hard-coded. Screenshots go outside the repository.
const SHOTS_DIR = process.env.GALLOP_SHOTS_DIR ?? '/tmp/shots-h3';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const LEVEL_NAMES: Record<string, string> = {
  beginner: 'Beginner',
  novice: 'Novice',
  intermediate: 'Intermediate',
  'strong-intermediate': 'Strong intermediate',
  advanced: 'Advanced',
};

interface Review {
  id: number;
  text: string;
  rating: number;
  created_at: string;
  rider_level?: string | null;
}

interface TourAnswer {
  slug: string;
  reviews_count?: number;
  horse_condition?: { rating: number | null; count: number };
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * A demo tour with enough reviews that one rider level has two or more rated 3 and up, and the
 * level and rating filter leaves some out: its reviews (newest first) and that level.
 */
async function tourToFilter(request: APIRequestContext) {
  const { items } = await json<{ items: { slug: string; reviews_count?: number }[] }>(
    request,
    '/spa/tours',
  );
  const candidates = items.filter((card) => (card.reviews_count ?? 0) >= 4);
  for (const card of candidates) {
    const { items: reviews } = await json<{ items: Review[] }>(
      request,
      `/spa/all-tour-reviews?slug=${card.slug}&limit=50`,
    );
    const counts = new Map<string, number>();
    for (const review of reviews)
      if (review.rider_level && review.rating >= 3)
        counts.set(review.rider_level, (counts.get(review.rider_level) ?? 0) + 1);
    const level = [...counts].find(([, count]) => count >= 2)?.[0];
    if (level && counts.get(level)! < reviews.length) {
      const tour = await json<TourAnswer>(request, `/spa/tour?slug=${card.slug}`);
      if ((tour.horse_condition?.count ?? 0) > 0) return { tour, reviews, level };
    }
  }
  throw new Error('no demo tour on the first search page has reviews to filter');
}

async function choose(page: Page, label: string, option: string) {
  const reviews = page.locator('#reviews');
  await reviews.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The review texts the page shows, in order. */
const shownTexts = (page: Page) => page.locator('#reviews .tour-review__text').allTextContents();

test('a traveller narrows and sorts a tour’s reviews, reloads and keeps them; sees the horses’ condition', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { tour, reviews, level } = await tourToFilter(request);
  // Level `level`, rated 3 or more, lowest first; newest first within a rating.
  const expected = reviews
    .filter((review) => review.rider_level === level && review.rating >= 3)
    .sort((a, b) => a.rating - b.rating)
    .map((review) => review.text);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/${tour.slug}`);
  await waitForHydration(page);
  const section = page.locator('#reviews');
  await section.scrollIntoViewIfNeeded();

  const horses = section.locator('.gk-horse-condition');
  await expect(horses).toContainText(tour.horse_condition!.rating!.toFixed(1));
  await expect(horses).toContainText(
    `from ${tour.horse_condition!.count} ${tour.horse_condition!.count === 1 ? 'rider' : 'riders'}`,
  );

  await choose(page, 'Rider level', LEVEL_NAMES[level]!);
  await expect(page).toHaveURL(new RegExp(`reviewLevel=${level}`));
  await choose(page, 'Rating', '3 stars and up');
  await expect(page).toHaveURL(/reviewRating=3/);
  await choose(page, 'Sort by', 'Lowest rated');
  await expect(page).toHaveURL(/reviewSort=lowest/);

  const matching = `${expected.length} ${expected.length === 1 ? 'review matches' : 'reviews match'}`;
  await expect(section.getByText(matching)).toBeVisible();
  // The first page (3 reviews), then 'Show more' until every matching review shows.
  const cards = section.locator('.tour-review');
  await expect(cards).toHaveCount(Math.min(3, expected.length));
  for (let shown = 3; shown < expected.length; shown += 3) {
    await section.getByRole('button', { name: 'Show more reviews' }).click();
    await expect(cards).toHaveCount(Math.min(shown + 3, expected.length));
  }
  await expect.poll(() => shownTexts(page)).toEqual(expected);
  for (const fact of await section.locator('.tour-review__facts').allTextContents())
    expect(fact).toContain(`${LEVEL_NAMES[level]} rider`);

  mkdirSync(SHOTS_DIR, { recursive: true });
  await section.screenshot({ path: path.join(SHOTS_DIR, 'reviews-filtered-1440.png') });

  // A reload keeps the view: the address holds it, the server renders it.
  await page.reload();
  await waitForHydration(page);
  await expect(page).toHaveURL(new RegExp(`reviewLevel=${level}.*`));
  await expect(section.getByText(matching)).toBeVisible();
  await expect(section.getByRole('button', { name: /Rider level$/ })).toContainText(
    LEVEL_NAMES[level]!,
  );
  await expect(section.getByRole('button', { name: /Rating$/ })).toContainText('3 stars and up');
  await expect(section.getByRole('button', { name: /Sort by$/ })).toContainText('Lowest rated');
  await expect.poll(async () => (await shownTexts(page))[0]).toBe(expected[0]);

  // A phone shows the same view, the controls stacked.
  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(SHOTS_DIR, 'reviews-filtered-390.png') });

  // Back to every review: the tour page's own first page, newest first.
  await page.setViewportSize(DESKTOP);
  await choose(page, 'Rider level', 'All levels');
  await choose(page, 'Rating', 'Any rating');
  await choose(page, 'Sort by', 'Newest first');
  await expect(page).not.toHaveURL(/review(Level|Rating|Sort)=/);
  await expect.poll(() => shownTexts(page)).toEqual(reviews.slice(0, 3).map((r) => r.text));
});

test('a bad review view in the address is not used; the valid part is', async ({
  page,
  request,
}) => {
  const { tour } = await tourToFilter(request);
  await page.goto(`/${tour.slug}?reviewLevel=expert&reviewRating=9&reviewSort=lowest`);
  await waitForHydration(page);
  const section = page.locator('#reviews');
  await expect(section.getByRole('button', { name: /Rider level$/ })).toContainText('All levels');
  await expect(section.getByRole('button', { name: /Rating$/ })).toContainText('Any rating');
  await expect(section.getByRole('button', { name: /Sort by$/ })).toContainText('Lowest rated');
});
