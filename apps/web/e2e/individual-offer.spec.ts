import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { apiUrl, getJson } from './guest-booking';

// An individual offer (decision 181): its client opens the offer's page, "Request booking" opens
// the form for that offer (its date and price, nothing else), and the booking is made on it.

/** The demo's individual offer (apps/api-demo `DEMO_OFFER_UUID`). */
const OFFER_UUID = '0ffe7a1d-37a0-4b5e-9c1d-3a7e0ffe7a1d';

interface OfferPage {
  id: number;
  name: string;
  dates: { id: number; start: string; end: string; price: number; currency: string }[];
}

test('a guest books an individual offer at its own date and price', async ({
  page,
  request,
  gotoHydrated,
}) => {
  const offer = await getJson<OfferPage>(
    request,
    `${apiUrl}/spa/individual-tour?uuid=${OFFER_UUID}`,
  );
  const [date] = offer.dates;
  expect(offer.dates).toHaveLength(1);
  expect(date!.id).toBe(0);
  const shownPrice = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: date!.currency,
    maximumFractionDigits: 0,
  }).format(date!.price);

  await gotoHydrated(`/order/${OFFER_UUID}/individual-tour`);
  const box = page.getByRole('complementary', { name: 'Booking' });
  await expect(box.getByText(shownPrice)).toBeVisible();
  await box.getByRole('link', { name: 'Request booking' }).click();
  await expect(page).toHaveURL(`/booking/new?tour=${offer.id}&offer=${OFFER_UUID}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request booking');

  // The offer is the only date, chosen, at its price: no catalogue date is offered instead.
  const dateChoice = page.getByRole('group', { name: 'Date' });
  await expect(dateChoice.getByRole('radio')).toHaveCount(1);
  await expect(dateChoice.getByRole('radio')).toBeChecked();
  await expect(dateChoice.getByText(shownPrice)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const email = `offer-${randomUUID()}@example.com`;
  const contact = page.getByRole('group', { name: 'Contact' });
  await contact.getByLabel('Full name').fill('Noor Saleh');
  await contact.getByLabel('E-mail').fill(email);
  await contact.getByLabel('Phone').fill('+14155550142');
  const rider = page.locator('.booking-tourist').first();
  await rider.getByLabel('First name').fill('Noor');
  await rider.getByLabel('Last name').fill('Saleh');
  await rider.getByLabel('Date of birth').fill('1988-05-14');
  await rider.getByLabel(/^Weight, (lb|kg)$/).fill('140');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send booking request' }).click();

  // Confirmed at once (the organizer made the offer), at the offer's price for one rider.
  await expect(page).toHaveURL(/\/booking\/uuid\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Confirmed, waiting for payment')).toBeVisible();
  await expect(page.getByText(shownPrice).first()).toBeVisible();
  const booking = await getJson<{ tour_date: { start: string; end: string }; price: number }>(
    request,
    `${apiUrl}/crm/api/request/get-by-uuid?uuid=${page.url().split('/').at(-1)}`,
  );
  expect(booking.tour_date).toMatchObject({ start: date!.start, end: date!.end });
  expect(booking.price).toBe(date!.price);
});
