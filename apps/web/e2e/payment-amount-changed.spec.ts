import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, bookAsGuest } from './guest-booking';
import { signInWithCookies } from './sign-in';

// Decision 175, as a traveller meets it: the provider's payment page is open in one tab while the
// same traveller removes a rider in another. Paying the open page takes no money and says the
// amount changed, with the new amount and a way to pay it; paying that makes the booking paid at
// the new amount only.

const PROVIDER_PAGE = /\/crm\/api\/payment\/sandbox\/\d+\?token=/;
const SUCCESS_PAGE = /\/success\?request_id=\d+&payment_id=\d+&token=/;

// The closed page answers 410 Gone, which the browser logs as a failed load of the document.
test.use({ expectedFailedCalls: [{ status: 410, path: /^\/crm\/api\/payment\/sandbox\/\d+$/ }] });

interface Booking {
  status: number;
  price: number;
  prepayment?: number | null;
  paid?: number;
  refunded?: number;
  tourists: { full_name?: string }[];
}

test('a rider removed while the payment page is open: no money taken there, the new amount is paid', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Two riders on a guaranteed date: confirmed, waiting for payment.
  const guest = await bookAsGuest(request);
  const { id } = guest.booking;
  const bookingNow = async (): Promise<Booking> => {
    const answer = await request.get(`${apiUrl}/crm/api/request/get?id=${id}`, {
      headers: { 'X-Authorization': `Bearer ${guest.token}` },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as Booking;
  };
  await signInWithCookies(context, guest, baseURL!);

  // Tab 1: the traveller starts paying and reaches the provider's page.
  await page.goto(`/booking/${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay / }).first().click();
  await expect(page).toHaveURL(PROVIDER_PAGE);
  const oldAmount = (await page.getByRole('button', { name: /^Pay / }).textContent())!
    .replace(/^Pay\s+/, '')
    .trim();

  // Tab 2: the same traveller removes a rider.
  const other = await context.newPage();
  await other.goto(`/booking/${id}`);
  await waitForHydration(other);
  await other.getByRole('button', { name: 'Remove Paul Moreau' }).click();
  await other.getByRole('button', { name: 'Remove rider' }).click();
  await expect(other.getByRole('button', { name: 'Remove Paul Moreau' })).toHaveCount(0);
  const after = await bookingNow();
  expect(after.tourists).toHaveLength(1);

  // Tab 1: the card is submitted on the page opened for the old amount.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The amount due has changed');
  await expect(page.getByText(`this payment of ${oldAmount} was closed`)).toBeVisible();
  await expect(page.getByText('no money was taken here')).toBeVisible();
  const payNew = page.getByRole('link', { name: /^Pay .+ on Gallop$/ });
  await expect(payNew).toBeVisible();
  const unpaid = await bookingNow();
  expect({ status: unpaid.status, paid: unpaid.paid ?? 0 }).toEqual({ status: 2, paid: 0 });
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`amount-changed-${width}.png`) });
  }

  // The link goes to the booking, whose payment asks the new amount; paying it takes that only.
  const newAmount = (await payNew.textContent())!.replace(/^Pay\s+|\s+on Gallop$/g, '').trim();
  expect(newAmount).not.toBe(oldAmount);
  await payNew.click();
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay / }).first().click();
  await expect(page).toHaveURL(PROVIDER_PAGE);
  await expect(page.getByRole('button', { name: `Pay ${newAmount}` })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(SUCCESS_PAGE);
  const paid = await bookingNow();
  expect(paid.paid).toBeGreaterThan(0);
  expect(paid.paid).toBe(paid.prepayment ?? paid.price);
  expect(paid.refunded ?? 0).toBe(0);
  expect(paid.status).toBe(3);
  await other.close();
});
