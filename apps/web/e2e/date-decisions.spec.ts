import type { APIRequestContext } from '@playwright/test';
import { demoOrganizerId, leavesSeats, ORGANIZER_LOGIN } from './demo-organizer';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl, bookOneRider, confirmedLabel, outbox } from './guest-booking';
import { signIn, signInWithCookies } from './sign-in';

// A not-guaranteed date decided as a whole (decision 148): a traveller's request waits for the
// organizer; the organizer, in another browser, runs the date from the booking's page; the
// request is confirmed in that answer and the traveller, in theirs, is asked to pay.

interface TourDate {
  id: number;
  start: string;
  is_busy?: boolean;
  not_guaranteed?: boolean;
  number_of_free_seats?: number;
  min_riders?: number | null;
  riders_booked?: number;
  decision_date?: string | null;
}

interface Tour {
  id: number;
  dates: TourDate[];
}

/** A date of the demo organizer one booking of one rider leaves undecided, its day ahead. */
async function undecidedDate(request: APIRequestContext) {
  const list = await request.get(`${apiUrl}/spa/tours?organizer=${await demoOrganizerId(request)}`);
  const { items } = (await list.json()) as { items: { id: number }[] };
  const today = new Date().toISOString().slice(0, 10);
  for (const { id } of items) {
    const tour = (await (
      await request.get(`${apiUrl}/spa/tour-for-request?id=${id}`)
    ).json()) as Tour;
    const date = tour.dates.find(
      (d) =>
        d.not_guaranteed === true &&
        leavesSeats(d) &&
        (d.min_riders === null ||
          d.min_riders === undefined ||
          d.min_riders - (d.riders_booked ?? 0) >= 2) &&
        (d.decision_date === null || d.decision_date === undefined || d.decision_date > today),
    );
    if (date) return { tour, date };
  }
  throw new Error('the seed has no undecided date of the demo organizer');
}

test('the organizer runs a not-guaranteed date: the waiting request is confirmed and the traveller asked to pay', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const { tour, date } = await undecidedDate(request);
  const { booking, email, ...session } = await bookOneRider(request, tour.id, date.id);
  expect(booking.status).toBe(1);

  // The organizer, in their browser, sees the date undecided and runs it.
  const organizer = await browser.newContext();
  const organizerPage = await organizer.newPage();
  await signIn(organizerPage, ORGANIZER_LOGIN, `/partner/bookings/${booking.id}`);
  await waitForHydration(organizerPage);
  await expect(organizerPage.getByText('Waiting for your answer')).toBeVisible();
  const panel = organizerPage.getByRole('region', { name: 'This date' });
  await expect(panel.getByText(/^This date is not guaranteed yet/)).toBeVisible();
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    await organizerPage.setViewportSize(viewport);
    await panel.scrollIntoViewIfNeeded();
    await organizerPage.screenshot({ path: testInfo.outputPath(`date-decision-${name}.png`) });
    // The booking's own answer stays reachable beside the date's panel, never under it.
    await organizerPage
      .getByRole('button', { name: 'Decline', exact: true })
      .click({ trial: true, timeout: 5_000 });
  }
  await panel.getByRole('button', { name: 'Run this date' }).click();
  await expect(panel.getByText(/^Run this date\? It becomes guaranteed/)).toBeVisible();
  await panel.getByRole('button', { name: 'Yes, run this date' }).click();
  await expect(organizerPage.getByText('Confirmed, waiting for payment')).toBeVisible();
  await expect(organizerPage.getByRole('region', { name: 'This date' })).toHaveCount(0);
  await expect(organizerPage.getByRole('button', { name: 'Decline', exact: true })).toHaveCount(0);

  // The date is guaranteed for everyone; the traveller is told once and asked to pay.
  const after = (
    (await (await request.get(`${apiUrl}/spa/tour-for-request?id=${tour.id}`)).json()) as Tour
  ).dates.find((d) => d.id === date.id)!;
  expect(after.not_guaranteed).toBe(false);
  const told = (await outbox(request, email)).filter((m) => m.kind === 'date-guaranteed');
  expect(told).toHaveLength(1);
  const traveller = await browser.newContext();
  await signInWithCookies(traveller, session, baseURL!);
  const travellerPage = await traveller.newPage();
  await travellerPage.goto(`/booking/${booking.id}`);
  await waitForHydration(travellerPage);
  await expect(travellerPage.getByText(confirmedLabel(booking))).toBeVisible();

  await Promise.all([organizer.close(), traveller.close()]);
});
