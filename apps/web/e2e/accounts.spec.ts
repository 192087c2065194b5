import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForHydration } from './fixtures';

// Accounts end to end: the built web server over the real API (playwright.config.ts starts it
// with DEV_OUTBOX=on, so the codes and links it "sends" are read back from /dev/outbox).

const apiUrl = `http://127.0.0.1:${process.env.GALLOP_E2E_API_PORT}`;
const PASSWORD = 'saddle-up-2026';

const uniqueEmail = () => `rider-${randomUUID()}@example.com`;

/** The newest message the API queued to `recipient`. */
async function lastMessage(request: APIRequestContext, recipient: string) {
  const response = await request.get(
    `${apiUrl}/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: { kind: string; body: string }[] };
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

async function register(page: Page, email: string, firstName = 'Ann') {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Rider');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function signInWithPassword(page: Page, login: string, password = PASSWORD) {
  await page.getByLabel('E-mail or phone').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('sign-in required routes', () => {
  test('the server redirects to /login with the return address', async ({ request }) => {
    for (const path of ['/settings', '/email-confirm?token=abc']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeGreaterThanOrEqual(301);
      expect(response.status(), path).toBeLessThan(400);
      const location = new URL(response.headers().location!, 'http://x');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('redirect')).toBe(path);
    }
  });

  test('a stale session on a protected page asks to sign in again', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: 'auth_token', value: 'expired-token', url: baseURL! },
      { name: 'auth_refresh_token', value: 'expired-refresh', url: baseURL! },
    ]);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    // The failed refresh cleared the dead tokens.
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('auth_token');
  });
});

test.describe('accounts', () => {
  test.describe('with a wrong password on the way', () => {
    test.use({ expectedFailedCalls: [{ status: 401, path: '/crm/api/user/auth' }] });
    test('register, change the name, sign out, and sign in again back to the settings', async ({
      page,
      gotoHydrated,
    }) => {
      // Registration, settings, sign-out and two sign-ins each wait for a password hash (scrypt,
      // 32 MiB): on a busy 2-core runner the journey needs more than the default 30 s.
      test.setTimeout(90_000);
      const email = uniqueEmail();
      await gotoHydrated('/register');
      await expect(page).toHaveTitle('Create an account | Gallop');
      await expectNoSeriousA11yViolations(page);

      // The form's own rules first (spec section 5).
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Required field').first()).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill('something-else');
      await page.getByLabel('Repeat the password').blur();
      await expect(page.getByText('Do not match')).toBeVisible();

      await register(page, email);
      await expect(page).toHaveURL('/');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Account settings (Ann)' })).toBeVisible();

      await header.getByRole('link', { name: 'Account settings (Ann)' }).click();
      await expect(page).toHaveURL('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account settings');
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('First name').fill('Annie');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Your details are saved.')).toBeVisible();
      await expect(header.getByRole('link', { name: 'Account settings (Annie)' })).toBeVisible();

      // Server-rendered with the session: a reload shows the same.
      await page.reload();
      await expect(page.getByLabel('First name')).toHaveValue('Annie');

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

      await page.goto('/settings');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
      await signInWithPassword(page, email, 'wrong-password');
      await expect(page.getByRole('alert')).toContainText('Invalid login or password', {
        timeout: 15_000,
      });
      await signInWithPassword(page, email);
      await expect(page).toHaveURL('/settings');
      await expect(page.getByLabel('First name')).toHaveValue('Annie');
    });
  });

  test.describe('with a taken e-mail', () => {
    test.use({ expectedFailedCalls: [{ status: 422, path: '/crm/api/user/register' }] });
    test('a taken e-mail is refused with the reason', async ({ page, gotoHydrated }) => {
      await gotoHydrated('/register');
      await register(page, 'traveller@gallop.test');
      await expect(page.getByRole('alert')).toContainText('This email is already registered');
      await expect(page).toHaveURL('/register');
    });
  });

  test('sign in with a one-time code sent by e-mail', async ({
    page,
    browser,
    request,
    gotoHydrated,
    baseURL,
  }) => {
    const email = uniqueEmail();
    // An account made in another browser.
    const other = await browser.newPage({ baseURL });
    await other.goto('/register');
    await waitForHydration(other);
    await register(other, email);
    await expect(other).toHaveURL('/');
    await other.close();

    await gotoHydrated('/login');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('tab', { name: 'With a code' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(page.getByRole('status')).toContainText(
      `If an account exists for ${email}, we have sent it a 5-digit code by e-mail.`,
    );
    const message = await lastMessage(request, email);
    expect(message.kind).toBe('sign-in-code');
    const code = message.body.match(/\b(\d{5})\b/)![1]!;
    await page.getByRole('group', { name: 'Sign-in code' }).getByRole('textbox').first().focus();
    await page.keyboard.type(code);
    await expect(page).toHaveURL('/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Account settings (Ann)' }),
    ).toBeVisible();
  });

  test('the e-mail confirmation link confirms, also when opened again', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const email = uniqueEmail();
    await gotoHydrated('/register');
    await register(page, email);
    await expect(page).toHaveURL('/');
    const link = new URL((await lastMessage(request, email)).body.match(/https?:\/\/\S+/)![0]);
    expect(link.pathname).toBe('/email-confirm');
    await gotoHydrated(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed');
    // A second click on the same link still says so (the API answers a spent link of a
    // confirmed address as confirmed); a link that never was is expired.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed');
    await gotoHydrated('/email-confirm?token=not-a-real-link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  });

  test('a used or unknown sign-in link offers to sign in', async ({ page, gotoHydrated }) => {
    const status = await gotoHydrated('/login-via-token?token=not-a-real-token');
    expect(status).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This sign-in link has expired',
    );
  });

  test('guest favourites are kept in the account and come back on another device', async ({
    page,
    browser,
    request,
    gotoHydrated,
    baseURL,
  }) => {
    const response = await request.get('/spa/tours');
    const { items } = (await response.json()) as { items: { id: number; slug: string }[] };
    const tour = items[0]!;
    await gotoHydrated(`/${tour.slug}`);
    await page.locator('main header').getByRole('button', { name: 'Add to favourites' }).click();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Favourites (1)' }),
    ).toBeVisible();

    const email = uniqueEmail();
    await gotoHydrated('/register');
    await register(page, email);
    await expect(page).toHaveURL('/');

    // Another browser: nothing saved locally, the account's list arrives after signing in.
    const other = await browser.newPage({ baseURL });
    await other.goto('/login');
    await waitForHydration(other);
    await signInWithPassword(other, email);
    await expect(other).toHaveURL('/');
    await expect(
      other.getByRole('banner').getByRole('link', { name: 'Favourites (1)' }),
    ).toBeVisible();
    await other.goto('/favorites');
    await expect(other.locator(`a[href="/${tour.slug}"]`).first()).toBeVisible();
    await other.close();
  });
});
