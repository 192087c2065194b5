import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { apiUrl, outbox } from './guest-booking';

// The tour page's programme order, following a tour and the complaint form against the real API.

async function firstTourPath(request: APIRequestContext) {
  const response = await request.get('/spa/best-tours');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { slug: string; name: string }[] };
  return { path: `/${items[0]!.slug}`, name: items[0]!.name };
}

/**
 * A tour whose page shows but none of whose upcoming dates can be booked (all sold out or busy):
 * the demo catalogue has some among its first tours.
 */
async function unbookableTour(request: APIRequestContext) {
  const today = new Date().toISOString().slice(0, 10);
  // Looked up 25 at a time: the first such tour is usually within the first hundred ids.
  for (let first = 1; first <= 400; first += 25) {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        request.get(`/spa/tour-for-request?id=${first + index}`),
      ),
    );
    for (const answer of answers) {
      if (answer.status() !== 200) continue;
      const tour = (await answer.json()) as {
        slug: string;
        name: string;
        dates: { start: string; is_busy?: boolean; number_of_free_seats?: number }[];
      };
      const upcoming = tour.dates.filter((date) => date.start >= today);
      const bookable = upcoming.some(
        (date) => !date.is_busy && (date.number_of_free_seats ?? 1) > 0,
      );
      if (upcoming.length > 0 && !bookable) return { path: `/${tour.slug}`, name: tour.name };
    }
  }
  throw new Error('The demo catalogue has no tour without bookable dates');
}

test.describe('following a tour by e-mail', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a sold-out tour offers it; the inbox confirms, then gets the programme; the subscriber id is kept', async ({
    page,
    request,
    context,
    gotoHydrated,
  }) => {
    // Two subscriptions and two accessibility scans on a phone-sized page: more than the default.
    test.slow();
    const tour = await unbookableTour(request);
    await gotoHydrated(tour.path);
    const card = page.getByRole('region', { name: 'Follow this tour' });
    // It is in the dates section, which hydrates when scrolled near (decision 130).
    await card.scrollIntoViewIfNeeded();
    await expect(card).toContainText('No dates are open for booking right now.');
    const follow = card.getByRole('button', { name: 'Follow', exact: true });
    await expect(follow).toBeEnabled();
    await follow.click();
    await expect(card.getByText('Required field')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const email = `follow-${Date.now()}@example.com`;
    await card.getByLabel('E-mail').fill(email);
    await follow.click();
    const status = card.getByRole('status');
    // An address nobody proved confirms from its inbox first (double opt-in).
    await expect(status).toContainText('Check your inbox');
    await expect(status).toContainText(`We sent a link to ${email}.`);
    await expectNoSeriousA11yViolations(page);

    // The API queued only the link that confirms (DEV_OUTBOX=on in playwright.config.ts).
    const kinds = async () => (await outbox(request, email)).map((message) => message.kind).sort();
    await expect.poll(kinds).toEqual(['tour-follow-confirm']);
    const [confirmation] = await outbox(request, email);
    const followLink = new URL(/press Follow: (\S+)/.exec(confirmation!.body)![1]!);
    expect(followLink.pathname).toBe('/follow');

    // The answer's subscriber id is kept for 15552000 s (docs/product.md, Constants)...
    const stored = (await context.cookies()).find((cookie) => cookie.name === 'subscriber_id');
    expect(stored?.value).toBeTruthy();
    expect(stored!.expires - Date.now() / 1000).toBeGreaterThan(15_552_000 - 120);
    expect(stored!.expires - Date.now() / 1000).toBeLessThanOrEqual(15_552_000);

    // ... and sent back by the next subscription, from the tour actions, which keeps it.
    await page.getByRole('button', { name: 'Follow this tour' }).click();
    const dialog = page.getByRole('dialog', { name: 'Follow this tour' });
    const second = `follow-again-${Date.now()}@example.com`;
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(second);
    await dialog.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(dialog.getByRole('status')).toContainText(`We sent a link to ${second}.`);
    const kept = (await context.cookies()).find((cookie) => cookie.name === 'subscriber_id');
    expect(kept?.value).toBe(stored!.value);

    // The link's page asks first (a mail scanner opening it follows nothing); a click follows.
    expect(await gotoHydrated(`${followLink.pathname}${followLink.search}`)).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(
      page.getByRole('heading', { level: 1, name: `Follow ${tour.name}?` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await kinds()).toEqual(['tour-follow-confirm']);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    const done = page.getByRole('heading', { level: 1, name: `You are following ${tour.name}` });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await expect.poll(kinds).toEqual(['tour-follow-confirm', 'tour-program']);
    const programme = (await outbox(request, email)).find((mail) => mail.kind === 'tour-program');
    expect(programme!.body).toContain(tour.name);
    expect(programme!.body).toContain('Stop e-mails about this tour:');
  });
});

for (const width of [390, 1366]) {
  test.describe(`tour page actions at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the programme order validates, e-mails the PDF and says where it went', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const tour = await firstTourPath(request);
      await gotoHydrated(tour.path);
      await page.getByRole('button', { name: 'Get the tour programme' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get the tour programme' });
      await expect(dialog).toBeVisible();
      const send = dialog.getByRole('button', { name: 'Send the programme' });
      await expect(send).toBeEnabled();
      await send.click();
      // E-mail is the default, also where the site offers WhatsApp: only the e-mail is needed.
      await expect(dialog.getByText('Required field')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);

      const email = `e2e-${width}-${Date.now()}@example.com`;
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await send.click();
      const status = dialog.getByRole('status');
      await expect(status).toContainText(`is on its way to ${email}`);
      await expect(status).toContainText(/Request number \d+\./);

      // The programme is a PDF attached to the e-mail.
      const [message] = await outbox(request, email);
      expect(message?.channel).toBe('email');
      const [file] = message!.attachments ?? [];
      expect(file?.content_type).toBe('application/pdf');
      const pdf = await request.get(`${apiUrl}${file!.url}`);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });

    test('the programme goes by WhatsApp when the visitor chooses it and the site offers it', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const tokens = (await (await request.get('/spa/site-tokens')).json()) as {
        send_tour_program_in_pdf_via_whatsapp?: boolean;
      };
      test.skip(tokens.send_tour_program_in_pdf_via_whatsapp !== true, 'WhatsApp is not offered');
      const tour = await firstTourPath(request);
      await gotoHydrated(tour.path);
      await page.getByRole('button', { name: 'Get the tour programme' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get the tour programme' });
      await dialog.getByRole('radio', { name: 'By WhatsApp' }).check();
      const send = dialog.getByRole('button', { name: 'Send the programme' });
      await send.click();
      await expect(dialog.getByText('Required field')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      const phone = `+1415555${String(Date.now()).slice(-4)}`;
      await dialog.getByLabel('WhatsApp number').fill(phone);
      await send.click();
      await expect(dialog.getByRole('status')).toContainText(
        `is on its way by WhatsApp to ${phone}`,
      );
      const [message] = await outbox(request, phone);
      expect(message?.channel).toBe('whatsapp');
      expect(message?.attachments?.[0]?.content_type).toBe('application/pdf');
    });

    test('the complaint form needs a text, then thanks the visitor', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const tour = await firstTourPath(request);
      await gotoHydrated(tour.path);
      await page.getByRole('button', { name: 'Report a problem with this tour' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem with this tour' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByText('Required field')).toBeVisible();
      await dialog
        .getByLabel('What is the problem?')
        .fill('The meeting point on the map is wrong.');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('status')).toContainText('Thank you.');
      await expectNoSeriousA11yViolations(page);
    });
  });
}
