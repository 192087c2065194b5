import { formatPrice } from '@gallop/currency';
import { formatNumber } from '@gallop/i18n';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

// Everything the page shows comes from the API through the web server's proxy: the tests read
// the same calls and compare, never hard-coded names or numbers.

const HEADLINE = 'Horseback tours with local guides';

interface Card {
  name: string;
  price: number;
  currency: string;
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

const bestTours = (request: APIRequestContext, currency = 'USD') =>
  json<{ items: Card[] }>(request, '/spa/best-tours?with_alt=1', { 'X-Currency': currency });

test.describe('home page', () => {
  test('is rendered on the server with the stats, best tours, ride styles and collections', async ({
    request,
  }) => {
    const [stats, tours, restKinds, collections] = await Promise.all([
      json<Record<string, number>>(request, '/spa/stats'),
      bestTours(request),
      json<{ items: { name: string }[] }>(request, '/crm/api/index-page/all-rest-kinds'),
      json<{ items: { name: string }[] }>(request, '/crm/api/index-page/all-collections'),
    ]);
    const response = await request.get('/');
    const html = await response.text();

    expect(response.status()).toBe(200);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`<title>${HEADLINE} | Gallop</title>`);
    expect(html).toContain(`${HEADLINE}</h1>`);
    // The landing poster (its largest paint, painted from CSS) is announced in the head.
    expect(html).toMatch(
      /<link rel="preload" as="image" href="[^"]+960x540\.jpg" media="\(max-width: 991\.98px\)"/,
    );
    for (const key of ['totalCount', 'toursCount', 'verifiedOrganizersCount', 'regionsCount']) {
      expect(html, key).toContain(`>${formatNumber(stats[key] ?? -1)}</dd>`);
    }
    expect(tours.items.length).toBeGreaterThan(0);
    for (const tour of tours.items) {
      expect(html).toContain(tour.name.replaceAll('&', '&amp;'));
      expect(html).toContain(formatPrice(tour.price, tour.currency));
    }
    // Every ride style, and the first six collections (the rest are one click away).
    for (const item of [...restKinds.items, ...collections.items.slice(0, 6)]) {
      expect(html).toContain(item.name.replaceAll('&', '&amp;'));
    }
  });

  test('preloads its route chunk and serves hashed assets with an immutable cache', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    // The entry and the route chunks are asked for by the inline bootstrap (decision 047).
    const entry = html.match(/\(self,document,"(\/assets\/[^"]+\.js)"/)?.[1];
    const preload = html.match(/gallopEntry\.p\(\["(\/assets\/[^"]+\.js)"/)?.[1];
    expect(preload, 'the home route chunk, preloaded with the entry').toBeTruthy();
    expect(entry, 'the client entry script').toBeTruthy();

    const asset = await request.get(entry ?? '');
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('hydrates without errors and shows the best tours from the API', async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    const tours = await bestTours(request);
    // A returning visitor: the country is known (a first visit asks for it once, when idle).
    await page.context().addCookies([{ name: 'country_id', value: '228', url: baseURL! }]);
    // Everything came with the page: hydrating asks the API for nothing again.
    const apiCalls: string[] = [];
    page.on('request', (call) => {
      if (/^\/(spa|crm|node-api)\//.test(new URL(call.url()).pathname)) apiCalls.push(call.url());
    });
    // The fixture fails the test on any console error or hydration warning.
    expect(await gotoHydrated('/')).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
    await expect(page).toHaveTitle(`${HEADLINE} | Gallop`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    const names = page.locator('.best-tour__name');
    await expect(names).toHaveText(tours.items.map((tour) => tour.name));
    await names.first().getByRole('link').click();
    await expect(page).toHaveURL(/-\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tours.items[0]?.name ?? '');
  });

  test('links organizers to the configured back office', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/');
    for (const [name, path] of [
      ['Register as an organizer', 'register'],
      ['Organizer login', 'login'],
      ['Become a provider', 'register'],
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `https://partners.e2e.example/${path}`,
      );
    }
  });

  test('switching the currency converts the prices and keeps the choice', async ({
    page,
    context,
    request,
    gotoHydrated,
  }) => {
    const [inUsd, inEur] = await Promise.all([bestTours(request), bestTours(request, 'EUR')]);
    const firstPrice = page.locator('.best-tour__price strong').first();
    await gotoHydrated('/');
    await expect(firstPrice).toHaveText(formatPrice(inUsd.items[0]?.price ?? -1, 'USD'));

    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect(firstPrice).toHaveText(formatPrice(inEur.items[0]?.price ?? -1, 'EUR'));
    const cookie = (await context.cookies()).find((item) => item.name === 'i18n_currency');
    expect(cookie?.value).toBe('EUR');
    // Kept for a year (spec: 365 days).
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    // The server renders the next visit in the chosen currency.
    await page.reload();
    await expect(firstPrice).toHaveText(formatPrice(inEur.items[0]?.price ?? -1, 'EUR'));

    // Choosing the default (USD) empties the cookie.
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect(firstPrice).toHaveText(formatPrice(inUsd.items[0]?.price ?? -1, 'USD'));
    expect((await context.cookies()).find((item) => item.name === 'i18n_currency')).toBeUndefined();
  });

  test('the search suggests places and tours as you type and opens the chosen one', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const phrase = 'Ice';
    const { items } = await json<{ items: { text: string; url?: string }[] }>(
      request,
      `/spa/tours-filter-completion?phrase=${phrase}&limit=5`,
    );
    expect(items.length).toBeGreaterThan(0);
    await gotoHydrated('/');

    const box = page.getByRole('combobox', { name: 'Where do you want to ride?' });
    await box.fill(phrase);
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options).toHaveCount(items.length);
    await expect(options).toHaveText(items.map((item) => new RegExp(`^${item.text}`)));

    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(items[0]?.url ?? '');
  });

  test('the cookie alert stays dismissed', async ({ page, context, gotoHydrated }) => {
    await gotoHydrated('/');
    const alert = page.getByRole('region', { name: 'Cookie notice' });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: "Ok, don't show again" }).click();
    await expect(alert).toBeHidden();
    const cookie = (await context.cookies()).find((item) => item.name === 'cookie_alert_dismissed');
    // Kept 180 days (docs/product.md, Constants).
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(179 * 24 * 3600);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(alert).toHaveCount(0);
  });

  test('on a phone the sections are in the menu', async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated('/');
    await expect(page.getByRole('link', { name: 'Become a provider' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Destinations' })).toHaveAttribute(
      'href',
      '/destinations',
    );
    await expect(menu.getByRole('link', { name: 'Become a provider' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/register',
    );
    await expect(menu.getByRole('link', { name: 'Provider login' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/login',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
});
