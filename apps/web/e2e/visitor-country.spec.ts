import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiUrl, bookAsGuest } from './guest-booking';
import { signInWithCookies } from './sign-in';

// A Japanese or Swiss browser, with no country cookie and no edge header, is shown its language
// region's country (decision 153) on every page, and into the booking form: the shell keeps no
// guessed country in the cookie and moves no account to it (decision 161). A walk found JPY and
// CHF visitors moved to the default, the US, after their first page.

/** Lets the shell's after-load work run: it waits for the page's load and an idle browser. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 7000 }),
      ),
  );
}

const countryCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'country_id');

/** The first searched tour with a date to request: its page's address. */
async function tourPage(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${apiUrl}/spa/tours`);
  const { items } = (await answer.json()) as { items: { slug: string }[] };
  expect(items.length, 'tours in the search').toBeGreaterThan(0);
  return `/${items[0]!.slug}`;
}

for (const { locale, currency, price } of [
  { locale: 'ja-JP', currency: 'JPY', price: /JP¥\d/ },
  { locale: 'de-CH', currency: 'CHF', price: /CHF\s\d/ },
]) {
  test.describe(`a ${locale} browser without an edge header`, () => {
    test.use({ locale });

    test(`keeps ${currency} from page to page and into the booking form`, async ({
      page,
      request,
      gotoHydrated,
    }) => {
      test.setTimeout(90_000);
      const currencyPicker = page.getByRole('combobox', { name: 'Currency' });
      await gotoHydrated('/');
      await expect(currencyPicker).toHaveValue(currency);
      await settle(page);
      expect(await countryCookie(page)).toBeUndefined();

      await gotoHydrated('/tours');
      await expect(currencyPicker).toHaveValue(currency);
      await expect(page.locator('.search-page__item').first()).toContainText(price);
      await settle(page);

      await gotoHydrated(await tourPage(request));
      await expect(currencyPicker).toHaveValue(currency);
      const booking = page.getByRole('complementary', { name: 'Booking' });
      await expect(booking).toContainText(price);
      await settle(page);
      await booking.getByRole('link', { name: 'Request booking' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request booking');
      const form = page.getByRole('main');
      await expect(form).toContainText(price);
      await expect(form).not.toContainText('US$');
      // The booking form as its own page load, as from a link: still the visitor's currency.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request booking');
      await expect(page.getByRole('main')).toContainText(price);
      await expect(page.getByRole('main')).not.toContainText('US$');
      expect(await countryCookie(page)).toBeUndefined();
    });
  });
}

test.describe('a signed-in ja-JP traveller without an edge header', () => {
  test.use({ locale: 'ja-JP' });

  test("keeps the account's own country", async ({
    page,
    context,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    test.setTimeout(90_000);
    const guest = await bookAsGuest(request);
    const auth = { 'X-Authorization': `Bearer ${guest.token}` };
    const germany = (await (
      await request.get(`${apiUrl}/spa/country-schedule?iso_code=DE`)
    ).json()) as { country: { id: number } };
    const moved = await request.post(`${apiUrl}/crm/api/user/change-country`, {
      headers: auth,
      data: { country_id: germany.country.id },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await signInWithCookies(context, guest, baseURL!);

    for (const path of ['/', '/tours']) {
      await gotoHydrated(path);
      await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('JPY');
      await settle(page);
    }
    expect(await countryCookie(page)).toBeUndefined();
    const profile = await request.get(`${apiUrl}/crm/api/user/profile`, { headers: auth });
    expect(((await profile.json()) as { country?: { iso_code: string } }).country?.iso_code).toBe(
      'DE',
    );
  });
});
