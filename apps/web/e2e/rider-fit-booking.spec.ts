import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  FIT_LABELS,
  formatWeight,
  formatWeightLimit,
  LEVEL_LABELS,
  levelRank,
  weightIn,
  weightToKg,
  type RiderFit,
} from '@gallop/rider-fit';
import type { APIRequestContext, Page } from '@playwright/test';
import { tourFit, type TourRidingBrief } from '../src/lib/rider-fit';
import { demoOrganizerTour, leavesSeats, ORGANIZER_LOGIN } from './demo-organizer';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, getJson } from './guest-booking';
import { closeCookieNotice, reviewShots } from './review-shots';
import { signIn } from './sign-in';

// Issue 46, rider fit with two browsers: a guest with a rider passport (in its cookie) who needs
// a heavier horse sees how a tour fits on its search card and its page, books a date that still
// has a heavier horse free, and the tour's organizer, signed in in a browser of their own, opens
// the booking and reads the rider's level and weight. Review screenshots go outside the
// repository.

const SHOTS_DIR = process.env.GALLOP_FIT_SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

interface TourDate {
  id: number;
  start: string;
  is_busy?: boolean;
  number_of_free_seats?: number;
  heavy_places_free?: number;
}

interface Tour {
  id: number;
  name: string;
  slug: string;
  riding: TourRidingBrief;
  heavy_places_free: number;
  dates: TourDate[];
}

/** A tour of the demo organizer with heavier horses, and a date with some free. */
async function heavyHorseTour(request: APIRequestContext) {
  const found = await demoOrganizerTour(request, (tour: Tour) =>
    tour.riding.heavy_rider_weight_kg > tour.riding.max_rider_weight_kg
      ? // Never a date's last heavier horse either.
        tour.dates.find((d) => leavesSeats(d) && (d.heavy_places_free ?? 0) >= 2)
      : undefined,
  );
  if (!found) throw new Error('the demo organizer has no tour with a heavier horse free on a date');
  return found;
}

/** Whether the fit stops a send once for the rider's level (two or more steps short). */
const levelShort = (fit: RiderFit) =>
  fit.reasons.some((reason) => reason.check === 'level' && reason.verdict === 'not-suitable');

/** The fit's words as the indicator says them: "A stretch: …", or "Fits you" alone. */
function fitText(fit: RiderFit): string {
  return fit.reason ? `${FIT_LABELS[fit.verdict]}: ${fit.reason}` : FIT_LABELS[fit.verdict];
}

const shoot = reviewShots(SHOTS_DIR, 'fit');

/** Opens the booking form as a guest, with the contact and the first rider's name filled. */
async function openBookingForm(
  page: Page,
  address: string,
  { first, last, phone }: { first: string; last: string; phone: string },
) {
  await page.goto(address);
  await waitForHydration(page);
  await closeCookieNotice(page);
  const contact = page.getByRole('group', { name: 'Contact' });
  await contact.getByLabel('Full name').fill(`${first} ${last}`);
  await contact.getByLabel('E-mail').fill(`${first.toLowerCase()}-${Date.now()}@example.com`);
  await contact.getByLabel('Phone').fill(phone);
  const rider = page.getByRole('group', { name: 'Rider 1' });
  await rider.getByLabel('First name').fill(first);
  await rider.getByLabel('Last name').fill(last);
  return rider;
}

test('a heavier rider sees the fit, books a date with a heavier horse, and the organizer reads their level and weight', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { organizerId, tour, date } = await heavyHorseTour(request);
  const { riding } = tour;
  // Above the standard horses' limit, within the heavier horses'.
  const weight = Math.min(riding.heavy_rider_weight_kg, riding.max_rider_weight_kg + 5);
  await context.addCookies([
    { name: 'gallop_rider', value: `level%3Dnovice%26weight%3D${weight}`, url: baseURL! },
  ]);
  const passport = { level: 'novice', weightKg: weight } as const;

  // The search card: the fit on the picture, counting on the card's best date.
  const { items: cards } = await getJson<{ items: Tour[] }>(
    request,
    `${apiUrl}/spa/tours?organizer=${organizerId}`,
  );
  const card = cards.find((item) => item.id === tour.id)!;
  // The demo's visitors are in the US: weights read in pounds.
  const cardFit = fitText(
    tourFit(passport, card.riding, {
      heavy: { free: card.heavy_places_free, scope: 'any-date' },
      weightUnit: 'lb',
    }),
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/tours?organizer=${organizerId}`);
    await waitForHydration(page);
    await closeCookieNotice(page);
    const tourCard = page.locator('.tour-card').filter({
      has: page.getByRole('heading', { name: tour.name, exact: true }),
    });
    const fit = tourCard.locator('.gk-fit');
    await expect(fit).toHaveAttribute('title', cardFit);
    // Whole for screen readers, though cut on a narrow card.
    await expect(fit).toHaveText(cardFit);
    await shoot(page, tourCard, 'card');
  }

  // The tour page: the fit with every reason, and the dates without a horse for this weight.
  const tourAnswer = await getJson<Tour>(request, `${apiUrl}/spa/tour?slug=${tour.slug}`);
  const pageFit = tourFit(passport, tourAnswer.riding, {
    heavy: { free: tourAnswer.heavy_places_free, scope: 'any-date' },
    weightUnit: 'lb',
  });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/${tour.slug}`);
    await waitForHydration(page);
    await closeCookieNotice(page);
    const fit = page.locator('.tour-fit');
    await expect(fit.getByRole('heading', { name: 'How this ride fits you' })).toBeVisible();
    await expect(fit.locator('.gk-fit')).toContainText(FIT_LABELS[pageFit.verdict]);
    for (const reason of pageFit.reasons) await expect(fit).toContainText(reason.text);
    await expect(fit.getByRole('link', { name: 'Edit your passport' })).toHaveAttribute(
      'href',
      '/rider-passport',
    );
    await shoot(page, fit, 'tour');
  }
  const shownDates = tourAnswer.dates.slice(0, 6);
  // The dates hydrate when the visitor scrolls near them (decision 130).
  await page.locator('.tour-page #dates').scrollIntoViewIfNeeded();
  await expect(page.getByText('No horse for your weight on this date')).toHaveCount(
    shownDates.filter((d) => d.heavy_places_free === 0).length,
  );

  // The booking form: the passport fills the rider; too heavy a weight is said at once.
  const rider = await openBookingForm(page, `/booking/new?tour=${tour.id}&date=${date.id}`, {
    first: 'Hugo',
    last: 'Brandt',
    phone: '+14155550166',
  });
  await rider.getByLabel('Date of birth').fill('1984-05-04');
  await rider.getByRole('button', { name: 'Fill from my passport' }).click();
  await expect(rider.getByLabel('Rider level (optional)')).toHaveValue('novice');
  // In pounds, the visitor's unit: the passport's kilograms read as whole pounds.
  const pounds = (kg: number) => String(weightIn(kg, 'lb'));
  await expect(rider.getByLabel('Weight, lb')).toHaveValue(pounds(weight));
  const note = rider.locator('.rider-fit-note');
  const tooHeavy = pounds(riding.heavy_rider_weight_kg + 4);
  await rider.getByLabel('Weight, lb').fill(tooHeavy);
  await expect(note).toContainText(
    `Not suitable: Riders up to ${formatWeightLimit(riding.heavy_rider_weight_kg, 'lb')} with clothing; Hugo weighs ${tooHeavy} lb`,
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // The screen as the rider sees it: the weight field and the fit under it, mid-screen.
    await note.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    mkdirSync(SHOTS_DIR, { recursive: true });
    await page.screenshot({
      path: path.join(SHOTS_DIR, `fit-booking-weight-${viewport.width}.png`),
    });
  }
  // Kilograms instead: the field shows the weight kept (to a tenth), and takes kilograms.
  await rider.getByRole('button', { name: 'Kilograms' }).click();
  await expect(rider.getByLabel('Weight, kg')).toHaveValue(
    String(weightToKg(Number(tooHeavy), 'lb')),
  );
  await rider.getByLabel('Weight, kg').fill(String(weight));
  // A heavier horse is free on the date: the weight stands in the way no more.
  const dateFit = tourFit(passport, riding, {
    heavy: { free: date.heavy_places_free!, scope: 'date' },
  });
  // Of a rider in the form, not the reader: "Fits", the other verdicts as everywhere.
  await expect(note.locator('.gk-fit')).toContainText(
    dateFit.verdict === 'fits' ? 'Fits' : FIT_LABELS[dateFit.verdict],
  );
  await expect(note).not.toContainText(' kg');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send booking request' }).click();
  // A tour two or more levels above novice stops the send once: the rider books anyway.
  if (levelShort(dateFit)) await rider.getByRole('button', { name: 'Book anyway' }).click();
  await expect(page).toHaveURL(/\/booking\/uuid\/[0-9a-f-]{36}$/);
  const uuid = new URL(page.url()).pathname.split('/').pop()!;
  const booking = await getJson<{ id: number; tourists: { weight: number; level: string }[] }>(
    request,
    `${apiUrl}/crm/api/request/get-by-uuid?uuid=${uuid}`,
  );
  expect(booking.tourists[0]).toMatchObject({ level: 'novice' });

  // The organizer, in a browser of their own, opens the booking.
  const organizerContext = await browser.newContext();
  const organizer = await organizerContext.newPage();
  const problems: string[] = [];
  organizer.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await signIn(organizer, ORGANIZER_LOGIN, `/partner/bookings/${booking.id}`);
  await waitForHydration(organizer);
  await expect(organizer.getByRole('heading', { level: 1 })).toHaveText(`Booking #${booking.id}`);
  const row = organizer.getByRole('row').filter({
    has: organizer.getByRole('rowheader', { name: 'Hugo Brandt' }),
  });
  await expect(row.getByRole('img', { name: 'Rider level: Novice, 2 of 5' })).toBeVisible();
  // The organizer's browser is in the US too: pounds.
  const heavyFrom = formatWeightLimit(riding.max_rider_weight_kg, 'lb');
  await expect(row).toContainText(formatWeight(weight, 'lb'));
  await expect(row).toContainText(`Heavier horse: above ${heavyFrom}`);
  await expect(
    organizer.getByText(
      `1 heavier-horse place is held for this booking (a rider above ${heavyFrom}).`,
    ),
  ).toBeVisible();
  await organizerContext.close();
  expect(problems, 'no errors in the organizer’s browser').toEqual([]);
});

// A rider too young for the ride is blocked before sending; a rider two levels short is stopped
// once, kindly, and may book anyway (the reviewer's path: a beginner on an intermediate ride).
test('a rider below the riding age is blocked, a beginner on a harder ride is stopped once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const found = await demoOrganizerTour(request, (tour: Tour) =>
    levelRank(tour.riding.level) >= levelRank('intermediate')
      ? tour.dates.find((d) => leavesSeats(d))
      : undefined,
  );
  if (!found) throw new Error('the demo organizer has no bookable tour for intermediate riders');
  const { tour, date } = found;
  const { riding } = tour;

  const rider = await openBookingForm(page, `/booking/new?tour=${tour.id}&date=${date.id}`, {
    first: 'Ivy',
    last: 'Lund',
    phone: '+14155550167',
  });
  await rider
    .getByLabel('Weight, lb')
    .fill(String(weightIn(Math.min(60, riding.max_rider_weight_kg), 'lb')));
  await rider.getByLabel('Rider level (optional)').selectOption('beginner');
  // Born after the first day: under any riding age, as the API counts it.
  const birthday = rider.getByLabel('Date of birth');
  await birthday.fill(new Date(Date.parse(date.start) + 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('checkbox').check();
  const send = page.getByRole('button', { name: 'Send booking request' });
  await send.click();
  await expect(birthday).toHaveAccessibleDescription(
    `Riders must be at least ${riding.min_riding_age} on the first day`,
  );
  await expect(birthday).toBeFocused();
  await expect(page).toHaveURL(/\/booking\/new\?/);

  await birthday.fill('1990-04-02');
  await send.click();
  const stop = rider.getByRole('alert');
  await expect(stop).toContainText(
    `Ivy is a beginner; this ride asks for ${LEVEL_LABELS[riding.level].toLowerCase()} riders, who`,
  );
  await expect(stop).toBeFocused();
  await expect(stop.getByRole('link', { name: 'Tours for beginner riders' })).toHaveAttribute(
    'href',
    '/tours?riderLevel=beginner',
  );
  await expect(page).toHaveURL(/\/booking\/new\?/);
  await expect(rider.getByLabel('First name')).toHaveValue('Ivy');
  await stop.scrollIntoViewIfNeeded();
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, 'fit-booking-level-stop.png') });

  await stop.getByRole('button', { name: 'Book anyway' }).click();
  await expect(page).toHaveURL(/\/booking\/uuid\/[0-9a-f-]{36}$/);
});
