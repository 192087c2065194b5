import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

interface LegalDocument {
  version: number;
  title: string;
  versions: { version: number; effective_from: string }[];
}

async function legal(request: APIRequestContext, kind: string): Promise<LegalDocument> {
  const response = await request.get(`/spa/legal-document?kind=${kind}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as LegalDocument;
}

const PAGES = [
  ['/agreement', 'terms'],
  ['/tour-provider-agreement', 'offer'],
  ['/privacy', 'privacy'],
  ['/safety-rules', 'safety_rules'],
  ['/cookie-policy', 'cookies'],
] as const;

test.describe('legal documents', () => {
  // Several pages and axe runs a test: give a busy two-core machine room.
  test.describe.configure({ timeout: 60_000 });

  for (const [path, kind] of PAGES) {
    test(`${path} shows the version in force`, async ({ page, gotoHydrated, request }) => {
      const document = await legal(request, kind);
      expect(await gotoHydrated(path)).toBe(200);
      await expect(page).toHaveTitle(`${document.title} | Gallop`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(document.title);
      await expect(page.getByText(`Version ${document.version}`).first()).toBeVisible();
    });
  }

  test('an earlier version is its own page, linked from the version in force', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const document = await legal(request, 'privacy');
    const earlier = document.versions.find((item) => item.version !== document.version);
    expect(earlier, 'an earlier version of the privacy policy').toBeDefined();
    await gotoHydrated('/privacy');
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole('navigation', { name: 'Versions' })
      .getByRole('link', { name: new RegExp(`Version ${earlier?.version}`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/privacy/${earlier?.version}$`));
    await expect(page.getByRole('note')).toContainText('earlier version');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: /Read the version in force/ }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('note')).toHaveCount(0);
  });

  test('the privacy policy links the cookie policy it cites, and so does the footer', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const cookies = await legal(request, 'cookies');
    await gotoHydrated('/privacy');
    await page.locator('main').getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cookies.title);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Cookie policy', exact: true }),
    ).toHaveAttribute('href', '/cookie-policy');
  });

  test('statuses: a known version is 200 with its canonical, others are 404', async ({
    request,
  }) => {
    const document = await legal(request, 'terms');
    const earlier = document.versions.at(-1)?.version;
    const response = await request.get(`/agreement/${earlier}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`<link rel="canonical" href="/agreement/${earlier}"`);
    const current = await request.get(`/agreement/${document.version}`);
    expect(await current.text()).toContain('<link rel="canonical" href="/agreement"');
    for (const path of ['/agreement/999', '/agreement/latest', '/privacy/1/2', '/safety-rules/0']) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
