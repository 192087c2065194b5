import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

const HEADLINE = 'Horseback tours with local guides';

test.describe('not-found page', () => {
  test('answers HTTP 404 with the not-found page', async ({ request }) => {
    const response = await request.get('/no-such/page');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page not found...');
    expect(html).toContain('<title>Page not found | Gallop</title>');
  });

  test('"Back home" navigates to / in the browser without a reload', async ({
    page,
    gotoHydrated,
  }) => {
    expect(await gotoHydrated('/no-such/page')).toBe(404);
    await expect(page).toHaveTitle('Page not found | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found...');

    // A client-side navigation keeps this window state; a full page load would drop it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Back home' }).click();

    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(page).toHaveTitle(`${HEADLINE} | Gallop`);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // Rendered in the browser: the organizer URL came from the server's environment.
    await expect(page.getByRole('link', { name: 'Register as an organizer' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/register',
    );
  });

  test('"Back home" still works before JavaScript runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/no-such/page');
    await page.getByRole('link', { name: 'Back home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

/** Console messages that mean a hydration problem (React's wording across versions). */
const HYDRATION_PROBLEM =
  /hydration failed|hydration mismatch|did not match|server rendered html|hydrat.*error/i;

/** A page that records its console: error pages log their own failed document load. */
async function recordingPage(page: Page): Promise<string[]> {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

test.describe('API down', () => {
  const downUrl = process.env.GALLOP_E2E_DOWN_URL ?? '';

  test('every page answers 503 with the support page', async ({ request }) => {
    for (const path of ['/', '/some-catalogue-page', '/a-tour-12']) {
      const response = await request.get(`${downUrl}${path}`);
      expect(response.status(), path).toBe(503);
      const html = await response.text();
      expect(html).toContain('<title>Something went wrong | Gallop</title>');
      expect(html).toContain('An error occurred</h1>');
      expect(html).toContain('Please refresh the page or contact our support team.');
    }
  });

  test('the 503 page hydrates cleanly and keeps the shell', async ({ browser }) => {
    const page = await browser.newPage();
    const messages = await recordingPage(page);
    const response = await page.goto(`${downUrl}/`);
    expect(response?.status()).toBe(503);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An error occurred');
    await expect(page.getByRole('button', { name: 'Refresh the page' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gallop home' })).toBeVisible();
    expect(messages.filter((message) => HYDRATION_PROBLEM.test(message))).toEqual([]);
    expect(messages.filter((message) => message.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });
});

test('the web server answers its health check', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test.describe('locale routing', () => {
  test('an address of a locale the site does not offer moves (301) to the English one', async ({
    request,
  }) => {
    const response = await request.get('/ru/tour-providers?page=2', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/tour-providers?page=2');
    const home = await request.get('/de', { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers()['location']).toBe('/');
  });

  test('following it lands on the English page', async ({ page }) => {
    const response = await page.goto('/zh/tour-providers');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/tour-providers');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
