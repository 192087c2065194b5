import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { tourCardNames } from './tour-cards';

// Fixtures come from the API through the web server's proxy: never hard-coded ids or names.

interface Organizer {
  id: number;
  name: string;
  reviews_count?: number;
}

interface Page_<Item> {
  items: Item[];
  pagination: { page: number; total: number; page_count: number };
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A provider with more than one page of reviews and at least one tour open. */
async function providerWithReviews(request: APIRequestContext): Promise<Organizer> {
  const hub = await json<Page_<Organizer>>(request, '/spa/hub-organizer-page?limit=100');
  for (const organizer of hub.items.filter((item) => (item.reviews_count ?? 0) > 10)) {
    const tours = await json<Page_<unknown>>(request, `/spa/tours?organizer=${organizer.id}`);
    if (tours.pagination.total > 0) return organizer;
  }
  throw new Error('no provider with reviews and tours in the demo catalogue');
}

const reviewAuthors = (page: Page) =>
  page.locator('#reviews .organizer-review__author').allTextContents();

test.describe('provider page', () => {
  test('shows the provider, its trust badges, tours and head tags', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const organizer = await providerWithReviews(request);
    const verification = await json<Record<string, boolean>>(
      request,
      `/crm/api/organizer/verification-info?id=${organizer.id}`,
    );
    const tours = await json<Page_<{ name: string }>>(
      request,
      `/spa/tours?organizer=${organizer.id}`,
    );

    expect(await gotoHydrated(`/tour-provider/${organizer.id}`)).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(organizer.name);
    await expect(page).toHaveTitle(`${organizer.name} | Gallop`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/tour-provider/${organizer.id}$`),
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/media\/.+\/1200x630\.jpg$/,
    );

    const badges = page.getByRole('list', { name: 'Verification' });
    await expect(badges.getByRole('listitem').nth(0)).toHaveText(
      verification['is_passport_verified'] ? /Identity verified/ : /Identity not verified/,
    );
    await expect(badges.getByRole('listitem').nth(2)).toHaveText(
      verification['is_email_verified'] ? /Email verified/ : /Email not verified/,
    );

    const tourSection = page.getByRole('region', { name: `Tours by ${organizer.name}` });
    expect(await tourCardNames(tourSection)).toEqual(tours.items.map((tour) => tour.name));
    await expectNoSeriousA11yViolations(page);
  });

  test("'Show more' adds the next five reviews", async ({ page, request, gotoHydrated }) => {
    const organizer = await providerWithReviews(request);
    const first = await json<Page_<{ author_name: string }>>(
      request,
      `/spa/organizer-reviews?id=${organizer.id}&limit=5&page=1`,
    );
    const second = await json<Page_<{ author_name: string }>>(
      request,
      `/spa/organizer-reviews?id=${organizer.id}&limit=5&page=2`,
    );
    await gotoHydrated(`/tour-provider/${organizer.id}`);
    expect(await reviewAuthors(page)).toEqual(first.items.map((review) => review.author_name));

    await page.locator('#reviews').getByRole('button', { name: 'Show more' }).click();
    await expect(page.locator('#reviews .organizer-review')).toHaveCount(10);
    expect(await reviewAuthors(page)).toEqual(
      [...first.items, ...second.items].map((review) => review.author_name),
    );
  });

  test("a tour page's organizer card leads to the provider page", async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const organizer = await providerWithReviews(request);
    const tours = await json<Page_<{ slug: string }>>(
      request,
      `/spa/tours?organizer=${organizer.id}`,
    );
    await gotoHydrated(`/${tours.items[0]?.slug ?? ''}`);
    await page.getByRole('link', { name: 'About the organizer and all their tours' }).click();
    await expect(page).toHaveURL(new RegExp(`/tour-provider/${organizer.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(organizer.name);
  });

  test('unknown and non-numeric ids are the 404 page', async ({ page, gotoHydrated }) => {
    for (const path of ['/tour-provider/999999', '/tour-provider/abc']) {
      expect(await gotoHydrated(path), path).toBe(404);
      await expect(page.getByText('Page not found')).toBeVisible();
    }
  });
});

test.describe('providers hub', () => {
  test('lists providers best first, shows more, links to each provider and to registering', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const first = await json<Page_<Organizer>>(request, '/spa/hub-organizer-page?page=1&limit=12');
    expect(await gotoHydrated('/tour-providers')).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Tour providers | Gallop');
    const names = page.locator('.provider-card__name');
    expect(await names.allTextContents()).toEqual(first.items.map((item) => item.name));
    await expect(page.getByRole('link', { name: 'Become a provider' }).last()).toHaveAttribute(
      'href',
      'https://partners.e2e.example/register',
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Show more' }).click();
    await expect(page).toHaveURL(/\/tour-providers\?page=2$/);
    await expect(names).toHaveCount(Math.min(24, first.pagination.total));

    const target = first.items[1] as Organizer;
    await page.getByRole('link', { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tour-provider/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
  });

  test('a reload of ?page=2 shows both pages', async ({ page, gotoHydrated }) => {
    expect(await gotoHydrated('/tour-providers?page=2')).toBe(200);
    await expect(page.locator('.provider-card')).toHaveCount(24);
  });
});
