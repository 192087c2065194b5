import { weightIn } from '@gallop/rider-fit';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatPrice } from '@gallop/currency';
import type { APIRequestContext } from '@playwright/test';
import { demoOrganizerTour, leavesSeats, ORGANIZER_LOGIN } from './demo-organizer';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, getJson } from './guest-booking';
import { closeCookieNotice, reviewShots } from './review-shots';
import { signIn } from './sign-in';

// Issue 47, riders and non-riders together, with two browsers: a guest sees "Non-riders welcome"
// on a search card and the non-rider price on the tour page, books one rider and one companion
// who comes along without riding, sees the total of both, and the tour's organizer, signed in in
// a browser of their own, reads who rides and who does not. Review screenshots go outside the
// repository.

const SHOTS_DIR = process.env.GALLOP_NON_RIDER_SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

interface TourDate {
  id: number;
  start: string;
  currency: string;
  price: number;
  is_busy?: boolean;
  number_of_free_seats?: number;
  non_rider_price?: number | null;
  non_rider_places_free?: number;
}

interface Tour {
  id: number;
  name: string;
  slug: string;
  riding: { non_riders_welcome: boolean; max_rider_weight_kg: number };
  dates: TourDate[];
}

/** A tour of the demo organizer that welcomes non-riders, and a date with beds for them. */
async function nonRiderTour(request: APIRequestContext) {
  const found = await demoOrganizerTour(request, (tour: Tour) =>
    tour.riding.non_riders_welcome
      ? // Never a date's last non-rider bed either.
        tour.dates.find(
          (d) =>
            leavesSeats(d) &&
            typeof d.non_rider_price === 'number' &&
            (d.non_rider_places_free ?? 0) >= 2,
        )
      : undefined,
  );
  if (!found) throw new Error('the demo organizer has no tour with beds for non-riders on a date');
  return { ...found, nonRiderPrice: found.date.non_rider_price! };
}

const shoot = reviewShots(SHOTS_DIR, 'non-riders');

test('a traveller books a rider and a non-rider, sees the total of both, and the organizer sees who rides', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { organizerId, tour, date, nonRiderPrice } = await nonRiderTour(request);

  // The search card says non-riders are welcome.
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/tours?organizer=${organizerId}`);
    await waitForHydration(page);
    await closeCookieNotice(page);
    // Two tours may share a name: the card of this one links to its page.
    const card = page.locator('.tour-card').filter({
      has: page.locator(`a[href="/${tour.slug}"]`),
    });
    await expect(card.getByText('Non-riders welcome')).toBeVisible();
    await shoot(page, card, 'card');
  }

  // The tour page says from what price.
  const tourAnswer = await getJson<Tour>(request, `${apiUrl}/spa/tour?slug=${tour.slug}`);
  const cheapest = tourAnswer.dates
    .filter(
      (d) =>
        !d.is_busy && (d.number_of_free_seats ?? 1) > 0 && typeof d.non_rider_price === 'number',
    )
    .reduce((best, d) => (d.non_rider_price! < best.non_rider_price! ? d : best));
  const welcome = `Non-riders welcome from ${formatPrice(cheapest.non_rider_price!, cheapest.currency)}`;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/${tour.slug}`);
    await waitForHydration(page);
    await closeCookieNotice(page);
    const facts = page.locator('.tour-riding__facts');
    await expect(facts).toContainText(welcome);
    await shoot(page, facts, 'tour');
  }

  // The booking form: one rider, one companion who comes along without riding.
  await page.goto(`/booking/new?tour=${tour.id}&date=${date.id}`);
  await waitForHydration(page);
  await closeCookieNotice(page);
  const contact = page.getByRole('group', { name: 'Contact' });
  await contact.getByLabel('Full name').fill('Lena Vogt');
  await contact.getByLabel('E-mail').fill(`non-rider-${Date.now()}@example.com`);
  await contact.getByLabel('Phone').fill('+14155550177');
  const rider = page.getByRole('group', { name: 'Rider 1' });
  await rider.getByLabel('First name').fill('Lena');
  await rider.getByLabel('Last name').fill('Vogt');
  await rider.getByLabel('Date of birth').fill('1986-02-14');
  const weight = weightIn(Math.min(68, tour.riding.max_rider_weight_kg), 'lb');
  await rider.getByLabel('Weight, lb').fill(String(weight));
  await page.getByRole('button', { name: 'Add someone who comes along without riding' }).click();
  const companion = page.getByRole('group', { name: 'Non-rider 1' });
  await expect(companion.getByLabel(/^Weight/)).toHaveCount(0);
  await companion.getByLabel('First name').fill('Jonas');
  await companion.getByLabel('Last name').fill('Vogt');
  await companion.getByLabel('Date of birth').fill('1983-09-30');

  const total = formatPrice(date.price + nonRiderPrice, date.currency);
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText(`${formatPrice(nonRiderPrice, date.currency)} × 1 non-rider`);
  const totalLine = summary.locator('.booking-summary__line--strong');
  await expect(totalLine).toContainText(total);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await companion.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({
      path: path.join(SHOTS_DIR, `non-riders-booking-form-${viewport.width}.png`),
    });
    await shoot(page, summary, 'booking-summary');
  }
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send booking request' }).click();
  await expect(page).toHaveURL(/\/booking\/uuid\/[0-9a-f-]{36}$/);
  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  const booking = await getJson<{
    id: number;
    price: number;
    currency: string;
    non_riders: number;
    non_rider_price: number | null;
    tourists: { first_name: string; rides: boolean }[];
  }>(request, `${apiUrl}/crm/api/request/get-by-uuid?uuid=${uuid}`);
  expect(booking).toMatchObject({ non_riders: 1, non_rider_price: nonRiderPrice });
  // What the form showed is what the booking charges.
  expect(formatPrice(booking.price, booking.currency)).toBe(total);
  expect(booking.tourists.map((t) => [t.first_name, t.rides])).toEqual([
    ['Lena', true],
    ['Jonas', false],
  ]);
  // The booking's page splits the total the same way the form did.
  const bookingSummary = page.getByRole('complementary', { name: 'Your tour' });
  await expect(bookingSummary).toContainText(
    `${formatPrice(nonRiderPrice, booking.currency)} × 1 non-rider`,
  );
  await expect(bookingSummary).toContainText(`Total for 2 travellers${total}`);

  // The organizer, in a browser of their own, opens the booking.
  const organizerContext = await browser.newContext();
  const organizer = await organizerContext.newPage();
  const problems: string[] = [];
  organizer.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await signIn(organizer, ORGANIZER_LOGIN, `/partner/bookings/${booking.id}`);
  await waitForHydration(organizer);
  await expect(organizer.getByRole('heading', { level: 1 })).toHaveText(`Booking #${booking.id}`);
  await expect(organizer.getByRole('heading', { name: 'Riders and non-riders' })).toBeVisible();
  await expect(
    organizer.getByText('1 rider, 1 non-rider coming along without a horse.'),
  ).toBeVisible();
  const row = (name: string) =>
    organizer.getByRole('row').filter({ has: organizer.getByRole('rowheader', { name }) });
  await expect(row('Lena Vogt').getByRole('cell').first()).toHaveText('Yes');
  await expect(row('Jonas Vogt').getByRole('cell').first()).toHaveText('No: comes along');
  await expect(row('Jonas Vogt')).toContainText('No horse');
  for (const viewport of [PHONE, DESKTOP]) {
    await organizer.setViewportSize(viewport);
    await closeCookieNotice(organizer);
    await shoot(
      organizer,
      organizer.locator('section[aria-labelledby="organizer-riders"]'),
      'organizer',
    );
  }
  await organizerContext.close();
  expect(problems, 'no errors in the organizer’s browser').toEqual([]);
});
