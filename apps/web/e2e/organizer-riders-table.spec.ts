import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { apiUrl } from './guest-booking';
import {
  demoOrganizerTour,
  leavesSeats,
  ORGANIZER_LOGIN,
  type BookableDate,
} from './demo-organizer';
import { signIn } from './sign-in';

/**
 * The organizer's booking page at a desktop width shows the riders as a table across the page's
 * 1,200 px column. Long unbroken values must wrap inside their cells, not widen the table: before
 * the fix a 60-character e-mail made the table 1,326 px in its 1,200 px area (it scrolled
 * sideways, the phone column out of view), and each phone number broke into four lines, a digit
 * group a line.
 */

const LONG_EMAIL = 'maximilianavandenberghe.oosterhuisriding@examplelongdomain.com';

/** The riders' table against its scrolling area, and the height of a phone cell in lines. */
function riderTable(page: Page) {
  return page.evaluate(() => {
    const area = document.querySelector<HTMLElement>('.organizer-booking__scroll')!;
    const phone = [...area.querySelectorAll('td')].find(
      (cell) => cell.textContent === '+1 415 555 0177',
    )!;
    // The lines its text takes: the distinct tops of the text's boxes.
    const range = document.createRange();
    range.selectNodeContents(phone);
    const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
    return {
      area: area.clientWidth,
      table: area.scrollWidth,
      phoneLines: tops.size,
    };
  });
}

test('the organizer’s riders table fits its area at 1440 px with long e-mails, each value whole', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const found = await demoOrganizerTour(
    request,
    (tour: { id: number; dates: (BookableDate & { id: number; not_guaranteed?: boolean })[] }) =>
      tour.dates.find(
        (date) =>
          leavesSeats(date) && !date.not_guaranteed && (date.number_of_free_seats ?? 0) >= 4,
      ),
  );
  if (!found) throw new Error('the demo organizer has no guaranteed date with four seats free');
  const created = await request.post(`${apiUrl}/crm/api/request/create`, {
    headers: { 'Content-Type': 'application/json' },
    data: {
      tour_id: found.tour.id,
      tour_date_id: found.date.id,
      tourists: [
        {
          first_name: 'Maximiliana',
          last_name: 'Vandenberghe-Oosterhuis',
          // Facts to match on: the fit column then shows its badge, its widest.
          birthday: '1990-02-01',
          weight: 80,
          email: LONG_EMAIL,
          phone: '+14155550177',
          food_restriction: 'Vegetarian, no nuts, lactose-free',
        },
        {
          first_name: 'Sam',
          last_name: 'Rider',
          birthday: '1985-05-05',
          weight: 70,
          email: 'sam.rider.averyveryverylongaddress@example.com',
          phone: '+442079460000',
        },
      ],
      contact: {
        name: 'Maximiliana Vandenberghe',
        email: `walk-${randomUUID()}@example.com`,
        phone: '+14155550177',
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ORGANIZER_LOGIN, `/partner/bookings/${id}`);
  await waitForHydration(page);
  const table = page.getByRole('region', { name: 'Riders table' });
  await expect(table).toBeVisible();

  for (const width of [1440, 1280, 1200, 1140]) {
    await page.setViewportSize({ width, height: 900 });
    // Narrower than the table's columns need, the riders are cards instead (container query).
    if (!(await table.isVisible())) continue;
    const measured = await riderTable(page);
    expect(
      measured.table,
      `${width} px: the table (${measured.table} px) in its ${measured.area} px`,
    ).toBeLessThanOrEqual(measured.area);
    expect(measured.phoneLines, `${width} px: a phone number on one line`).toBe(1);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // Each address is all there, read whole (a line break is no character).
  await expect(table.getByRole('cell', { name: LONG_EMAIL, exact: true })).toBeVisible();
  // On a phone the riders are cards: the address reads across the card, in two lines at most
  // (in half its width it took four).
  await page.setViewportSize({ width: 390, height: 844 });
  const cardMail = page
    .locator('.organizer-booking__card dd')
    .filter({ hasText: LONG_EMAIL })
    .first();
  await expect(cardMail).toBeVisible();
  const cardMailLines = await cardMail.evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
  });
  expect(cardMailLines, 'the address in a card, in lines').toBeLessThanOrEqual(2);
  await page.setViewportSize({ width: 1440, height: 900 });
  if (process.env.ORGWALK_SHOTS) {
    await page.screenshot({
      path: `${process.env.ORGWALK_SHOTS}/e2e-riders-1440.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: `${process.env.ORGWALK_SHOTS}/e2e-riders-390.png`,
      fullPage: true,
    });
  }
});
