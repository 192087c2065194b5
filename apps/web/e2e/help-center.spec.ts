import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

interface Section {
  slug: string;
  title: string;
  articles: { slug: string; title: string }[];
}

async function sections(request: APIRequestContext): Promise<Section[]> {
  const response = await request.get('/spa/help-center-sections');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Section[] }).items;
}

test.describe('help center', () => {
  // Several pages and axe runs a test: give a busy two-core machine room.
  test.describe.configure({ timeout: 60_000 });

  test('the front page lists every section; search finds an article', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const all = await sections(request);
    expect(await gotoHydrated('/help-center')).toBe(200);
    await expect(page).toHaveTitle('Help center | Gallop');
    for (const section of all) {
      await expect(page.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);

    const article = all[0]?.articles[0];
    const word = article?.title.split(/\W+/).find((part) => part.length >= 4) ?? '';
    await page.getByRole('searchbox', { name: 'Search the help center' }).fill(word);
    await page
      .getByRole('list', { name: 'Matching articles' })
      .getByRole('link', { name: article?.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/help-center/${article?.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article?.title ?? '');
  });

  test('a section lists its articles and opens one', async ({ page, gotoHydrated, request }) => {
    const [section] = await sections(request);
    expect(await gotoHydrated(`/help-center/${section?.slug}`)).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(section?.title ?? '');
    const last = section?.articles.at(-1);
    await page
      .locator('main')
      .getByRole('link', { name: last?.title, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/help-center/${last?.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last?.title ?? '');
    await expect(page.locator('.rich-text')).not.toBeEmpty();
    await expectNoSeriousA11yViolations(page);
  });

  test('an article answers 200 with its canonical; an unknown slug is 404', async ({ request }) => {
    const [section] = await sections(request);
    const article = section?.articles[0];
    const response = await request.get(`/help-center/${article?.slug}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(
      `<link rel="canonical" href="/help-center/${article?.slug}"`,
    );
    expect((await request.get('/help-center/no-such-topic')).status()).toBe(404);
    expect((await request.get(`/help-center/${section?.slug}/extra`)).status()).toBe(404);
  });
});
