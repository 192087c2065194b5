import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForHydration } from './fixtures';

// Accounts end to end: the built web server over the real API (playwright.config.ts starts it
// with DEV_OUTBOX=on, so the codes and links it "sends" are read back from /dev/outbox).

const apiUrl = `http://127.0.0.1:${process.env.GALLOP_E2E_API_PORT}`;
const PASSWORD = 'saddle-up-2026';
/** What the confirmation page says to the account's own session. */
const SIGNED_IN_ALREADY = 'Thank you.';

const uniqueEmail = () => `rider-${randomUUID()}@example.com`;

/** The messages the API queued to `recipient`, newest first. */
async function messagesTo(request: APIRequestContext, recipient: string) {
  const response = await request.get(
    `${apiUrl}/dev/outbox?recipient=${encodeURIComponent(recipient)}`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: { kind: string; body: string }[] }).messages;
}

/** The newest message the API queued to `recipient`. */
async function lastMessage(request: APIRequestContext, recipient: string) {
  const messages = await messagesTo(request, recipient);
  expect(messages.length).toBeGreaterThan(0);
  return messages[0]!;
}

async function fillRegistration(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('First name').fill('Ann');
  await page.getByLabel('Last name').fill('Rider');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Registers on the page: the answer is the same for a new address and a taken one (no account
 * enumeration), so the page says to check the e-mail and nobody is signed in yet.
 */
async function register(page: Page, email: string) {
  await fillRegistration(page, email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expect(page.getByText(email, { exact: true })).toBeVisible();
}

/**
 * Opens the link e-mailed at registration: opened signed out, it asks the registration's password,
 * confirms the address and signs in (`said` is the page's lead then); signed in already, it
 * confirms at once and thanks.
 */
async function openConfirmationLink(
  page: Page,
  request: APIRequestContext,
  email: string,
  said = 'Welcome to Gallop: you are signed in.',
) {
  const message = await lastMessage(request, email);
  expect(message.kind).toBe('confirm-email');
  const link = new URL(message.body.match(/https?:\/\/\S+/)![0]);
  expect(link.pathname).toBe('/email-confirm');
  await page.goto(`${link.pathname}${link.search}`);
  await waitForHydration(page);
  if (said !== SIGNED_IN_ALREADY) {
    // Opened signed out, the link asks the password chosen at registration (decision 151).
    await expect(page.getByText('Enter the password you chose when you registered')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed');
  await expect(page.getByText(said)).toBeVisible();
  return link;
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
    // The failed refresh cleared the dead tokens, and the signed-in marker with them.
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).not.toContain('auth_token');
    expect(names).not.toContain('gallop_signed_in');
  });
});

test('the web server refuses state-changing API calls from another site', async ({
  request,
  baseURL,
}) => {
  const refused = await request.post('/crm/api/user/logout', {
    headers: { Origin: 'https://evil.example' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: 'Cross-site request refused' });
  // The same call from this origin reaches the API (no session here: 401).
  const own = await request.post('/crm/api/user/logout', {
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(own.status()).toBe(401);
});

test.describe('accounts', () => {
  test.describe('with a wrong password on the way', () => {
    test.use({ expectedFailedCalls: [{ status: 401, path: '/crm/api/user/auth' }] });
    test('register, confirm by the link, change the name, sign out, and sign in again back to the settings', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      // Registration, settings, sign-out and two sign-ins each wait for a password hash (argon2id,
      // 19 MiB): on a busy 2-core runner the journey needs more than the default 30 s.
      test.setTimeout(90_000);
      const email = uniqueEmail();
      await gotoHydrated('/register');
      await expect(page).toHaveTitle('Create an account | Gallop');
      await expectNoSeriousA11yViolations(page);

      // The form's own rules first (docs/product.md, Validation).
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Required field').first()).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill('something-else');
      await page.getByLabel('Repeat the password').blur();
      await expect(page.getByText('Do not match')).toBeVisible();

      await register(page, email);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
      // Signed in with the password first, the link keeps it; opened signed out it would sign in
      // and clear the password anyone could have chosen (decision 147).
      await gotoHydrated('/login');
      await signInWithPassword(page, email);
      await expect(header.getByRole('link', { name: 'Account settings (Ann)' })).toBeVisible();
      await openConfirmationLink(page, request, email, SIGNED_IN_ALREADY);
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
      // The web server cleared the session cookies with the sign-out answer.
      const left = (await page.context().cookies()).map((cookie) => cookie.name);
      expect(left.filter((name) => /^auth_|^gallop_signed_in$/.test(name))).toEqual([]);

      await page.goto('/settings');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
      await signInWithPassword(page, email, 'wrong-password');
      await expect(page.getByRole('alert')).toContainText('Invalid login or password', {
        timeout: 15_000,
      });
      await signInWithPassword(page, email);
      await expect(page).toHaveURL('/settings');
      await expect(page.getByLabel('First name')).toHaveValue('Annie');

      // Signed in, the sign-in pages send the traveller on to the return path, which must stay
      // on this site even when its dot segments resolve to another host.
      for (const path of ['/login', '/register']) {
        const tricked = await page.request.get(`${path}?redirect=%2F..%2F%2Fevil.example%2Fx`, {
          maxRedirects: 0,
        });
        expect(tricked.status(), path).toBeLessThan(400);
        expect(tricked.headers()['location'], path).toBe('/');
      }

      // The tokens are HttpOnly cookies the web server holds; the page can read none of them.
      const cookies = await page.context().cookies();
      const cookie = (name: string) => cookies.find((item) => item.name === name);
      for (const name of ['auth_token', 'auth_refresh_token']) {
        expect(cookie(name), name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      }
      expect(cookie('gallop_signed_in')).toMatchObject({ value: '1', httpOnly: false });
      const seen = await page.evaluate(() => ({
        cookie: document.cookie,
        stored: window.localStorage.getItem('gallop.session'),
      }));
      expect(seen.cookie).not.toContain('auth_');
      expect(seen.stored).toBeNull();
    });
  });

  test('a taken e-mail gets the answer of a new one; only its inbox is told', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const taken = 'traveller@gallop.test';
    const attempts = async () =>
      (await messagesTo(request, taken)).filter((message) => message.kind === 'register-attempt');
    const before = (await attempts()).length;
    await gotoHydrated('/register');
    await register(page, taken);
    await expect.poll(async () => (await attempts()).length).toBe(before + 1);
    expect((await attempts())[0]!.body).toContain('Forgot your password?');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test.describe('with a password that is easy to guess', () => {
    test.use({ expectedFailedCalls: [{ status: 422, path: '/crm/api/user/register' }] });
    test('the reason shows once, under the password field', async ({ page, gotoHydrated }) => {
      await gotoHydrated('/register');
      await fillRegistration(page, uniqueEmail(), '12345678');
      const password = page.getByLabel('Password', { exact: true });
      await expect(password).toHaveAccessibleDescription(
        /^This password is too easy to guess\. .*Add more words or use a less common phrase\.$/,
      );
      await expect(page.getByText(/This password is too easy to guess/)).toHaveCount(1);
      await expect(page).toHaveURL('/register');
      await password.fill(PASSWORD);
      await page.getByLabel('Repeat the password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
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

  test('the e-mail confirmation link confirms and signs in, also when opened again', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const email = uniqueEmail();
    await gotoHydrated('/register');
    await register(page, email);
    await openConfirmationLink(page, request, email);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Account settings (Ann)' }),
    ).toBeVisible();
    // A second click on the same link still says so (the API answers a spent link of a
    // confirmed address as confirmed); a link that never was is expired.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail is confirmed');
    await gotoHydrated('/email-confirm?token=not-a-real-link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link has expired');
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
  });

  test.describe('a password reset link', () => {
    test.use({
      expectedFailedCalls: [{ status: 410, path: '/crm/api/user/check-password-reset-token' }],
    });
    test('sets a new password once; opened again it says so before any form', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail();
      await gotoHydrated('/register');
      await register(page, email);
      await openConfirmationLink(page, request, email);
      const recovery = await request.post(`${apiUrl}/crm/api/user/password-recovery`, {
        data: { email },
      });
      expect(recovery.status()).toBe(200);
      const message = await lastMessage(request, email);
      const link = new URL(message.body.match(/https?:\/\/\S+/)![0]);
      expect(link.pathname).toBe('/login');

      await gotoHydrated(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      await page.getByRole('textbox', { name: 'New password' }).fill('gallop-over-the-ridge-9');
      await page.getByLabel('Repeat the password').fill('gallop-over-the-ridge-9');
      await page.getByRole('button', { name: 'Save and sign in' }).click();
      await expect(page).toHaveURL('/');

      await gotoHydrated(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works');
      await expect(page.getByText(/It was already used or has expired/)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'New password' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send the link' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
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
    await page.locator('main header').getByRole('button', { name: 'Save to favourites' }).click();
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Favourites (1)' }),
    ).toBeVisible();

    const email = uniqueEmail();
    await gotoHydrated('/register');
    await register(page, email);
    // Signed in by the link, the page saves the guest heart to the account.
    const saved = page.waitForResponse(
      (response) => response.url().includes('/crm/api/favourite-tour/create') && response.ok(),
    );
    await openConfirmationLink(page, request, email);
    await saved;

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
