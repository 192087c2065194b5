import { ORGANIZER_LOGIN } from './demo-organizer';
import { expect, test, waitForHydration } from './fixtures';
import { signIn } from './sign-in';

// A signed-in organizer finds their tours' bookings from the header on a desktop and from the
// menu on a phone; a traveller is still asked to become a provider.
test('the header leads a signed-in organizer to their tour bookings', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ORGANIZER_LOGIN, '/');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Become a provider' })).toHaveCount(0);
  await header.getByRole('link', { name: 'Your tour bookings' }).click();
  await expect(page).toHaveURL(/\/partner\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tour bookings' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Become a provider' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Your tour bookings' }).click();
  await expect(page).toHaveURL(/\/partner\/bookings$/);
});

test('the header asks a traveller to become a provider', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'traveller@gallop.test', '/');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Become a provider' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Your tour bookings' })).toHaveCount(0);
});
