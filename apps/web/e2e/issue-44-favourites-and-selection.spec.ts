import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiUrl, bookAsGuest } from './guest-booking';
import { DEMO_PASSWORD, signInWithCookies } from './sign-in';

// Issue 44, item 5 and tour-selection mode (decision 102). Tours come from the API: never
// hard-coded ids or slugs.

const json = { 'Content-Type': 'application/json' };

interface Card {
  id: number;
  slug: string;
  name: string;
}

async function someTours(request: APIRequestContext, count: number): Promise<Card[]> {
  const { items } = (await (await request.get('/spa/tours')).json()) as { items: Card[] };
  expect(items.length).toBeGreaterThanOrEqual(count);
  return items.slice(0, count);
}

test.describe('favourites after sign-in', () => {
  test("the account's saved tours join the guest's on /favorites without a reload", async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const [guestTour, accountTour] = await someTours(request, 2);
    if (!guestTour || !accountTour) throw new Error('no tours');
    // An account that saved one tour elsewhere.
    const account = await bookAsGuest(request);
    const saved = await request.post(`${apiUrl}/crm/api/favourite-tour/create`, {
      headers: { ...json, 'X-Authorization': `Bearer ${account.token}` },
      data: { tour_id: accountTour.id },
    });
    expect(saved.ok(), await saved.text()).toBe(true);

    // The guest hearted another tour, then signs in: the server renders the cookie's list.
    await page
      .context()
      .addCookies([{ name: 'favorite_tours', value: String(guestTour.id), url: baseURL }]);
    await signInWithCookies(page.context(), account, baseURL);
    expect(await gotoHydrated('/favorites')).toBe(200);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    const names = page.getByRole('article').getByRole('heading', { level: 3 });
    await expect(names).toContainText([accountTour.name]);
    await expect(names).toContainText([guestTour.name]);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Favourites (2)' }),
    ).toBeVisible();
    // No reload happened, and the guest's heart is in the account now.
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    const list = await request.get(`${apiUrl}/crm/api/user/favourite-tours?active_only=1`, {
      headers: { 'X-Authorization': `Bearer ${account.token}` },
    });
    expect(((await list.json()) as { ids: number[] }).ids).toEqual(
      expect.arrayContaining([guestTour.id, accountTour.id]),
    );
  });
});

test.describe('tour-selection mode', () => {
  test('a support selection opens by its link, the address loses the token, and the bar leads back', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const guest = await bookAsGuest(request, { guaranteed: false });
    const signedIn = await request.post(`${apiUrl}/crm/api/user/auth`, {
      headers: json,
      data: { login: 'support@gallop.test', password: DEMO_PASSWORD },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const { token } = (await signedIn.json()) as { token: string };
    const tours = await someTours(request, 2);
    const created = await request.post(`${apiUrl}/crm/api/tour-selection/create`, {
      headers: { ...json, 'X-Authorization': `Bearer ${token}` },
      data: {
        request_id: guest.booking.id,
        tour_ids: tours.map((tour) => tour.id),
        comment: 'Two rides with free seats on your dates.',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const link = new URL(url);

    expect(await gotoHydrated(`${link.pathname}${link.search}`)).toBe(200);
    await expect(page).toHaveURL('/tour-selection');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tours selected for you');
    await expect(page.getByText('Two rides with free seats on your dates.')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);

    await page.getByRole('link', { name: tours[0]!.name }).first().click();
    const bar = page.getByRole('complementary', { name: 'Tour selection' });
    await expect(bar).toContainText(`request #${guest.booking.id}`);
    await bar.getByRole('link', { name: 'See the selection' }).click();
    await expect(page).toHaveURL('/tour-selection');
    await expect(page.getByRole('article')).toHaveCount(2);

    await page.getByRole('banner').getByRole('link').first().click();
    await bar.getByRole('button', { name: 'Leave selection' }).click();
    await expect(bar).toHaveCount(0);
  });
});
