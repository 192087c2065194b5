import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, bookAsGuest, outbox } from './guest-booking';
import { signInWithCookies } from './sign-in';

// A traveller's account walk on shared devices and across devices: favourites stay with their
// account, tabs learn of a sign-out, links of another account change nothing here, and the form
// and error pages say what they should. Accounts and tours come from the API, never fixed ids.

const json = { 'Content-Type': 'application/json' };
const PASSWORD = 'Canter-Along-Coast-5';

interface Account {
  email: string;
  token: string;
  refreshToken: string;
}

/**
 * Registers `firstName` through the API, signs in with the password and opens its link in that
 * session (which keeps the password, decision 147): a confirmed account with a session.
 */
async function newAccount(request: APIRequestContext, firstName: string): Promise<Account> {
  const email = `walk-${randomUUID()}@example.com`;
  const registered = await request.post(`${apiUrl}/crm/api/user/register`, {
    headers: json,
    data: {
      first_name: firstName,
      last_name: 'Rider',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const signedIn = await anotherSession(request, { email, token: '', refreshToken: '' });
  const confirmed = await request.post(`${apiUrl}/crm/api/user/confirm-email`, {
    headers: authorized(signedIn),
    data: { token: await confirmationToken(request, email) },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return signedIn;
}

/** The token of the newest confirmation link e-mailed to `email`. */
async function confirmationToken(request: APIRequestContext, email: string): Promise<string> {
  const message = (await outbox(request, email)).find(({ kind }) => kind === 'confirm-email');
  return new URL(message!.body.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
}

/** Another session of the same account, as a second device's sign-in makes. */
async function anotherSession(request: APIRequestContext, account: Account): Promise<Account> {
  const answer = await request.post(`${apiUrl}/crm/api/user/auth`, {
    headers: json,
    data: { login: account.email, password: PASSWORD },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const session = (await answer.json()) as { token: string; refresh_token: string };
  return { ...account, token: session.token, refreshToken: session.refresh_token };
}

const authorized = (account: Account) => ({
  ...json,
  'X-Authorization': `Bearer ${account.token}`,
});

async function save(request: APIRequestContext, account: Account, tourIds: number[]) {
  for (const tourId of tourIds) {
    const saved = await request.post(`${apiUrl}/crm/api/favourite-tour/create`, {
      headers: authorized(account),
      data: { tour_id: tourId },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
}

async function serverList(request: APIRequestContext, account: Account): Promise<number[]> {
  const answer = await request.get(`${apiUrl}/crm/api/user/favourite-tours?active_only=1`, {
    headers: authorized(account),
  });
  return ((await answer.json()) as { ids: number[] }).ids;
}

async function someTourIds(request: APIRequestContext, count: number): Promise<number[]> {
  const { items } = (await (await request.get(`${apiUrl}/spa/tours`)).json()) as {
    items: { id: number }[];
  };
  expect(items.length).toBeGreaterThanOrEqual(count);
  return items.slice(0, count).map(({ id }) => id);
}

const favouritesCookie = async (context: BrowserContext) =>
  decodeURIComponent(
    (await context.cookies()).find(({ name }) => name === 'favorite_tours')?.value ?? '',
  );

/** The header's link to the favourites: its name carries the count ('Favourites (3)'). */
const favouritesLink = (page: Page, count?: number) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: count ? `Favourites (${count})` : 'Favourites', exact: true });

test.describe('favourites on a shared browser and across devices', () => {
  test("signing out takes the account's saved tours off the browser; the next account gets none of them", async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const [a1, a2, a3, b1] = await someTourIds(request, 4);
    const ann = await newAccount(request, 'Ann');
    const alex = await newAccount(request, 'Alex');
    await save(request, ann, [a1!, a2!, a3!]);
    await save(request, alex, [b1!]);

    await signInWithCookies(page.context(), ann, baseURL);
    await gotoHydrated('/settings');
    await expect(favouritesLink(page, 3)).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(favouritesLink(page)).toBeVisible();
    expect(await favouritesCookie(page.context())).toBe('');
    await gotoHydrated('/favorites');
    await expect(page.getByText('No favourites yet')).toBeVisible();

    // Alex signs in on the same browser: his own list, and Ann's stays hers.
    await signInWithCookies(page.context(), alex, baseURL);
    await gotoHydrated('/favorites');
    await expect(favouritesLink(page, 1)).toBeVisible();
    expect(await serverList(request, alex)).toEqual([b1]);
    // Ann's session ended with the sign-out: her list is read with a new one.
    const annAgain = await anotherSession(request, ann);
    expect((await serverList(request, annAgain)).sort()).toEqual([a1, a2, a3].sort());
  });

  test('a tour removed on one device does not come back from another', async ({
    browser,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('no baseURL');
    const tours = await someTourIds(request, 3);
    const ann = await newAccount(request, 'Ann');
    await save(request, ann, tours);
    const devices = await Promise.all([browser.newContext(), browser.newContext()]);
    const sessions = [ann, await anotherSession(request, ann)];
    const pages: Page[] = [];
    for (const [index, context] of devices.entries()) {
      await signInWithCookies(context, sessions[index]!, baseURL);
      const page = await context.newPage();
      await page.goto(`${baseURL}/favorites`);
      await waitForHydration(page);
      await expect(favouritesLink(page, 3)).toBeVisible();
      pages.push(page);
    }

    // Device A removes the first tour; device B still holds it in its cookie.
    const removed = await request.post(`${apiUrl}/crm/api/favourite-tour/delete`, {
      headers: authorized(ann),
      data: { tour_id: tours[0] },
    });
    expect(removed.ok(), await removed.text()).toBe(true);
    const deviceB = pages[1]!;
    const saves: string[] = [];
    deviceB.on('request', (call) => {
      if (call.url().includes('/crm/api/favourite-tour/create')) saves.push(call.url());
    });
    const read = deviceB.waitForResponse((answer) =>
      answer.url().includes('/crm/api/user/favourite-tours'),
    );
    await deviceB.reload();
    await waitForHydration(deviceB);
    await read;
    await expect(favouritesLink(deviceB, 2)).toBeVisible();
    expect(saves).toEqual([]);
    expect((await serverList(request, ann)).sort()).toEqual(tours.slice(1).sort());
    await Promise.all(devices.map((context) => context.close()));
  });
});

test('a sign-out in one tab shows the other tabs signed out', async ({
  page,
  request,
  baseURL,
  gotoHydrated,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const ann = await newAccount(request, 'Ann');
  await save(request, ann, await someTourIds(request, 2));
  await signInWithCookies(page.context(), ann, baseURL);
  await gotoHydrated('/');
  await expect(
    page.getByRole('banner').getByRole('link', { name: /Account settings/ }),
  ).toBeVisible();
  await expect(favouritesLink(page, 2)).toBeVisible();

  const settings = await page.context().newPage();
  await settings.goto('/settings');
  await waitForHydration(settings);
  await settings.getByRole('button', { name: 'Sign out' }).click();
  await expect(settings.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The first tab was not touched: it learns of the sign-out by itself.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(favouritesLink(page)).toBeVisible();
  await settings.close();
});

test("another account's confirmation link, opened signed in, leaves the signed-in account shown", async ({
  page,
  request,
  baseURL,
  gotoHydrated,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const alex = await newAccount(request, 'Alex');
  const dan = `walk-${randomUUID()}@example.com`;
  const registered = await request.post(`${apiUrl}/crm/api/user/register`, {
    headers: json,
    data: {
      first_name: 'Dan',
      last_name: 'Rider',
      email: dan,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(registered.ok()).toBe(true);
  const token = await confirmationToken(request, dan);

  await signInWithCookies(page.context(), alex, baseURL);
  await gotoHydrated(`/email-confirm?token=${token}`);
  // Another account's session is asked the registration's password too (decision 151).
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'E-mail confirmed for another account',
  );
  await expect(page.getByText(alex.email)).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account settings (Alex)' })).toBeVisible();
  await expect(page.getByText(dan)).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(header.getByRole('link', { name: 'Account settings (Alex)' })).toBeVisible();
});

test('registering with a wrong phone typed last shows every error of the form at once', async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated('/register');
  await page.getByLabel('First name').fill('Cara');
  await page.getByLabel('Last name').fill('Trot');
  await page.getByLabel('E-mail').fill(`walk-${randomUUID()}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByLabel('Phone (optional)').fill('12');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(
    page.getByText('Please accept the terms of use and the privacy policy'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an account');
});

test("another traveller's booking is denied with an error title, as is its payment page", async ({
  page,
  request,
  baseURL,
}) => {
  if (!baseURL) throw new Error('no baseURL');
  const { booking } = await bookAsGuest(request);
  const alex = await newAccount(request, 'Alex');
  await signInWithCookies(page.context(), alex, baseURL);
  // The server's page, read with the browser's cookies (a 403 document is a console error).
  for (const path of [`/booking/${booking.id}`, `/booking/pay/${booking.id}`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    const html = await response.text();
    expect(html, path).toContain('Sorry, you do not have permission to access this page.');
    expect(html, path).toContain('<title>Access is denied | Gallop</title>');
  }
});
