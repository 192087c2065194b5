import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { bookAsGuest } from './guest-booking';
import { signInWithCookies } from './sign-in';

// The pages behind runtime flags (docs/product.md, Routes), on the third e2e web server, which runs
// with FEATURE_QR_PAYMENT and FEATURE_ARRIVAL on over the same API (playwright.config.ts). With the
// flags off they are the 404 page (meet.spec.ts).

const flagsUrl = process.env.GALLOP_E2E_FLAGS_URL!;

test('a signed-in traveller pays by QR code and the page moves on once the payment is made', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const guest = await bookAsGuest(request);
  await signInWithCookies(context, guest, flagsUrl);

  const path = `/booking/qr/${guest.booking.id}`;
  const response = await page.goto(`${flagsUrl}${path}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page).toHaveTitle(`Pay for booking #${guest.booking.id} by QR code | Gallop`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Pay for booking #${guest.booking.id} by QR code`,
  );
  const code = page.getByRole('img', { name: 'QR code of the payment' });
  await expect(code.locator('svg')).toBeVisible();
  await expect(page.getByText(/Valid for \d+:\d{2} more/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay by card instead' })).toHaveAttribute(
    'href',
    `/booking/pay/uuid/${guest.booking.uuid}`,
  );
  await expectNoSeriousA11yViolations(page);

  // Scanning opens the provider's page on the phone: here, a second tab pays there.
  const payload = await page
    .getByRole('link', { name: 'Open the payment page' })
    .getAttribute('href');
  expect(payload).toMatch(/^https?:\/\//);
  const phone = await context.newPage();
  await phone.goto(payload!);
  await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
  await phone.getByLabel('Expiry').fill('12/30');
  await phone.getByLabel('CVC').fill('123');
  await phone.getByRole('button', { name: /^Pay / }).click();
  await expect(phone).toHaveURL(/\/success\?request_id=\d+&payment_id=\d+&token=/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('Payment successful');
  await phone.close();

  // The QR page polls the payment (every 3 s) and moves on to the booking by itself (a QR payment
  // has no signed outcome token for /success).
  await expect(page).toHaveURL(new RegExp(`/booking/${guest.booking.id}$`), {
    timeout: 15_000,
  });
});

test('the QR page by booking uuid asks a signed-out visitor to sign in', async ({
  page,
  request,
}) => {
  const guest = await bookAsGuest(request);
  const response = await page.goto(`${flagsUrl}/booking/qr/uuid/${guest.booking.uuid}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Pay for booking #${guest.booking.id} by QR code`,
  );
  await expect(page.getByText('with the e-mail you booked with to get the QR code')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the payment' })).toHaveCount(0);
});

test('a traveller adds how a rider arrives, and the details are kept', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const guest = await bookAsGuest(request);
  const address = `${flagsUrl}/arrival/${guest.booking.uuid}`;

  // Signed out: the booking is recognised, the form needs the owner's session.
  const signedOut = await page.goto(address);
  expect(signedOut?.status()).toBe(200);
  await expect(page).toHaveTitle('Arrival and departure | Gallop');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByText(`with the e-mail you booked ${guest.tour.name} with`)).toBeVisible();

  await signInWithCookies(context, guest, flagsUrl);
  await page.goto(address);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Choose how at least one rider arrives or leaves.',
  );

  const arrival = page
    .getByRole('group', { name: 'Ines Moreau' })
    .locator('.arrival-leg')
    .filter({ has: page.getByRole('heading', { name: 'Arrival', exact: true }) });
  await arrival.getByLabel('Transport').selectOption({ label: 'Flight' });
  await page.getByRole('button', { name: 'Save details' }).click();
  // A flight needs its number and date: the form says so on those fields and sends nothing.
  await expect(arrival.getByText('Required field')).toHaveCount(2);
  await expect(arrival.getByLabel('Flight number')).toHaveAttribute('aria-invalid', 'true');

  await arrival.getByLabel('Flight number').fill('TP 1234');
  await arrival.getByLabel('Arrival airport').fill('Lisbon Humberto Delgado');
  await arrival.getByLabel('Date').fill('2027-05-02');
  await arrival.getByLabel('Time').fill('14:30');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(
    page.getByText('Arrival and departure details saved. The organizer can see them now.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(arrival.getByLabel('Transport')).toHaveValue('1');
  await expect(arrival.getByLabel('Flight number')).toHaveValue('TP 1234');
  await expect(arrival.getByLabel('Arrival airport')).toHaveValue('Lisbon Humberto Delgado');
  await expect(arrival.getByLabel('Date')).toHaveValue('2027-05-02');
  await expect(arrival.getByLabel('Time')).toHaveValue('14:30');
});

test('an unknown booking on a flagged page is still the 404 page', async ({ request }) => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const path of [`/arrival/${unknown}`, `/booking/qr/uuid/${unknown}`, '/arrival/nope']) {
    const response = await request.get(`${flagsUrl}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('Page not found');
  }
});
