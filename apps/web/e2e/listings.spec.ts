import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// Fixtures come from the API through the web server's proxy: never hard-coded ids or names.

interface Destination {
  id: number;
  name: string;
  slug: string;
  tours_count?: number;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

test.describe('destinations', () => {
  test('lists world parts and their countries, each leading to a search with results', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const groups = await json<{ items: { name: string; countries: Destination[] }[] }>(
      request,
      '/crm/api/world-part/groups?show_countries_with_world_parts=1&with_alt=1',
    );
    const part = groups.items.find((group) => group.countries.length > 0);
    const country = part?.countries[0] as Destination;

    expect(await gotoHydrated('/destinations')).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: part?.name })).toBeVisible();
    await expect(page.getByRole('link', { name: `Weather in ${country.name}` })).toHaveAttribute(
      'href',
      `/${country.slug}/climate-and-weather`,
    );
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: new RegExp(`^${country.name}\\s*\\d+ tours?$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/tours\\?countries=${country.id}$`));
    await expect(page.locator('.tour-card').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+ tours?$/ })).not.toHaveText(
      '0 tours',
    );
  });

  test("a country's regions and cities open on demand and lead to their search", async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const groups = await json<{ items: { countries: Destination[] }[] }>(
      request,
      '/crm/api/world-part/groups?show_countries_with_world_parts=1',
    );
    const country = groups.items.flatMap((group) => group.countries)[0] as Destination;
    const regions = await json<{ items: Destination[] }>(
      request,
      `/spa/destinations?kind=region&country_id=${country.id}`,
    );
    const region = regions.items[0] as Destination;

    await gotoHydrated('/destinations');
    const card = page.locator('.country-card').filter({ hasText: country.name }).first();
    await card.getByRole('button', { name: 'Regions and cities' }).click();
    await expect(card.getByRole('heading', { name: 'Regions' })).toBeVisible();
    expect(await card.locator('.country-places__group').first().getByRole('link').count()).toBe(
      regions.items.length,
    );
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: new RegExp(`^${region.name}\\s*\\d+ tours?$`) }).click();
    await expect(page).toHaveURL(new RegExp(`/tours\\?regions=${region.id}$`));
    await expect(page.locator('.tour-card').first()).toBeVisible();
  });
});

test.describe('collections', () => {
  test('shows every collection, each leading to its own landing page', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const collections = await json<{ items: Destination[] }>(
      request,
      '/crm/api/index-page/all-collections',
    );
    expect(await gotoHydrated('/collections')).toBe(200);
    await expect(page).toHaveTitle('Collections of horseback tours | Gallop');
    const tiles = page.getByRole('list', { name: 'All collections' }).getByRole('link');
    await expect(tiles).toHaveCount(collections.items.length);
    await expectNoSeriousA11yViolations(page);

    const collection = collections.items[0] as Destination;
    await tiles.first().click();
    // The collection's catalogue page (`/{slug}`), not the catalogue-wide search of its id.
    await expect(page).toHaveURL(new RegExp(`/${collection.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.tour-card').first()).toBeVisible();
  });
});
