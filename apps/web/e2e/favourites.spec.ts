import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// Tours come from the API through the web server's proxy: never hard-coded ids or slugs.

interface Card {
  id: number;
  slug: string;
  name: string;
}

async function someTours(request: APIRequestContext, count: number): Promise<Card[]> {
  const response = await request.get('/spa/tours');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Card[] };
  expect(items.length).toBeGreaterThanOrEqual(count);
  return items.slice(0, count);
}

async function favouritesCookie(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'favorite_tours')?.value;
}

async function setFavourites(context: BrowserContext, baseURL: string, value: string) {
  await context.addCookies([{ name: 'favorite_tours', value, url: baseURL }]);
}

test.describe('guest favourites', () => {
  test('a tour saved on its page shows in the header count and on /favorites, and can be removed', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const [tour] = await someTours(request, 1);
    if (!tour) throw new Error('no tour');
    await gotoHydrated(`/${tour.slug}`);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Favourites', exact: true })).toBeVisible();

    // One name in both states; the state is aria-pressed (WCAG 4.1.2).
    const save = page.locator('main header').getByRole('button', { name: 'Save to favourites' });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(header.getByRole('link', { name: 'Favourites (1)' })).toBeVisible();
    expect(await favouritesCookie(page.context())).toBe(String(tour.id));

    // In the app: a client-side navigation keeps this window state.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await header.getByRole('link', { name: 'Favourites (1)' }).click();
    await expect(page).toHaveURL('/favorites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Favourites');
    await expect(page).toHaveTitle('Favourites | Gallop');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    const card = page.getByRole('article').filter({ hasText: tour.name });
    await expect(card).toBeVisible();
    await expect(page.getByText('1 saved tour.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const heart = card.getByRole('button', { name: `Save ${tour.name} to favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(card).toHaveCount(0);
    await expect(page.getByText('No favourites yet')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Favourites', exact: true })).toBeVisible();
    expect(await favouritesCookie(page.context())).toBeUndefined();
  });

  test('the server renders the saved tours, hearts and count from the cookie', async ({
    request,
  }) => {
    const [first, second] = await someTours(request, 2);
    if (!first || !second) throw new Error('no tours');
    const cookie = `favorite_tours=${first.id}%2C${second.id}`;

    const response = await request.get('/favorites', { headers: { cookie } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Favourites | Gallop</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain(first.name);
    expect(html).toContain(second.name);
    expect(html).toContain('aria-label="Favourites (2)"');
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(html.match(/aria-label="Save [^"]+ to favourites"/g)).toHaveLength(2);

    const tourPage = await (await request.get(`/${first.slug}`, { headers: { cookie } })).text();
    expect(tourPage).toMatch(/aria-pressed="true"[^>]*>.*?Save to favourites/s);
  });

  test('/favorites from the cookie hydrates without a mismatch, newest first', async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    const [first, second] = await someTours(request, 2);
    if (!first || !second || !baseURL) throw new Error('no tours');
    await setFavourites(page.context(), baseURL, `${first.id},${second.id}`);
    expect(await gotoHydrated('/favorites')).toBe(200);
    const names = page.getByRole('article').getByRole('heading', { level: 3 });
    await expect(names).toHaveText([second.name, first.name]);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Favourites (2)' }),
    ).toBeVisible();
  });

  test('non-numeric ids in the cookie are ignored', async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    const [tour] = await someTours(request, 1);
    if (!tour || !baseURL) throw new Error('no tour');
    await setFavourites(page.context(), baseURL, `abc,${tour.id},12x`);
    expect(await gotoHydrated('/favorites')).toBe(200);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText(tour.name);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Favourites (1)' }),
    ).toBeVisible();
  });

  test('without favourites the page points to the search', async ({ page, gotoHydrated }) => {
    expect(await gotoHydrated('/favorites')).toBe(200);
    await expect(page.getByText('No favourites yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Find a tour' }).click();
    await expect(page).toHaveURL('/tours');
  });

  test('a heart on a search card saves the tour', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/tours');
    const card = page.getByRole('article').first();
    const name = await card.getByRole('heading', { level: 3 }).innerText();
    // Each heart names its tour: a page of cards has many.
    const heart = card.getByRole('button', { name: `Save ${name} to favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    // The heart is not the card's link: the search page stays.
    await expect(page).toHaveURL('/tours');
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('banner').getByRole('link', { name: 'Favourites (1)' }).click();
    await expect(page).toHaveURL('/favorites');
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText(name);
  });
});
