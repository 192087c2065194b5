import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

interface Place {
  id: number;
  name: string;
  slug: string;
  tours_count?: number;
}
interface ClimateMonth {
  month: number;
  temperature_min: number;
  temperature_max: number;
  precipitation_mm: number;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

/** The first country with tours and its first region, as the API lists them. */
async function findPlaces(request: APIRequestContext) {
  const { items: countries } = await json<{ items: Place[] }>(
    request,
    '/spa/destinations?kind=country',
  );
  for (const country of countries) {
    const { items: regions } = await json<{ items: Place[] }>(
      request,
      `/spa/destinations?kind=region&country_id=${country.id}`,
    );
    const [region] = regions;
    if (region) return { country, region };
  }
  throw new Error('No country with a region in the demo catalogue');
}

const fahrenheit = (celsius: number) => Math.round((celsius * 9) / 5 + 32) + 0;
const celsius = (value: number) => Math.round(value) + 0;

test.describe('weather page', () => {
  test('a country: month by month in the visitor’s units, switchable', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const { country } = await findPlaces(request);
    const { months } = await json<{ months: ClimateMonth[] }>(
      request,
      `/spa/destination-climate?destination_id=${country.id}&kind=country`,
    );
    const path = `/${country.slug}/climate-and-weather`;
    expect(await gotoHydrated(path)).toBe(200);
    await expect(page).toHaveTitle(`Climate and weather in ${country.name} | Gallop`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Climate and weather in ${country.name}`,
    );
    const rows = page.getByRole('table', { name: /by month/ }).locator('tbody tr');
    await expect(rows).toHaveCount(12);

    // The e2e visitor's country is the default, the United States: imperial units.
    const [january] = months;
    const first = rows.first();
    await expect(first).toContainText('January');
    await expect(first).toContainText(`${fahrenheit(january?.temperature_max ?? 0)} °F`);
    await expect(first).toContainText(`${fahrenheit(january?.temperature_min ?? 0)} °F`);

    await page.getByRole('button', { name: /Metric/ }).click();
    await expect(first).toContainText(`${celsius(january?.temperature_max ?? 0)} °C`);
    await expect(first).toContainText(`${Math.round(january?.precipitation_mm ?? 0)} mm`);
    await expect(page.getByRole('button', { name: /Metric/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await expectNoSeriousA11yViolations(page);
  });

  test('leads to the tours there', async ({ page, gotoHydrated, request }) => {
    const { country } = await findPlaces(request);
    await gotoHydrated(`/${country.slug}/climate-and-weather`);
    const link = page.getByRole('link', { name: `Find tours in ${country.name}` });
    await expect(link).toHaveAttribute('href', `/tours?countries=${country.id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/tours\\?countries=${country.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a region of the country, linked from the country page', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const { country, region } = await findPlaces(request);
    await gotoHydrated(`/${country.slug}/climate-and-weather`);
    await page
      .getByRole('navigation', { name: `Weather elsewhere in ${country.name}` })
      .getByRole('link', { name: region.name, exact: true })
      .click();
    await expect(page).toHaveURL(`/${country.slug}/${region.slug}/climate-and-weather`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Climate and weather in ${region.name}, ${country.name}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/${country.slug}/${region.slug}/climate-and-weather$`),
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('unknown places and other deep addresses are the 404 page', async ({ request }) => {
    const { country } = await findPlaces(request);
    for (const path of [
      '/atlantis/climate-and-weather',
      `/${country.slug}/atlantis/climate-and-weather`,
      `/${country.slug}/climate`,
      `/a/b/${country.slug}/climate-and-weather`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('Page not found...');
    }
  });
});
