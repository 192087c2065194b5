import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// Posts come from the API through the web server's proxy: never hard-coded slugs.

interface Summary {
  id: number;
  slug: string;
  title: string;
}

interface PostList {
  items: Summary[];
  pagination: { page_count: number; total: number };
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const firstPage = (request: APIRequestContext) =>
  json<PostList>(request, '/spa/blog-posts?per-page=20');

test.describe('blog', () => {
  // Several pages and axe runs a test: give a busy two-core machine room.
  test.describe.configure({ timeout: 60_000 });

  test('the index lists the newest 20 posts and links to the next page', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const list = await firstPage(request);
    expect(list.pagination.page_count).toBeGreaterThan(1);
    expect(await gotoHydrated('/blog')).toBe(200);
    await expect(page).toHaveTitle('Blog | Gallop');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const titles = page.locator('main article h2');
    await expect(titles).toHaveCount(20);
    await expect(titles.first()).toHaveText(list.items[0]?.title ?? '');
    await expectNoSeriousA11yViolations(page);

    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    const second = await json<PostList>(request, '/spa/blog-posts?per-page=20&page=2');
    await expect(page.locator('main article h2').first()).toHaveText(second.items[0]?.title ?? '');
  });

  test('an index link opens the article, with its similar posts', async ({
    page,
    gotoHydrated,
    request,
  }) => {
    const [newest] = (await firstPage(request)).items;
    expect(newest).toBeDefined();
    await gotoHydrated('/blog');
    await page.getByRole('link', { name: newest?.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/blog/${newest?.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest?.title ?? '');
    await expect(page).toHaveTitle(`${newest?.title} | Gallop`);
    const similar = page.getByRole('region', { name: 'You might also like' });
    await expect(similar.getByRole('article')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
  });

  test('an article answers 200 with its head; an old slug moves; unknown addresses are 404', async ({
    request,
  }) => {
    const [post] = (await firstPage(request)).items;
    const response = await request.get(`/blog/${post?.slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="/blog/${post?.slug}"`);
    expect(html).toMatch(/<meta property="og:image" content="[^"]*1200x630[^"]*"/);
    expect(html).toContain('<meta property="og:type" content="article"');

    const moved = await request.get(`/blog/some-old-words-${post?.id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toMatch(new RegExp(`/blog/${post?.slug}$`));

    expect((await request.get('/blog/no-such-category')).status()).toBe(404);
    expect((await request.get('/blog/no-such-post-999999')).status()).toBe(404);
    expect((await request.get('/blog?page=999')).status()).toBe(404);
  });

  test('a category page lists only that category', async ({ page, gotoHydrated, request }) => {
    // The sitemap is the API's list of category pages (there is no category call).
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const category = /\/blog\/([a-z-]+)<\/loc>/.exec(sitemap)?.[1];
    expect(category, 'a blog category in the sitemap').toBeDefined();
    const list = await json<PostList>(request, `/spa/blog-posts?slug=${category}&per-page=20`);
    expect(await gotoHydrated(`/blog/${category}`)).toBe(200);
    await expect(page.locator('main article h2')).toHaveCount(list.items.length);
  });
});
