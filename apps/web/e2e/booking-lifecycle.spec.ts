import { randomUUID } from 'node:crypto';
import { formatPrice } from '@gallop/currency';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, outbox, type GuestBooking, type RiderInput } from './guest-booking';
import { signIn, signInWithCookies } from './sign-in';

// The booking lifecycle with two browsers, a traveller's and an organizer's (issue 42), on the
// built app: the organizer declines a request with a reason from the signed-in organizer area and
// the traveller reads it while the seats come back; a paid booking cancelled by the traveller
// refunds what its moderate cancellation policy says, on the page and in the e-mails; and a
// request on a date that is not guaranteed goes all the way: confirmed from the e-mailed link,
// prepaid through 3-D Secure, meeting details with a file, the balance, the tour's end (the
// development route moves the booking's date into the past and runs the booking job), the review
// invitation, and a review with a photo shown on the tour page as a verified trip.

const json = { 'Content-Type': 'application/json' };
const ORGANIZER_LOGIN = 'organizer@gallop.test';
const DAY_MS = 86_400_000;

/** Test cards of the sandbox provider's page (apps/api sandbox-provider.ts, sandbox-page.ts). */
const PAYING_CARD = '4242 4242 4242 4242';
const CHALLENGE_CARD = '4000 0000 0000 3220';
const CHALLENGE_CODE = '1234';
const PROVIDER_PAGE = /\/crm\/api\/payment\/sandbox\/\d+\?token=/;
const SUCCESS_PAGE = /\/success\?request_id=\d+&payment_id=\d+&token=/;

/** Files the API's sniffing accepts: a valid one-page PDF and a 1×1 PNG (as in meet.spec.ts). */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const SMALL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Tier {
  days_before: number;
  refund_percent: number;
}

interface TourDate {
  id: number;
  start: string;
  not_guaranteed?: boolean;
  /** A minimum group could guarantee the date under the test (decision 111). */
  min_riders?: number | null;
  is_busy?: boolean;
  number_of_free_seats?: number;
  prepayment_type?: 'percent' | 'fixed' | 'none';
}

interface Tour {
  id: number;
  name: string;
  slug: string;
  dates: TourDate[];
  cancellation_policy?: { name: string; title: string; tiers: Tier[]; lines: string[] };
}

interface Booking {
  id: number;
  uuid: string;
  status: number;
  currency: string;
  price: number;
  paid?: number;
  refund_if_canceled_today?: number | null;
  refund_falls?: { at: string; refund: number } | null;
  refunds?: { amount: number; reason: string }[];
}

const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysAhead = (date: TourDate) => (Date.parse(date.start) - Date.parse(todayUtc())) / DAY_MS;

const tourOf = async (request: APIRequestContext, id: number) =>
  (await (await request.get(`${apiUrl}/spa/tour-for-request?id=${id}`)).json()) as Tour;

/** Free seats of a date, as the public API tells a traveller choosing one. */
async function freeSeats(request: APIRequestContext, tourId: number, dateId: number) {
  const date = (await tourOf(request, tourId)).dates.find((d) => d.id === dateId);
  return date?.number_of_free_seats;
}

/** The organizer the demo organizer account answers for (the first seeded one). */
async function demoOrganizerId(request: APIRequestContext): Promise<number> {
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth`, {
    headers: json,
    data: { login: ORGANIZER_LOGIN, password: 'gallop-demo-1' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };
  const own = await request.get(`${apiUrl}/crm/api/organizer/list`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  const { items: organizers } = (await own.json()) as { items: { id: number }[] };
  expect(organizers.length, 'the demo organizer answers for an organizer').toBeGreaterThan(0);
  return organizers[0]!.id;
}

/** The demo organizer's tours. */
async function organizerTours(request: APIRequestContext): Promise<Tour[]> {
  const list = await request.get(`${apiUrl}/spa/tours?organizer=${await demoOrganizerId(request)}`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  return Promise.all(items.map(({ id }) => tourOf(request, id)));
}

/** A date with seats to spare (never its last one) that starts `minDays` days from now or later. */
const roomyDate = (date: TourDate, minDays: number, minSeats: number) =>
  !date.is_busy && (date.number_of_free_seats ?? 0) >= minSeats && daysAhead(date) >= minDays;

/** The first tour and date of `tours` that `fits`. */
function pick(tours: Tour[], fits: (date: TourDate, tour: Tour) => boolean, what: string) {
  for (const tour of tours) {
    const date = tour.dates.find((candidate) => fits(candidate, tour));
    if (date) return { tour, date };
  }
  throw new Error(`the seed has no ${what}`);
}

/** A date of the demo organizer that is not guaranteed (requests wait for an answer), with room. */
async function dateOnRequest(request: APIRequestContext) {
  return pick(
    await organizerTours(request),
    (d) => d.not_guaranteed === true && d.min_riders == null && roomyDate(d, 2, 2),
    'date of the demo organizer that is not guaranteed',
  );
}

/**
 * One rider booked on `date` by a fresh guest e-mail (a unique comment names the request in the
 * organizer's e-mails), who then signs in with the e-mailed code: `bookAsGuest`, on a chosen date.
 */
async function bookOn(
  request: APIRequestContext,
  tour: Tour,
  date: TourDate,
  comment: string,
  tourists: RiderInput[] = [{ first_name: 'Ines', last_name: 'Moreau' }],
): Promise<GuestBooking> {
  const email = `lifecycle-${randomUUID()}@example.com`;
  const created = await request.post(`${apiUrl}/crm/api/request/create`, {
    headers: json,
    data: {
      tour_id: tour.id,
      tour_date_id: date.id,
      tourists,
      contact: { name: 'Ines Moreau', email, phone: '+14155550177' },
      comment,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const booking = (await created.json()) as GuestBooking['booking'];
  const sent = await request.post(`${apiUrl}/crm/api/user/send-auth-code`, {
    headers: json,
    data: { login: email, code_sender: 'email' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  let code = '';
  await expect
    .poll(async () => {
      const mail = (await outbox(request, email)).find((m) => m.kind === 'sign-in-code');
      code = mail?.body.match(/\b(\d{5})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth-via-code`, {
    headers: json,
    data: { login: email, code },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token, refresh_token: refreshToken } = (await signedIn.json()) as {
    token: string;
    refresh_token: string;
  };
  return { tour, booking, email, token, refreshToken };
}

/** The booking as its traveller's API answers it now. */
async function bookingNow(request: APIRequestContext, guest: GuestBooking): Promise<Booking> {
  const answer = await request.get(`${apiUrl}/crm/api/request/get?id=${guest.booking.id}`, {
    headers: { 'X-Authorization': `Bearer ${guest.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as Booking;
}

/**
 * A browser of its own (`browser.newContext()`), whose page fails the test on an uncaught error
 * or a console error, as the `page` fixture does.
 */
async function ownBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console.error: ${message.text()} (${message.location().url})`);
    }
  });
  return {
    context,
    page,
    async close() {
      await context.close();
      expect(problems, 'no errors in the browser').toEqual([]);
    },
  };
}

/** The traveller's browser, signed in as the guest (the session cookies the web server sets). */
async function travellerBrowser(browser: Browser, guest: GuestBooking, baseURL: string) {
  const traveller = await ownBrowser(browser);
  await signInWithCookies(traveller.context, guest, baseURL);
  return traveller;
}

async function openBooking(page: Page, guest: GuestBooking) {
  await page.goto(`/booking/${guest.booking.id}`);
  await waitForHydration(page);
}

/** Pays on the sandbox provider's page open in `page`, through 3-D Secure for that card. */
async function payOnProviderPage(page: Page, card: string) {
  await expect(page).toHaveURL(PROVIDER_PAGE);
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  if (card === CHALLENGE_CARD) {
    await expect(page.getByRole('heading', { name: 'Confirm with your bank' })).toBeVisible();
    await page.getByLabel('Confirmation code').fill(CHALLENGE_CODE);
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(page).toHaveURL(SUCCESS_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
}

/**
 * The newest message of `kind` whose body says `mentions`, polled until the outbox has it; read
 * back by its recipient (the unfiltered list holds the newest 50 messages of every test).
 */
async function mailAbout(request: APIRequestContext, kind: string, mentions: string) {
  const isOurs = (message: { kind: string; body: string }) =>
    message.kind === kind && message.body.includes(mentions);
  await expect
    .poll(async () => (await outbox(request)).some(isOurs), { message: `${kind}: ${mentions}` })
    .toBe(true);
  const { recipient } = (await outbox(request)).find(isOurs)!;
  return (await outbox(request, recipient)).find(isOurs)!;
}

/** A message of `kind` to `recipient` whose body says `mentions`, polled until it is there. */
async function mailTo(request: APIRequestContext, recipient: string, kind: string, mentions = '') {
  const isOurs = (message: { kind: string; body: string }) =>
    message.kind === kind && message.body.includes(mentions);
  await expect
    .poll(async () => (await outbox(request, recipient)).some(isOurs), { message: kind })
    .toBe(true);
  return (await outbox(request, recipient)).find(isOurs)!;
}

/** A link of this web app found in an e-mail, as a path to open in a browser. */
function linkIn(body: string, pattern: RegExp, baseURL: string): string {
  const found = body.match(pattern);
  expect(found, `a link matching ${pattern}`).not.toBeNull();
  const url = new URL(found![0]);
  expect(url.origin).toBe(new URL(baseURL).origin);
  return `${url.pathname}${url.search}`;
}

/** The share of `paid` (major units) the tiers give back `days` days before the start, in minor units. */
function refundByTiers(tiers: Tier[], paid: number, days: number): number {
  const tier = [...tiers]
    .sort((a, b) => b.days_before - a.days_before)
    .find((candidate) => days >= candidate.days_before);
  return Math.floor((Math.round(paid * 100) * (tier?.refund_percent ?? 0)) / 100);
}

/** Money as the e-mails write it (apps/api bookings/notices.ts). */
/** Amounts in e-mails are written as the site shows them, without decimals. */
const mailMoney = (minor: number, currency: string) => formatPrice(minor / 100, currency);

test('the organizer declines a request with a reason from the organizer area; the traveller reads it and the seats come back', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { tour, date } = await dateOnRequest(request);
  const seatsBefore = (await freeSeats(request, tour.id, date.id))!;
  const comment = `Two of us, first time in the saddle for a week. (${randomUUID()})`;
  const guest = await bookOn(request, tour, date, comment);
  const { id } = guest.booking;
  await expect.poll(() => freeSeats(request, tour.id, date.id)).toBe(seatsBefore - 1);

  // The traveller's booking waits for the organizer.
  const traveller = await travellerBrowser(browser, guest, baseURL!);
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText('Waiting for the organizer')).toBeVisible();

  // The organizer signs in, finds the request among those waiting, and opens it.
  const organizer = await ownBrowser(browser);
  await signIn(organizer.page, ORGANIZER_LOGIN, '/partner/bookings');
  await waitForHydration(organizer.page);
  const waiting = organizer.page.getByRole('region', { name: 'Requests waiting for your answer' });
  await waiting.getByRole('link', { name: `#${id} · ${tour.name}` }).click();
  await expect(organizer.page).toHaveURL(`/partner/bookings/${id}`);
  await waitForHydration(organizer.page);
  await expect(organizer.page.getByRole('heading', { level: 1 })).toHaveText(`Booking #${id}`);
  await expect(organizer.page.getByText('Waiting for your answer')).toBeVisible();
  await expect(organizer.page.getByText(comment)).toBeVisible();
  await expect(organizer.page.getByRole('rowheader', { name: 'Ines Moreau' })).toBeVisible();

  // Declining asks for the reason the traveller will read.
  const reason = `The horses rest that week after the autumn round-up. (${randomUUID()})`;
  await organizer.page.getByRole('button', { name: 'Decline', exact: true }).click();
  await organizer.page.getByLabel('Reason for the traveller').fill(reason);
  await organizer.page.getByRole('button', { name: 'Decline request' }).click();
  await expect(
    organizer.page.getByText(`Your reason, as the traveller read it: ${reason}`),
  ).toBeVisible();
  await expect(organizer.page.getByText('Declined by you', { exact: true })).toBeVisible();
  await expect(organizer.page.getByRole('heading', { name: 'Your answer' })).toHaveCount(0);

  // The traveller reads the reason on the booking page, and in the e-mail.
  await traveller.page.reload();
  await waitForHydration(traveller.page);
  await expect(traveller.page.getByText('Cancelled by the organizer')).toBeVisible();
  await expect(traveller.page.getByTestId('end-reason')).toHaveText(
    `The organizer’s reason: ${reason}`,
  );
  await expect(traveller.page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  const declined = await mailTo(request, guest.email, 'booking-declined');
  expect(declined.body).toContain(`Reason: ${reason}.`);

  // The date's seat is free again.
  expect((await bookingNow(request, guest)).status).toBe(6);
  await expect.poll(() => freeSeats(request, tour.id, date.id)).toBe(seatsBefore);

  await organizer.close();
  await traveller.close();
});

test('a paid booking cancelled by the traveller refunds what the moderate policy gives back, on the page and in the e-mails', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  // A guaranteed date of a moderate tour, a few days clear of the tiers' boundaries.
  const { tour, date } = pick(
    await organizerTours(request),
    (d, t) =>
      t.cancellation_policy?.name === 'moderate' &&
      d.not_guaranteed !== true &&
      roomyDate(d, 33, 2),
    'moderate tour of the demo organizer with a guaranteed date 33 days ahead or more',
  );
  const tiers = tour.cancellation_policy!.tiers;
  const comment = `Cancellation check (${randomUUID()})`;
  const guest = await bookOn(request, tour, date, comment);
  const { id } = guest.booking;

  // The traveller pays on the provider's page.
  const traveller = await travellerBrowser(browser, guest, baseURL!);
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText('Confirmed, waiting for prepayment')).toBeVisible();
  await traveller.page.getByRole('button', { name: /^Pay / }).first().click();
  await payOnProviderPage(traveller.page, PAYING_CARD);
  const paidBooking = await bookingNow(request, guest);
  expect(paidBooking.status).toBe(3);
  const { currency } = paidBooking;
  const paid = paidBooking.paid!;
  expect(paid).toBeGreaterThan(0);
  const days = daysAhead(date);
  const expected = refundByTiers(tiers, paid, days);
  expect(Math.round(paidBooking.refund_if_canceled_today! * 100)).toBe(expected);

  // The organizer sees the paid booking in the organizer area.
  const organizer = await ownBrowser(browser);
  await signIn(organizer.page, ORGANIZER_LOGIN, `/partner/bookings/${id}`);
  await waitForHydration(organizer.page);
  await expect(organizer.page.getByRole('heading', { level: 1 })).toHaveText(`Booking #${id}`);
  await expect(organizer.page.getByText('Prepaid', { exact: true })).toBeVisible();

  // The booking page shows the policy accepted at booking and what cancelling today gives back.
  const back = formatPrice(expected / 100, currency);
  const refundToday = `If you cancel today you get back ${back} of the ${formatPrice(paid, currency)} you paid.`;
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText(tour.cancellation_policy!.title).first()).toBeVisible();
  for (const line of tour.cancellation_policy!.lines) {
    await expect(traveller.page.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(traveller.page.getByText(refundToday)).toBeVisible();
  // …and when that falls: 00:00 UTC of the day the next tier begins, in the viewer's zone (the
  // browser's here, UTC on these machines).
  const falls = paidBooking.refund_falls;
  expect(Boolean(falls)).toBe(expected > 0);
  if (falls) {
    const day = new Date(falls.at);
    const moment = `00:00 UTC, ${day.getUTCDate()} ${day.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${day.getUTCFullYear()}`;
    await expect(traveller.page.getByText(refundToday)).toContainText(
      falls.refund > 0
        ? `It falls to ${formatPrice(falls.refund, currency)} at ${moment}.`
        : `From ${moment} nothing comes back.`,
    );
  }

  // The traveller cancels: the confirmation says the same, and the refund is listed.
  await traveller.page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = traveller.page.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(refundToday);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  // The dialog closes once the cancellation and its refund are stored (a transaction and the
  // payment provider's refund): more than 5 s in one CI rehearsal on a busy machine.
  await expect(dialog).toHaveCount(0, { timeout: 15_000 });
  await expect(traveller.page.getByText('Cancelled by you')).toBeVisible();
  const refunds = traveller.page.getByTestId('refunds');
  await expect(refunds).toContainText('Cancellation refund');
  await expect(refunds).toContainText(back);
  const cancelled = await bookingNow(request, guest);
  expect(cancelled.status).toBe(5);
  expect(cancelled.refunds?.map((refund) => Math.round(refund.amount * 100))).toEqual([expected]);

  // Both e-mails state the refund; support hears of the paid booking's cancellation too.
  const refundWords =
    expected === Math.round(paid * 100)
      ? `All ${mailMoney(expected, currency)} paid is refunded to the card`
      : `${mailMoney(expected, currency)} of the ${mailMoney(Math.round(paid * 100), currency)} paid is refunded to the card`;
  const travellerMail = await mailTo(request, guest.email, 'booking-canceled', `booking #${id};`);
  expect(travellerMail.body).toContain(refundWords);
  expect(travellerMail.body).toContain(tour.cancellation_policy!.lines[0]!);
  const organizerMail = await mailAbout(
    request,
    'organizer-booking-notice',
    `The traveller cancelled booking #${id};`,
  );
  expect(organizerMail.body).toContain(refundWords);
  expect(organizerMail.body).toContain(`/partner/bookings/${id}`);
  const supportMail = await mailAbout(
    request,
    'support-booking-notice',
    `The traveller cancelled booking #${id};`,
  );
  expect(supportMail.body).toContain(refundWords);

  // The organizer's page of the booking shows it cancelled, with nothing left to answer.
  await organizer.page.reload();
  await waitForHydration(organizer.page);
  await expect(organizer.page.getByText('Cancelled by the traveller')).toBeVisible();
  await expect(organizer.page.getByRole('heading', { name: 'Your answer' })).toHaveCount(0);

  await organizer.close();
  await traveller.close();
});

test('a request on a date that is not guaranteed: confirmed, prepaid with 3-D Secure, meeting details, balance, the tour ends, a verified review with a photo', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // A date its organizer must confirm, with a percent prepayment (then a balance), far ahead.
  const searched: Tour[] = [];
  for (const page of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
    const { items } = (await (await request.get(`${apiUrl}/spa/tours?page=${page}`)).json()) as {
      items: { id: number }[];
    };
    searched.push(...(await Promise.all(items.map(({ id }) => tourOf(request, id)))));
  }
  const { tour, date } = pick(
    searched,
    (d) =>
      d.not_guaranteed === true &&
      d.min_riders == null &&
      d.prepayment_type === 'percent' &&
      roomyDate(d, 60, 8),
    'date that is not guaranteed with a percent prepayment',
  );
  const comment = `We would love the beach ride on day three. (${randomUUID()})`;
  const guest = await bookOn(request, tour, date, comment);
  const { id, uuid } = guest.booking;

  const traveller = await travellerBrowser(browser, guest, baseURL!);
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText('Waiting for the organizer')).toBeVisible();

  // The organizer confirms from the e-mailed link, in a browser of their own.
  const answerMail = await mailAbout(request, 'request-to-answer', comment);
  const organizerEmail = answerMail.recipient;
  const confirmLink = linkIn(
    answerMail.body,
    /https?:\/\/\S+\/partner\/answer\?token=\S+&answer=confirm/,
    baseURL!,
  );
  const organizer = await ownBrowser(browser);
  await organizer.page.goto(confirmLink);
  await waitForHydration(organizer.page);
  await organizer.page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(
    organizer.page.getByText('Confirmed: the traveller has been asked to pay.'),
  ).toBeVisible();

  // The traveller pays the prepayment with the card that asks for 3-D Secure.
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText('Confirmed, waiting for prepayment')).toBeVisible();
  await traveller.page.getByRole('button', { name: /^Pay the prepayment: / }).click();
  await payOnProviderPage(traveller.page, CHALLENGE_CARD);
  const prepaid = await bookingNow(request, guest);
  expect(prepaid.status).toBe(3);
  expect(prepaid.paid).toBeGreaterThan(0);
  expect(prepaid.paid).toBeLessThan(prepaid.price);

  // The organizer's e-mail brings the meet page's link; they write the details and attach a file.
  const meetMail = await mailTo(
    request,
    organizerEmail,
    'meeting-details-requested',
    `Booking #${id} `,
  );
  const meetPath = linkIn(meetMail.body, /https?:\/\/\S+\/meet\?key=\S+/, baseURL!);
  await organizer.page.goto(meetPath);
  await waitForHydration(organizer.page);
  await expect(organizer.page.getByText(`#${id}`, { exact: true })).toBeVisible();
  const details = `Meet at the Hofsós stables at 9:00; ask for Marta. (${randomUUID()})`;
  await organizer.page.getByLabel('Meeting details').fill(details);
  await organizer.page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'packing-list.pdf', mimeType: 'application/pdf', buffer: SMALL_PDF });
  await expect(
    organizer.page.locator('.meet-files__list').getByText('packing-list.pdf'),
  ).toBeVisible();
  await organizer.page.getByRole('button', { name: 'Save meeting details' }).click();
  const saved = organizer.page.getByRole('dialog', { name: 'Success' });
  await expect(saved).toContainText('The data has been successfully saved.');
  await saved.getByRole('button', { name: 'OK' }).click();

  // The traveller sees them on the booking page, then pays the balance.
  await openBooking(traveller.page, guest);
  const meeting = traveller.page.getByTestId('meeting-details');
  await expect(meeting).toContainText(details);
  await expect(meeting.getByRole('link', { name: 'packing-list.pdf' })).toBeVisible();
  await traveller.page.getByRole('button', { name: /^Pay the rest: / }).click();
  await payOnProviderPage(traveller.page, PAYING_CARD);
  const paid = await bookingNow(request, guest);
  expect(paid.paid).toBe(paid.price);
  expect(paid.status).toBe(3);

  // The tour ends (the development route: the booking's date moves into the past and the booking
  // job runs once): the booking is complete and its traveller is invited to review it.
  const ended = await request.post(`${apiUrl}/dev/booking/end-tour`, {
    headers: json,
    data: { id },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
  expect(((await ended.json()) as { status: number }).status).toBe(4);
  const invitation = await mailTo(request, guest.email, 'review-invitation', `/review/${uuid}`);
  const reviewPath = linkIn(invitation.body, /https?:\/\/\S+\/review\/[\w-]+/, baseURL!);
  await openBooking(traveller.page, guest);
  await expect(traveller.page.getByText('Tour complete')).toBeVisible();

  // The traveller reviews the ride with a photo.
  await traveller.page.goto(reviewPath);
  await waitForHydration(traveller.page);
  await expect(traveller.page.getByRole('heading', { level: 1 })).toHaveText('How was your ride?');
  const review = `The horses were sure-footed and the guides kind. (${randomUUID()})`;
  // The stars are the radios' labels: a rider clicks the fifth star.
  const excellent = traveller.page.getByRole('radio', { name: 'Excellent' });
  await excellent.locator('xpath=ancestor::label').click();
  await expect(excellent).toBeChecked();
  await traveller.page.getByLabel('Your review').fill(review);
  // What helps the next rider (decision 115): the month rode starts at the booking's.
  await expect(traveller.page.getByLabel('Month you rode')).toHaveValue(/^\d{4}-\d{2}$/);
  await traveller.page.getByLabel('Your rider level (optional)').selectOption('intermediate');
  const wellKept = traveller.page.getByRole('radio', { name: 'Well kept' });
  await wellKept.locator('xpath=ancestor::label').click();
  await expect(wellKept).toBeChecked();
  await traveller.page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'on-the-trail.png', mimeType: 'image/png', buffer: SMALL_PNG });
  await expect(traveller.page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await traveller.page.getByRole('button', { name: 'Publish review' }).click();
  await expect(traveller.page.getByRole('heading', { level: 1 })).toHaveText(
    'Thank you for your review',
  );

  // The tour page shows the review, its photo and the verified badge.
  await traveller.page.goto(`/${tour.slug}`);
  await waitForHydration(traveller.page);
  const shown = traveller.page.locator('.tour-review', { hasText: review });
  await expect(shown).toBeVisible();
  await expect(shown.getByText('Verified trip')).toBeVisible();
  await expect(shown.locator('.gk-photo-preview__item')).toHaveCount(1);
  await expect(shown.locator('.tour-review__facts')).toContainText('Intermediate rider');
  await expect(shown.locator('.tour-review__facts')).toContainText('Horse condition 4/5');

  await organizer.close();
  await traveller.close();
});

test('the organizer confirms from the booking card in the chat; both open conversations show it live', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const { tour, date } = await dateOnRequest(request);
  const guest = await bookOn(request, tour, date, `A question first. (${randomUUID()})`);
  const { id } = guest.booking;

  // The traveller writes to the organizer about the tour: the chat both of them open.
  const opened = await request.post(`${apiUrl}/crm/api/chat/get-chat-with-organizer`, {
    headers: { ...json, 'X-Authorization': `Bearer ${guest.token}` },
    data: {
      organizer_id: await demoOrganizerId(request),
      tour_id: tour.id,
      message: 'Can a first-timer join this one?',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { id: chatId } = (await opened.json()) as { id: number };

  const traveller = await travellerBrowser(browser, guest, baseURL!);
  await traveller.page.goto(`/chat/${chatId}`);
  await waitForHydration(traveller.page);
  await expect(
    traveller.page.getByText('Can a first-timer join this one?', { exact: true }),
  ).toBeVisible();

  const organizer = await ownBrowser(browser);
  await signIn(organizer.page, ORGANIZER_LOGIN, `/chat/${chatId}`);
  await waitForHydration(organizer.page);
  // The strip lists the booking with its status and one action, which opens the answers.
  const strip = organizer.page.getByRole('complementary', { name: 'Their bookings' });
  await expect(strip.getByRole('listitem').filter({ hasText: `#${id}` })).toContainText(
    'Waiting for your answer',
  );
  await strip.getByRole('button', { name: `Answer booking #${id}` }).click();
  const card = organizer.page.getByRole('region', { name: `Your answer to booking #${id}` });
  await card.getByRole('button', { name: 'Confirm booking' }).click();
  // Confirmed: the card now offers only to cancel.
  await expect(card.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);

  // Gallop's message about the answer reaches both open conversations without a reload (the
  // claim of the guest booking wrote one before it, decision 200).
  for (const page of [organizer.page, traveller.page]) {
    await expect(
      page
        .getByTestId('chat-system-message')
        .filter({ hasText: `Open booking #${id}` })
        // The answer's line, not the claim's ("… booking request #N is confirmed: it waits …").
        .filter({ hasText: new RegExp(`Booking #${id} is confirmed:`, 'u') }),
    ).toBeVisible({ timeout: 15_000 });
  }
  expect((await bookingNow(request, guest)).status).toBe(2);

  await organizer.close();
  await traveller.close();
});
