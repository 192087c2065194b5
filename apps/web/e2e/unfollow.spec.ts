import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { apiUrl, outbox } from './guest-booking';

// Unfollowing a tour from the link of its e-mails (`/unfollow?token=`, decision 058), with a real
// token: following a tour through the API (confirmed from the e-mailed link, as an address nobody
// proved must) e-mails its programme, whose last line is the same unfollow link the new-date
// notices carry (DEV_OUTBOX=on in playwright.config.ts).

/** Follows the first best tour as `email`; answers the tour and the e-mailed unfollow path. */
async function followAndReadLink(request: APIRequestContext, email: string) {
  const best = await request.get(`${apiUrl}/spa/best-tours`);
  const { items } = (await best.json()) as { items: { id: number; name: string; slug: string }[] };
  const tour = items[0]!;
  const follow = await request.post(`${apiUrl}/spa/subscribe-tour-program`, {
    data: { email, tour_id: tour.id, currency: 'USD' },
  });
  expect(follow.status()).toBe(200);
  await expect.poll(async () => (await outbox(request, email)).length).toBeGreaterThan(0);
  const [confirmation] = await outbox(request, email);
  const followLink = /press Follow: (\S+)/.exec(confirmation!.body)?.[1];
  expect(followLink, 'the confirmation e-mail carries the follow link').toBeDefined();
  const confirmed = await request.post(`${apiUrl}/spa/confirm-tour-follow`, {
    data: { token: new URL(followLink!).searchParams.get('token') },
  });
  expect(confirmed.status()).toBe(200);
  const programme = async () =>
    (await outbox(request, email)).find((message) => message.kind === 'tour-program');
  await expect.poll(programme).toBeDefined();
  const mail = await programme();
  const link = /Stop e-mails about this tour: (\S+)/.exec(mail!.body)?.[1];
  expect(link, 'the programme e-mail carries the unfollow link').toBeDefined();
  const url = new URL(link!);
  expect(url.pathname).toBe('/unfollow');
  return { tour, path: `${url.pathname}${url.search}` };
}

test.describe('unfollowing a tour from its e-mail', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the link asks first, stops the e-mails on a click, and links back to the tour', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const email = `unfollow-${randomUUID()}@example.com`;
    const { tour, path } = await followAndReadLink(request, email);

    const status = await gotoHydrated(path);
    expect(status).toBe(200);
    await expect(page).toHaveTitle(/Stop e-mails about a tour/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Stop e-mails about ${tour.name}?` }),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Opening the link changed nothing (a mail scanner may open it).
    const token = new URL(path, apiUrl).searchParams.get('token')!;
    const before = await request.get(
      `${apiUrl}/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`,
    );
    expect(await before.json()).toMatchObject({ following: true });

    await page.getByRole('button', { name: 'Stop e-mails' }).click();
    const done = page.getByRole('heading', {
      level: 1,
      name: `You will no longer get e-mails about ${tour.name}`,
    });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    const after = await request.get(
      `${apiUrl}/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`,
    );
    expect(await after.json()).toMatchObject({ following: false });

    await page.getByRole('link', { name: `Back to ${tour.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${tour.slug}$`));
  });

  test("a mail client's one-click POST (RFC 8058) unfollows at once", async ({ request }) => {
    const email = `one-click-${randomUUID()}@example.com`;
    const { path } = await followAndReadLink(request, email);
    const token = new URL(path, apiUrl).searchParams.get('token')!;
    const following = async () =>
      (
        (await (
          await request.get(
            `${apiUrl}/spa/unsubscribe-tour-program?token=${encodeURIComponent(token)}`,
          )
        ).json()) as { following: boolean }
      ).following;

    // Without the one-click body nothing changes.
    const refused = await request.post(path, { form: { 'List-Unsubscribe': 'Maybe' } });
    expect(refused.status()).toBe(400);
    expect(await following()).toBe(true);

    const done = await request.post(path, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(done.status()).toBe(200);
    expect(await done.text()).toBe('You will get no more e-mails about this tour.');
    expect(await following()).toBe(false);
  });

  test('a forged or missing token is a 404 that says the link does not work', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const { path } = await followAndReadLink(request, `forged-${randomUUID()}@example.com`);
    // The same payload with another signature: the API did not sign it.
    const forged = path.replace(/\.[\w-]+$/, `.${'A'.repeat(43)}`);
    expect(forged).not.toBe(path);
    for (const address of [forged, '/unfollow']) {
      expect(await gotoHydrated(address)).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This link does not work' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back home' })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});
