import { expect, test } from './fixtures';

const HEADLINE = 'Horseback tours with local guides';

test.describe('home page', () => {
  test('is rendered on the server', async ({ request }) => {
    const response = await request.get('/');
    const html = await response.text();

    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(`${HEADLINE}</h1>`);
    expect(html).toContain(`<title>${HEADLINE} | Gallop</title>`);
  });

  test('preloads its route chunk and serves hashed assets with an immutable cache', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const preload = html.match(/<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/)?.[1];
    const entry = html.match(/<script type="module" src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(preload, 'a modulepreload hint for the home route chunk').toBeTruthy();
    expect(entry, 'the client entry script').toBeTruthy();

    const asset = await request.get(entry ?? '');
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('has a "... | Gallop" title and links organizers to the back office', async ({
    page,
    gotoHydrated,
  }) => {
    expect(await gotoHydrated('/')).toBe(200);
    await expect(page).toHaveTitle(`${HEADLINE} | Gallop`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    await expect(page.getByRole('link', { name: 'Register as an organizer' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/register',
    );
    await expect(page.getByRole('link', { name: 'Organizer login' })).toHaveAttribute(
      'href',
      'https://partners.e2e.example/login',
    );
  });
});

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
    await page.getByRole('button', { name: 'Back home' }).click();

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
    await page.getByRole('button', { name: 'Back home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

test('the web server answers its health check', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});
