import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, bookAsGuest, startCardPayment, type GuestBooking } from './guest-booking';
import { signInWithCookies } from './sign-in';

// Paying never charges twice, and the outcome pages say only what the API says (the contract's
// idempotent payment start and `getPaymentOutcome`): a double click, a reload, the back button
// and a second tab all pay one payment; a declined payment's `/success` address is no success.

const PAYING_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

/** The booking as the API has it now. */
async function bookingNow(request: APIRequestContext, guest: GuestBooking) {
  const answer = await request.get(`${apiUrl}/crm/api/request/get?id=${guest.booking.id}`, {
    headers: { 'X-Authorization': `Bearer ${guest.token}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { price: number; paid?: number; refunded?: number };
}

/** Pays on the sandbox provider's page that is open in `page`. */
async function payOnProviderPage(page: Page, card: string) {
  await expect(page.getByText('Test mode')).toBeVisible();
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

const PROVIDER_PAGE = /\/crm\/api\/payment\/sandbox\/(\d+)\?token=/;
const providerPaymentId = (page: Page) => PROVIDER_PAGE.exec(page.url())?.[1];

/** Counts the payment starts a page sends. */
function countStarts(page: Page): { count: number } {
  const starts = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/crm/api/payment/start')) {
      starts.count += 1;
    }
  });
  return starts;
}

async function openPayPage(page: Page, guest: GuestBooking) {
  await page.goto(`/booking/pay/${guest.booking.id}`);
  await waitForHydration(page);
  return page.getByRole('button', { name: /^Pay in full/ });
}

test('a double click on the pay button starts one payment, and the booking is paid once', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const guest = await bookAsGuest(request);
  await signInWithCookies(context, guest, baseURL!);
  const { price } = await bookingNow(request, guest);
  const starts = countStarts(page);

  const pay = await openPayPage(page, guest);
  await pay.dblclick();
  await expect(page).toHaveURL(PROVIDER_PAGE);
  expect(starts.count).toBe(1);

  await payOnProviderPage(page, PAYING_CARD);
  await expect(page).toHaveURL(/\/success\?request_id=\d+&payment_id=\d+&token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  await expect(page.getByText('Paid in full')).toBeVisible();

  const booking = await bookingNow(request, guest);
  expect(booking.paid).toBe(price);
  // A second charge would be paid back as more than was due.
  expect(booking.refunded ?? 0).toBe(0);
});

test('a reload, the back button and a second tab all pay the same one payment', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const guest = await bookAsGuest(request);
  await signInWithCookies(context, guest, baseURL!);
  const { price } = await bookingNow(request, guest);

  // First tab: start, come back, reload, start again: the same payment (the tab keeps its key).
  await (await openPayPage(page, guest)).click();
  await expect(page).toHaveURL(PROVIDER_PAGE);
  const first = providerPaymentId(page);
  await page.goBack();
  await page.reload();
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay in full/ }).click();
  await expect(page).toHaveURL(PROVIDER_PAGE);
  expect(providerPaymentId(page)).toBe(first);

  // Second tab of the same browser: it starts a payment too (a booking has one open payment).
  const second = await context.newPage();
  await (await openPayPage(second, guest)).click();
  await expect(second).toHaveURL(PROVIDER_PAGE);

  // Only one completes.
  await payOnProviderPage(second, PAYING_CARD);
  await expect(second).toHaveURL(/\/success\?request_id=\d+&payment_id=\d+&token=/);
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Payment successful');

  // The first tab's provider page no longer takes money: it is the same, settled payment (or a
  // voided one the provider refuses).
  await page.reload();
  if (await page.getByLabel('Card number').isVisible()) {
    await payOnProviderPage(page, PAYING_CARD);
  }
  await expect(page).not.toHaveURL(PROVIDER_PAGE);

  const booking = await bookingNow(request, guest);
  expect(booking.paid).toBe(price);
  expect(booking.refunded ?? 0).toBe(0);
});

test('/success of a declined payment, or of no payment, never says "Payment successful"', async ({
  page,
  request,
  gotoHydrated,
}) => {
  test.setTimeout(90_000);
  const guest = await bookAsGuest(request);
  await page.goto(await startCardPayment(request, guest));
  await payOnProviderPage(page, DECLINED_CARD);
  await expect(page).toHaveURL(/\/payment-failed\?request_id=\d+&payment_id=\d+&token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  const failed = new URL(page.url());
  const paymentId = failed.searchParams.get('payment_id')!;
  const token = failed.searchParams.get('token')!;

  // The declined payment's own id and token, on the success address.
  const success = `/success?payment_id=${paymentId}&token=${encodeURIComponent(token)}`;
  const html = await (await request.get(success)).text();
  expect(html).not.toContain('Payment successful');
  await gotoHydrated(success);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment failed');
  await expect(page.getByText('Payment successful')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/payment-failed');

  // No parameters at all: a neutral 404 page.
  expect(await gotoHydrated('/success')).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'We could not find this payment',
  );
  await expect(page.getByText('Payment successful')).toHaveCount(0);
});
