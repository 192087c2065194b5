import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { buildIdOf } from '../server/build-meta';
import { expect, hydratedInPlace, keepServerElement, test, waitForHydration } from './fixtures';

const THREE_DAYS_S = 3 * 24 * 60 * 60;

/** The id the server computes for the build under test (a hash of the client manifest). */
function currentBuildId(): string {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
  return buildIdOf(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}

async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((cookie) => cookie.name === name);
}

test.describe('address parameters read on load', () => {
  test('campaign tags are kept 3 days and never overwritten', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/?utm_source=newsletter&utm_campaign=spring&utm_content=hero&utm_term=x');
    await expect
      .poll(async () => (await cookieNamed(page, 'utm_source'))?.value)
      .toBe('newsletter');
    expect((await cookieNamed(page, 'utm_campaign'))?.value).toBe('spring');
    expect((await cookieNamed(page, 'utm_content'))?.value).toBe('hero');
    expect(await cookieNamed(page, 'utm_term')).toBeUndefined();
    const expires = (await cookieNamed(page, 'utm_source'))?.expires ?? 0;
    expect(Math.abs(expires - (Date.now() / 1000 + THREE_DAYS_S))).toBeLessThan(120);

    await gotoHydrated('/?utm_source=ads');
    await page.waitForTimeout(200);
    expect((await cookieNamed(page, 'utm_source'))?.value).toBe('newsletter');
  });

  test('the tour-selection token is stored and removed from the address', async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated('/tours?tour-selection-token=481-a9f3c2Qm7Lx0Vt4Zk8#results');
    await expect(page).toHaveURL(/\/tours#results$/);
    expect(
      await page.evaluate(() => window.localStorage.getItem('gallop:tour-selection-token')),
    ).toBe('481-a9f3c2Qm7Lx0Vt4Zk8');
    // Replaced, not pushed: Back leaves the site instead of bringing the token back.
    await page.goBack();
    await expect(page).not.toHaveURL(/tour-selection-token/);
  });
});

test.describe('visitor country', () => {
  // Behind a CDN that tells the country (playwright.config.ts: `COUNTRY_IP_HEADER`).
  test.use({ extraHTTPHeaders: { 'CF-IPCountry': 'GB' } });

  test("the edge's country is kept 180 days, without asking the API again", async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const detections: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/spa/country-by-ip')) detections.push(call.url());
    });
    const { country } = (await (await request.get('/spa/info')).json()) as {
      country: { id: number; iso_code: string };
    };
    expect(country.iso_code).toBe('GB');
    await gotoHydrated('/');
    await expect
      .poll(async () => (await cookieNamed(page, 'country_id'))?.value)
      .toBe(String(country.id));
    const expires = (await cookieNamed(page, 'country_id'))?.expires ?? 0;
    expect(Math.abs(expires - (Date.now() / 1000 + 15_552_000))).toBeLessThan(120);

    await gotoHydrated('/favorites');
    await page.waitForTimeout(500);
    // The render told the browser the edge's country: no call of its own (decision 161).
    expect(detections).toEqual([]);
  });
});

test.describe('analytics consent', () => {
  test('without consent the analytics cookies are deleted, others kept', async ({
    page,
    baseURL,
    gotoHydrated,
  }) => {
    if (!baseURL) throw new Error('baseURL');
    const host = new URL(baseURL).hostname;
    await page.context().addCookies([
      { name: '_ga', value: 'GA1.1.123.456', domain: host, path: '/' },
      { name: '_ga_ABC123', value: 'GS1.1.1', domain: host, path: '/' },
      { name: '_gid', value: 'GA1.1.789', domain: host, path: '/favorites' },
      { name: '_gat_UA1', value: '1', url: baseURL },
      { name: 'keep_me', value: '1', url: baseURL },
    ]);
    await gotoHydrated('/favorites');
    const names = async () => (await page.context().cookies()).map((cookie) => cookie.name);
    await expect.poll(async () => (await names()).filter((name) => /^_g/.test(name))).toEqual([]);
    expect(await names()).toContain('keep_me');
  });

  test('with consent but no analytics id configured, nothing loads and the cookies go', async ({
    page,
    baseURL,
    gotoHydrated,
  }) => {
    if (!baseURL) throw new Error('baseURL');
    await page.context().addCookies([
      { name: 'cookie_alert_dismissed', value: '1', url: baseURL },
      { name: '_ga', value: 'GA1.1.1', url: baseURL },
    ]);
    const analyticsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager')) analyticsRequests.push(request.url());
    });
    await gotoHydrated('/');
    await expect.poll(async () => cookieNamed(page, '_ga')).toBeUndefined();
    expect(analyticsRequests).toEqual([]);
  });
});

test.describe('build check', () => {
  test('the server answers the current build meta with its route rules, 404 for others', async ({
    request,
  }) => {
    const id = currentBuildId();
    const current = await request.get(`/builds/meta/${id}.json`);
    expect(current.status()).toBe(200);
    expect(current.headers()['cache-control']).toBe('no-cache');
    const meta = (await current.json()) as { id: string; matcher: Record<string, unknown> };
    expect(meta.id).toBe(id);
    expect(meta.matcher['/favorites']).toEqual({ ssr: true, noindex: true });
    expect(meta.matcher['/**']).toEqual({ ssr: true });
    expect((await request.get('/builds/meta/an-old-build.json')).status()).toBe(404);
  });

  test('after a new build is out, the next navigation loads the page in full', async ({
    page,
    gotoHydrated,
  }) => {
    const id = currentBuildId();
    const checks: string[] = [];
    await page.route('**/builds/meta/*.json', async (route) => {
      checks.push(new URL(route.request().url()).pathname);
      // A deploy happened: another build answers (its 404 for old ids is unit-tested).
      await route.fulfill({
        status: 200,
        json: { id: 'a-newer-build', timestamp: 0, matcher: {} },
      });
    });
    await page.clock.install();
    await gotoHydrated('/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.clock.fastForward('05:01');
    await expect.poll(() => checks).toEqual([`/builds/meta/${id}.json`]);

    await page.getByRole('banner').getByRole('link', { name: 'Favourites' }).click();
    await expect(page).toHaveURL('/favorites');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  });

  test('while the build is current, navigation stays in the app', async ({
    page,
    gotoHydrated,
  }) => {
    await page.clock.install();
    await gotoHydrated('/');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const check = page.waitForResponse('**/builds/meta/*.json');
    await page.clock.fastForward('05:01');
    expect((await check).status()).toBe(200);
    await page.getByRole('banner').getByRole('link', { name: 'Favourites' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});

test.describe('scroll', () => {
  test('a new page starts at the top and Back restores the position', async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated('/tours');
    const cards = page.getByRole('article');
    const target = cards.nth(5);
    await target.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(800);

    await target.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).not.toHaveURL('/tours');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL('/tours');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);
  });

  test('an address with a hash scrolls to its anchor', async ({ page, request }) => {
    const { items } = (await (await request.get('/spa/tours')).json()) as {
      items: { slug: string }[];
    };
    await page.goto(`/${items[0]?.slug}#reviews`);
    await waitForHydration(page);
    await expect(page.locator('#reviews')).toBeInViewport();
  });
});

/**
 * Console errors other than failed network loads (the error document's own status, and on the
 * 503 page the calls to the API that is down): what is left would be React or app errors.
 */
async function consoleErrorsOf(page: Page, url: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (!/^Failed to load resource: the server responded with a status of/.test(message.text())) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const response = await page.goto(url);
  await waitForHydration(page);
  return { status: response?.status(), errors };
}

test.describe('error pages hydrate quietly', () => {
  test('the 410 page logs no console errors', async ({ browser, request }) => {
    const ids = Array.from({ length: 100 }, (_, index) => `ids=${index + 1}`).join('&');
    const { items } = (await (await request.get(`/crm/api/tour/get-by-ids?${ids}`)).json()) as {
      items: { slug: string; nearest_date?: unknown }[];
    };
    const passed = items.find((card) => card.nearest_date === undefined);
    if (!passed) throw new Error('no tour whose dates have passed');
    const page = await browser.newPage();
    const { status, errors } = await consoleErrorsOf(page, `/${passed.slug}`);
    expect(status).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page is no longer available because the tour dates have passed',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  test('the 503 page logs no console errors', async ({ browser }) => {
    const page = await browser.newPage();
    const downUrl = process.env.GALLOP_E2E_DOWN_URL ?? '';
    const { status, errors } = await consoleErrorsOf(page, `${downUrl}/`);
    expect(status).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('An error occurred');
    expect(errors).toEqual([]);
    await page.close();
  });
});

test.describe('parts of the shell that load on their own', () => {
  test('the footer comes with the page and hydrates in place from its own chunk', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('Provider agreement');
    // A no-break hyphen: '3-' never ends a line (e2e/page-edges.spec.ts).
    expect(html).toContain('Card payments are secured by 3\u2011D Secure');
    await keepServerElement(page, 'footer.site-footer');
    await page.goto('/');
    await waitForHydration(page);
    await expect.poll(() => hydratedInPlace(page, 'footer.site-footer')).toBe(true);
    await expect(page.getByRole('contentinfo')).toContainText('Provider agreement');
  });

  test('the 404 page hydrates in place', async ({ page }) => {
    await keepServerElement(page, '.error-page');
    expect((await page.goto('/no-such/page'))?.status()).toBe(404);
    await waitForHydration(page);
    await expect.poll(() => hydratedInPlace(page, '.error-page')).toBe(true);
  });

  test('"Back to top" appears once the page is scrolled', async ({
    page,
    baseURL,
    gotoHydrated,
  }) => {
    if (!baseURL) throw new Error('baseURL');
    // Without the cookie notice over the button's corner.
    await page.context().addCookies([{ name: 'cookie_alert_dismissed', value: '1', url: baseURL }]);
    await gotoHydrated('/tours');
    await page.mouse.wheel(0, 1200);
    await page.getByRole('button', { name: 'Back to top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('button', { name: 'Back to where I was' })).toBeVisible();
  });
});
