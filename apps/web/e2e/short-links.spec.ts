import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

const UUID = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f';

test.describe('short links /r/{id}', () => {
  test('answer 302 to the stored target, which the browser opens', async ({ page, request }) => {
    const { source_url: target } = (await (await request.get('/spa/redirect?id=1')).json()) as {
      source_url: string;
    };
    const response = await request.get('/r/1', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(target);

    await page.goto('/r/1');
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('non-numeric and unknown ids are the 404 page', async ({ request }) => {
    for (const path of ['/r/abc', '/r/1x', '/r/999999', '/r/99999999999']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('Page not found...');
    }
  });
});

test.describe('redirect page /redirect?url=', () => {
  test('redirects to paths of this site and to the organizer back office', async ({ request }) => {
    const local = await request.get('/redirect?url=%2Ftours%3Fcountries%3D10', { maxRedirects: 0 });
    expect(local.status()).toBe(302);
    expect(local.headers().location).toBe('/tours?countries=10');

    const partners = await request.get(
      '/redirect?url=https%3A%2F%2Fpartners.e2e.example%2Fregister',
      { maxRedirects: 0 },
    );
    expect(partners.status()).toBe(302);
    expect(partners.headers().location).toBe('https://partners.e2e.example/register');
  });

  test('never forwards to another site: a page shows the link instead', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const path = '/redirect?url=https%3A%2F%2Fevil.example%2Fphish';
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers().location).toBeUndefined();

    expect(await gotoHydrated(path)).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are leaving Gallop');
    await expect(page.getByRole('link', { name: 'Continue to evil.example' })).toHaveAttribute(
      'href',
      'https://evil.example/phish',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(new URL(page.url()).host).toBe(new URL(response.url()).host);
    await expectNoSeriousA11yViolations(page);
  });

  test('a missing or non-web target is the 404 page', async ({ request }) => {
    for (const path of [
      '/redirect',
      '/redirect?url=%2F%2Fevil.example',
      '/redirect?url=%2F%5Cevil.example',
      '/redirect?url=%2F..%2F%2Fevil.example%2Fx',
      '/redirect?url=javascript%3Aalert(1)',
    ]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
    }
  });
});

test.describe('messenger link /tg/{uuid}', () => {
  test('redirects to the site’s Telegram link', async ({ request }) => {
    const messengers = (await (await request.get('/spa/groups-in-social-network')).json()) as {
      telegram?: string;
    };
    expect(messengers.telegram).toBeTruthy();
    const response = await request.get(`/tg/${UUID}`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(messengers.telegram);
  });

  test('a malformed uuid is the 404 page', async ({ request }) => {
    const response = await request.get('/tg/not-a-uuid', { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });
});
