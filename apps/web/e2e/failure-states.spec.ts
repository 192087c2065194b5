import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiUrl } from './guest-booking';

// What a traveller meets when something goes wrong: addresses with malformed parameters, and a
// booking request whose send fails on the way (the form keeps what was typed, a resend books once).

test.describe('malformed addresses', () => {
  for (const value of ['-1', 'abc']) {
    test(`/blog?page=${value} opens the first blog page`, async ({ page }) => {
      const response = await page.goto(`/blog?page=${value}`);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/blog');
      await expect(page.getByText('Internal Error')).toHaveCount(0);
    });
  }

  test('a blog page past any the API serves is the 404 page', async ({ page }) => {
    const response = await page.goto('/blog?page=99999');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();
  });

  for (const path of ['/booking/new?tour=abc', '/redirect?url=123']) {
    test(`${path} is the 404 page, not a 400 or 500`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
    });
  }
});

/** A guaranteed date with seats to spare, far enough ahead (docs/testing.md: never the last seat). */
async function roomyDate(request: APIRequestContext) {
  for (const page of [3, 4, 5, 6]) {
    const { items } = (await (await request.get(`${apiUrl}/spa/tours?page=${page}`)).json()) as {
      items: { id: number }[];
    };
    for (const { id } of items) {
      const tour = (await (
        await request.get(`${apiUrl}/spa/tour-for-request?id=${id}`)
      ).json()) as {
        id: number;
        min_age: number;
        dates: {
          id: number;
          start: string;
          not_guaranteed?: boolean;
          is_busy?: boolean;
          number_of_free_seats?: number;
        }[];
      };
      const date = tour.dates.find(
        (d) =>
          !d.not_guaranteed &&
          !d.is_busy &&
          (d.number_of_free_seats ?? 0) >= 6 &&
          Date.parse(d.start) - Date.now() > 30 * 86_400_000,
      );
      if (date && tour.min_age <= 18) return { tourId: tour.id, dateId: date.id };
    }
  }
  throw new Error('no roomy guaranteed date on pages 3 to 6 of the search');
}

test('a booking request whose send fails keeps what was typed, and a resend books once', async ({
  page,
  request,
  gotoHydrated,
}) => {
  test.setTimeout(90_000);
  const { tourId, dateId } = await roomyDate(request);
  await gotoHydrated(`/booking/new?tour=${tourId}&date=${dateId}`);
  const rider = page.locator('.booking-tourist').first();
  await rider.getByLabel('First name').fill('Noor');
  await rider.getByLabel('Last name').fill('Saleh');
  await rider.getByLabel('Date of birth').fill('1991-03-08');
  await rider.getByLabel('Weight, lb').fill('141');
  const contact = page.getByRole('group', { name: 'Contact' });
  await contact.getByLabel('Full name').fill('Noor Saleh');
  await contact.getByLabel('E-mail').fill(`failure-${randomUUID()}@example.com`);
  await contact.getByLabel('Phone').fill('+14155550142');
  await page.getByLabel('Comment for the organizer (optional)').fill('We arrive late');
  await page.getByRole('checkbox').check();

  // The connection drops as the request leaves.
  const creates: string[] = [];
  await page.route('**/crm/api/request/create', (route) => {
    creates.push(route.request().headers()['idempotency-key'] ?? '');
    return creates.length === 1 ? route.abort('internetdisconnected') : route.continue();
  });
  const send = page.getByRole('button', { name: 'Send booking request' });
  await send.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/new\?/);
  await expect(rider.getByLabel('First name')).toHaveValue('Noor');
  await expect(rider.getByLabel('Weight, lb')).toHaveValue('141');
  await expect(contact.getByLabel('Phone')).toHaveValue('+14155550142');
  await expect(page.getByLabel('Comment for the organizer (optional)')).toHaveValue(
    'We arrive late',
  );
  await expect(page.getByRole('checkbox')).toBeChecked();

  // Sent again, with a double click: one booking, under the first attempt's key.
  await send.dblclick();
  await expect(page).toHaveURL(/\/booking\/uuid\/[0-9a-f-]{36}$/);
  expect(creates).toHaveLength(2);
  expect(creates[1]).toBe(creates[0]);
});
