import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, bookAsGuest, confirmedLabel, outbox, type GuestBooking } from './guest-booking';
import { signInWithCookies } from './sign-in';

// The organizer answers a booking request from the e-mailed links (`/partner/answer`, decision
// 090): a traveller books a date its organizer has not guaranteed, the API mails the organizer a
// Confirm and a Decline link, the organizer opens them in a browser of their own and confirms,
// and the traveller's booking page then asks for the prepayment.

const RIDERS = [
  {
    first_name: 'Ines',
    last_name: 'Moreau',
    birthday: '1991-03-14',
    weight: 61,
    food_restriction: 'Vegetarian',
  },
  { first_name: 'Paul', last_name: 'Moreau', birthday: '1989-11-02', weight: 78 },
];

/**
 * The organizer's e-mail about the request (the one with the traveller's unique comment), read
 * back by its recipient: the Confirm and Decline links, which point at this web app.
 */
async function answerLinks(request: APIRequestContext, comment: string, baseURL: string) {
  const isOurs = (message: { kind: string; body: string }) =>
    message.kind === 'request-to-answer' && message.body.includes(comment);
  await expect.poll(async () => (await outbox(request)).some(isOurs)).toBe(true);
  const { recipient } = (await outbox(request)).find(isOurs)!;
  expect(recipient).toMatch(/@/);
  const mail = (await outbox(request, recipient)).find(isOurs)!;
  const link = (answer: 'confirm' | 'decline') => {
    const found = mail.body.match(
      new RegExp(`https?://\\S+/partner/answer\\?token=\\S+&answer=${answer}`),
    );
    expect(found, `the ${answer} link`).not.toBeNull();
    const url = new URL(found![0]);
    expect(url.origin).toBe(new URL(baseURL).origin);
    return `${url.pathname}${url.search}`;
  };
  return { confirm: link('confirm'), decline: link('decline') };
}

/** Counts the answers a page sends: opening a link must send none. */
function countAnswers(page: Page): { count: number } {
  const answers = { count: 0 };
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/crm/api/request/answer')) {
      answers.count += 1;
    }
  });
  return answers;
}

async function bookingStatus(request: APIRequestContext, guest: GuestBooking) {
  const answer = await request.get(`${apiUrl}/crm/api/request/get?id=${guest.booking.id}`, {
    headers: { 'X-Authorization': `Bearer ${guest.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { status: number }).status;
}

test('the organizer confirms a request from the e-mailed link, and the traveller is asked to pay', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const comment = `We ride twice a month. (${randomUUID()})`;
  const guest = await bookAsGuest(request, { guaranteed: false, tourists: RIDERS, comment });
  const { tour, booking } = guest;

  // The traveller's booking waits for the organizer.
  await signInWithCookies(context, guest, baseURL!);
  await page.goto(`/booking/${booking.id}`);
  await waitForHydration(page);
  await expect(page.getByText('Waiting for the organizer')).toBeVisible();

  // The organizer, in a browser of their own, opens the Decline link: nothing is sent.
  const links = await answerLinks(request, comment, baseURL!);
  const organizerContext = await browser.newContext();
  const organizer = await organizerContext.newPage();
  const answers = countAnswers(organizer);
  const opened = await organizer.goto(links.decline);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toContain('noindex');
  // Someone's own page: no cache keeps it (opened again after the answer, it shows the answer).
  expect(opened?.headers()['cache-control']).toBe('private, no-cache');
  await waitForHydration(organizer);
  await expect(organizer).toHaveTitle(`Booking request #${booking.id} | Gallop`);
  await expect(organizer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(organizer.getByRole('heading', { level: 1 })).toHaveText(
    `Booking request #${booking.id}`,
  );
  await expect(organizer.getByText(tour.name, { exact: true })).toBeVisible();
  await expect(organizer.getByLabel('Reason for the traveller')).toBeFocused();
  const riders = organizer.getByRole('region', { name: 'Riders' }).getByRole('listitem');
  await expect(riders).toHaveCount(2);
  await expect(riders.first()).toContainText('Ines Moreau');
  // The organizer's browser is in the US: pounds (61 kg).
  await expect(riders.first()).toContainText('134 lb');
  await expect(riders.first()).toContainText('Vegetarian');
  await expect(organizer.getByText(comment)).toBeVisible();
  await expect(organizer.getByText(/^Answer by /)).toBeVisible();
  await expectNoSeriousA11yViolations(organizer);
  // A decline needs a reason: an empty one is refused on the page.
  await organizer.getByRole('button', { name: 'Decline request' }).click();
  await expect(organizer.getByRole('alert')).toContainText('Tell the traveller why you decline');
  expect(answers.count).toBe(0);
  expect(await bookingStatus(request, guest)).toBe(1);

  // The Confirm link: Confirm is the one focused; only the click answers.
  await organizer.goto(links.confirm);
  await waitForHydration(organizer);
  const confirm = organizer.getByRole('button', { name: 'Confirm booking' });
  await expect(confirm).toBeFocused();
  expect(answers.count).toBe(0);
  await confirm.click();
  await expect(
    organizer.getByText('Confirmed: the traveller has been asked to pay.'),
  ).toBeVisible();
  await expect(organizer.getByRole('heading', { name: 'Booking confirmed' })).toBeFocused();
  expect(answers.count).toBe(1);
  await expectNoSeriousA11yViolations(organizer);

  // Opened again (or the Decline link after the answer): the outcome, no actions.
  await organizer.goto(links.decline);
  await waitForHydration(organizer);
  await expect(
    organizer.getByText('Confirmed: the traveller has been asked to pay.'),
  ).toBeVisible();
  await expect(organizer.locator('.answer-panel').getByRole('button')).toHaveCount(0);
  await organizerContext.close();

  // The traveller's booking is confirmed and asks for the prepayment.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText(confirmedLabel(guest.booking))).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeVisible();
  expect(await bookingStatus(request, guest)).toBe(2);
});

test('an answer link without a token, or with one the API did not sign, is the 404 page', async ({
  page,
}) => {
  const forged = await page.goto(`/partner/answer?token=${randomUUID()}&answer=confirm`);
  expect(forged?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
  expect((await page.request.get('/partner/answer')).status()).toBe(404);
  expect((await page.request.get('/partner/answer?answer=decline')).status()).toBe(404);
  // A link the mail program ran together with the next word: longer than any token.
  const runTogether = `/partner/answer?token=${'x'.repeat(240)}&answer=confirm`;
  expect((await page.request.get(runTogether)).status()).toBe(404);
});
