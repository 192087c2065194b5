import { measurementSystem, type MeasurementSystem } from '@gallop/i18n';
import type { APIRequestContext } from '@playwright/test';
import { describeMonths } from '../src/features/weather/climate';
import { formatDateRange } from '../src/lib/tour-format';
import { bestMonths, describeReason, rateDate, type MonthClimate } from '../src/lib/season';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForHydration } from './fixtures';
import { closeCookieNotice, reviewShots } from './review-shots';
import { signIn } from './sign-in';

// The season check (decision 117): the tour page shows the best months to ride at the
// destination and marks each date in a poor month with why; so does the booking form's date
// choice. Fixtures come from the API, the expectations from the same rule module the page uses.

const SHOTS_DIR = process.env.GALLOP_SHOTS_DIR ?? '/tmp/gallop-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** The tour page lists this many dates before 'Show all dates'. */
const DATES_SHOWN = 6;

interface Place {
  id: number;
  name: string;
}
interface TourDate {
  id: number;
  start: string;
  end: string;
  number_of_free_seats?: number;
  is_busy?: boolean;
}
interface TourAnswer {
  id: number;
  slug: string;
  name: string;
  start_city?: Place;
  countries?: Place[];
  dates: TourDate[];
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/**
 * The first tour of the catalogue search with a bookable date in a poor month among the dates its
 * page lists first, with its climate (read where the page reads it: the start city, else the
 * first country).
 */
async function findPoorDate(request: APIRequestContext) {
  for (let page = 1; page <= 5; page += 1) {
    const { items } = await json<{ items: { slug: string }[] }>(request, `/spa/tours?page=${page}`);
    for (const card of items) {
      const tour = await json<TourAnswer>(request, `/spa/tour?slug=${card.slug}`);
      const place = tour.start_city
        ? { kind: 'city', ...tour.start_city }
        : tour.countries?.[0] && { kind: 'country', ...tour.countries[0] };
      if (!place) continue;
      const { months } = await json<{ months: MonthClimate[] }>(
        request,
        `/spa/destination-climate?destination_id=${place.id}&kind=${place.kind}`,
      );
      const date = tour.dates
        .slice(0, DATES_SHOWN)
        .find(
          (candidate) =>
            rateDate(candidate, months)?.rating === 'poor' &&
            (candidate.number_of_free_seats ?? 1) > 0 &&
            !candidate.is_busy,
        );
      if (date) return { tour, date, months, place };
    }
  }
  throw new Error('No tour with a bookable date in a poor month in the demo catalogue');
}

const shoot = reviewShots(SHOTS_DIR, 'season');

test('a traveller sees the best months to ride and a poor-month date marked with why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { tour, date, months, place } = await findPoorDate(request);
  const info = await json<{ country?: { id: number } }>(request, '/spa/info');
  const system: MeasurementSystem = measurementSystem(info.country?.id);
  const verdict = rateDate(date, months);
  const reasons = (verdict?.reasons ?? []).map((reason) => describeReason(reason, system));
  expect(reasons.length).toBeGreaterThan(0);
  const best = bestMonths(months);
  const bestText = best.length > 0 ? describeMonths(best) : 'No month is both mild and dry';
  const when = formatDateRange(date.start, date.end);
  // Accessible names and text content read a no-break space as a space.
  const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

  // The server's HTML has the marks already (no shift when they would arrive, no JS needed).
  const html = await (await request.get(`/${tour.slug}`)).text();
  expect(html).toContain('gk-season-mark');
  expect(html).toContain(reasons[0]);

  await signIn(page, 'traveller@gallop.test', `/${tour.slug}`);
  await waitForHydration(page);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await closeCookieNotice(page);

    // The weather widget, drawn as the traveller scrolls to the dates (decision 126): the best
    // months, and each month of the dates rated with its figures.
    const widget = page.getByRole('region', { name: 'Weather on these dates' });
    await page.locator('#dates').scrollIntoViewIfNeeded();
    const bestGroup = widget.getByRole('group', { name: 'Best months to ride here' });
    await expect(bestGroup).toContainText(new RegExp(bestText, 'i'));
    const table = widget.getByRole('table', { name: `Average weather in ${place.name} by month` });
    await expect(table.getByRole('columnheader', { name: 'For riding' })).toBeVisible();
    // The date's poor month is among the table's months, rated so with its figures.
    await expect(table.locator('.tour-weather__poor').first()).toContainText(
      /^Poor (Hot|Cold|Wet): /,
    );

    // The date list: the poor-month date says so, in words.
    const row = page.locator('#dates .tour-dates__table tbody tr').filter({ hasText: when });
    const mark = row.first().locator('.gk-season-mark');
    await expect(mark).toBeVisible();
    await expect(mark).toHaveText(spaced(`!Poor season: ${reasons.join(' · ')}`));
    await shoot(page, row.first(), 'date');
    await shoot(page, widget, 'weather');
  }
  await expectNoSeriousA11yViolations(page);

  // The booking form's date choice names the season in the radio's own label, from the server on.
  const bookingHtml = await (
    await request.get(`/booking/new?tour=${tour.id}&date=${date.id}`)
  ).text();
  expect(bookingHtml).toContain(reasons[0]);
  await page.goto(`/booking/new?tour=${tour.id}&date=${date.id}`);
  await waitForHydration(page);
  const choice = page.getByRole('group', { name: 'Date' });
  const radio = choice.getByRole('radio', { name: new RegExp(`^${when}`) }).first();
  await expect(radio).toBeChecked();
  await expect(radio).toHaveAccessibleName(
    new RegExp(`Poor season: ${spaced(reasons.join(' · ')).replace(/\s/g, '\\s')}`),
  );
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await closeCookieNotice(page);
    await shoot(page, choice, 'booking');
  }
  await expectNoSeriousA11yViolations(page);
});
