import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { bookAsGuest } from './guest-booking';
import { signInWithCookies } from './sign-in';

// Issue 44, items 4 and 11 (docs/decisions/100): the phone in the chosen country with its flag,
// the searchable time zone, and the country and currency saved as chosen.

test('settings: a national phone number in the chosen country, the time zone, country and currency', async ({
  page,
  context,
  request,
  baseURL,
  gotoHydrated,
}) => {
  test.setTimeout(90_000);
  const guest = await bookAsGuest(request);
  await signInWithCookies(context, guest, baseURL!);
  await gotoHydrated('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account settings');

  // Phone: Germany chosen, a national number is taken and kept in international form.
  const phone = page.locator('section', { has: page.getByRole('heading', { name: /^Phone/ }) });
  await phone.getByRole('button', { name: /Country: United States/ }).click();
  await page.getByRole('searchbox', { name: 'Search country' }).fill('germ');
  await page.getByRole('option', { name: /Germany/ }).click();
  const flag = phone.locator('img[src="/flags/1x1/de.svg"]');
  await expect(flag).toBeVisible();
  expect(await flag.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const number = phone.getByRole('textbox', { name: /phone/i });
  await number.fill('30 901820');
  await phone.getByRole('button', { name: /Add phone|Change phone/ }).click();
  await expect(phone.getByText('Your phone is +49 30 901820.')).toBeVisible();

  // Time zone: a searchable select of IANA zones, saved with the details.
  const details = page.locator('section', {
    has: page.getByRole('heading', { name: 'Personal details' }),
  });
  await details.getByRole('button', { name: /Time zone/ }).click();
  await page.getByRole('searchbox', { name: 'Search time zones' }).fill('berlin');
  await page.getByRole('option', { name: /^Europe\/Berlin/ }).click();
  await details.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(details.getByText('Your details are saved.')).toBeVisible();

  // Country and currency: saved as chosen, in their cookies too.
  const region = page.locator('section', {
    has: page.getByRole('heading', { name: 'Country, language and currency' }),
  });
  await region.getByRole('button', { name: /Country/ }).click();
  await page.getByRole('searchbox', { name: 'Search countries' }).fill('iceland');
  await page.getByRole('option', { name: 'Iceland' }).click();
  await expect(region.getByRole('status')).toHaveText('Your country is saved.');
  await region.getByRole('button', { name: /Currency/ }).click();
  await page
    .getByRole('listbox', { name: 'Currency' })
    .getByRole('option', { name: 'EUR' })
    .click();
  await expect(region.getByRole('status')).toHaveText('Your currency is saved.');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'i18n_currency')?.value).toBe('EUR');
  expect(cookies.find((cookie) => cookie.name === 'country_id')?.value).toMatch(/^\d+$/);
  await expectNoSeriousA11yViolations(page);

  // A new page load keeps all of it (the account follows the chosen country, not the detected one).
  await page.reload();
  await expect(page.getByRole('button', { name: /Time zone/ })).toContainText('Europe/Berlin');
  await expect(region.getByRole('button', { name: /Country/ })).toContainText('Iceland');
  await expect(region.getByRole('button', { name: /Currency/ })).toContainText('EUR');
});
