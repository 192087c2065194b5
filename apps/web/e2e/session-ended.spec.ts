import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl } from './guest-booking';

// A session ended from another browser (a password change there ends every other session): the
// open page learns it from its next call, whose 401 came with the session cookies cleared, and
// shows the signed-out state at once, without a reload.

const PASSWORD = 'Canter-Along-Coast-5';
const NEW_PASSWORD = 'Gallop-Across-Dunes-8';

async function signIn(page: Page, email: string, then: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(then)}`);
  await waitForHydration(page);
  await page.getByLabel('E-mail or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === then);
}

test.use({
  // The call that finds the session ended, and any the page had under way with it.
  expectedFailedCalls: [{ status: 401, path: /^\/crm\/api\// }],
});

test('a session ended in another browser shows this page signed out after its next call', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const email = `ended-${randomUUID()}@example.com`;
  const registered = await request.post(`${apiUrl}/crm/api/user/register`, {
    headers: { 'Content-Type': 'application/json' },
    data: {
      first_name: 'Nell',
      last_name: 'Rider',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);

  await signIn(page, email, '/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Account settings/ })).toBeVisible();
  await expect(header.getByRole('link', { name: /^Messages/ })).toBeVisible();

  // Another browser of the same traveller changes the password: this page's session ends.
  const other = await browser.newContext({ baseURL });
  try {
    const settings = await other.newPage();
    await signIn(settings, email, '/settings');
    const password = settings.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(
      password.getByText('Your password is changed. Other devices need to sign in again.'),
    ).toBeVisible();
  } finally {
    await other.close();
  }

  // The first page was not reloaded: its next call (the chat list) answers 401.
  await header.getByRole('link', { name: /^Messages/ }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/chat',
  );
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: /Account settings/ })).toHaveCount(0);
  await expect(header.getByRole('link', { name: /^Messages/ })).toHaveCount(0);
  await expect(page.getByText('Internal Error')).toHaveCount(0);
});
