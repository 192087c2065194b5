import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { bookAsGuest, outbox, payOnSandboxPage, startCardPayment } from './guest-booking';

// The organizer's meet page (`/meet?key=`), reached the way an organizer reaches it: a traveller
// pays a booking, the API mails the organizer the link, the organizer opens it. Also the pages
// behind runtime flags (off on the e2e server) and the individual tour page.

/** Files the API's sniffing accepts: a valid one-page PDF and a 1×1 PNG. */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A guest books through the API, signs in with an e-mailed code, and pays the prepayment on the
 * sandbox provider's page; the organizer's e-mail then carries the meet link. Answers that link.
 */
async function paidBookingMeetLink(page: Page, request: APIRequestContext) {
  const guest = await bookAsGuest(request);
  const { tour, booking } = guest;
  await payOnSandboxPage(page, await startCardPayment(request, guest));
  await expect(page).toHaveURL(/\/success\?request_id=\d+&payment_id=\d+&token=/);

  // The organizer's e-mail: the newest messages, the one about this booking.
  await expect
    .poll(async () =>
      (await outbox(request)).some((message) => message.body.includes(`Booking #${booking.id} `)),
    )
    .toBe(true);
  const mail = (await outbox(request)).find(
    (message) =>
      message.kind === 'meeting-details-requested' &&
      message.body.includes(`Booking #${booking.id} `),
  );
  const link = new URL(mail!.body.match(/https?:\/\/\S+\/meet\?key=\S+/)![0]);
  return { tour, booking, path: `${link.pathname}${link.search}` };
}

test('the organizer opens the meet page from the e-mail, uses a template, attaches a file and saves', async ({
  page,
  request,
  gotoHydrated,
}) => {
  test.setTimeout(120_000);
  const { tour, booking, path } = await paidBookingMeetLink(page, request);

  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  // Kept by no cache: opened again after a save, it shows what was saved.
  expect(response?.headers()['cache-control']).toBe('private, no-cache');
  await gotoHydrated(path);
  await expect(page).toHaveTitle('Meeting details | Gallop');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { level: 1 }).getByRole('link')).toHaveText(tour.name);
  await expect(page.getByText(`#${booking.id}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Ines Moreau, Paul Moreau')).toBeVisible();
  // The group card spaces its names evenly at both widths (29 px below vs 17 above, before).
  const viewport = page.viewportSize()!;
  for (const width of [viewport.width, 390]) {
    await page.setViewportSize({ width, height: viewport.height });
    const space = await page
      .locator('.meet-group')
      .first()
      .evaluate((card) => {
        const names = card.querySelector('.meet-group__names')!.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        return { above: names.top - box.top, below: box.bottom - names.bottom };
      });
    expect(space.below, `${width} px: below the names vs above`).toBeCloseTo(space.above, 0);
  }
  await page.setViewportSize(viewport);
  // The arrival page is off here (FEATURE_ARRIVAL): the page asks for no arrival details.
  await expect(page.getByRole('heading', { name: 'The group' })).toBeVisible();
  await expect(page.getByText('Not given yet')).toHaveCount(0);
  await expect(page.getByText('Good meeting details say')).toBeVisible();

  // The text starts from the first template; another template replaces it.
  const text = page.getByLabel('Meeting details');
  const templates = page.getByRole('group', { name: 'Templates' }).getByRole('button');
  expect(await templates.count()).toBeGreaterThan(1);
  const first = await text.inputValue();
  expect(first.length).toBeGreaterThan(20);
  await text.fill('Scratch text');
  await templates.nth(1).click();
  const second = await text.inputValue();
  expect(second).not.toBe('Scratch text');
  expect(second).not.toBe(first);
  await expect(templates.nth(1)).toHaveAttribute('aria-pressed', 'true');

  // Files: two at once, one refused on the client, then one removed.
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'packing-list.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF },
    { name: 'meeting-point.png', mimeType: 'image/png', buffer: SMALL_PNG },
    { name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
  ]);
  const files = page.locator('.meet-files__list');
  await expect(files.getByText('packing-list.pdf')).toBeVisible();
  await expect(files.getByText('meeting-point.png')).toBeVisible();
  await expect(
    page.getByText(
      'tool.exe: only images, PDF, Word (doc, docx) and Excel (xls, xlsx) files can be attached.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove meeting-point.png' }).click();
  await expect(files.getByText('meeting-point.png')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The template's placeholders left in: the page refuses to send them to the riders.
  await text.fill(`${second}\n\nCall Marta on +1 415 555 0100 on the day.`);
  await page.getByRole('button', { name: 'Save meeting details' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Replace \[/ })).toContainText(
    'with your own details before saving.',
  );
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  const filled = second.replace(/\[([^\]\n]+)\]/g, '$1 (filled in)');
  await text.fill(`${filled}\n\nCall Marta on +1 415 555 0100 on the day.`);
  await page.getByRole('button', { name: 'Save meeting details' }).click();
  const success = page.getByRole('dialog', { name: 'Success' });
  await expect(success).toContainText('The data has been successfully saved.');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(success).toHaveCount(0);

  // What was saved is what the page shows next time, with the file.
  await gotoHydrated(path);
  await expect(page.getByLabel('Meeting details')).toHaveValue(/Call Marta on \+1 415 555 0100/);
  await expect(page.locator('.meet-files__list').getByText('packing-list.pdf')).toBeVisible();
});

test('an unknown or missing meet key is the 404 page', async ({ page }) => {
  const unknown = await page.goto(`/meet?key=${randomUUID()}${randomUUID()}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
  expect((await page.request.get('/meet')).status()).toBe(404);
});

test('the QR payment and arrival pages answer 404 while their flags are off', async ({
  request,
}) => {
  for (const path of [
    '/booking/qr/12',
    `/booking/qr/uuid/${randomUUID()}`,
    `/arrival/${randomUUID()}`,
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('Page not found');
  }
});

test('an individual tour link with an unknown uuid is the 404 page', async ({ request }) => {
  const response = await request.get(`/order/${randomUUID()}/individual-tour`);
  expect(response.status()).toBe(404);
  expect((await request.get('/order/not-a-uuid/individual-tour')).status()).toBe(404);
});
