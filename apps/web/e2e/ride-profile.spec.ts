import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// A riding day in numbers (issue 47, decision 113): a traveller opens a multi-day demo tour with
// a rest day and finds the ride's profile beside the programme (a bar per day, the totals and the
// longest day, as the API states them) and each day's numbers in one line. Fixtures come from
// the API through the web server's proxy: never hard-coded ids or slugs.

interface RidingDay {
  rest_day: boolean;
  hours: number | null;
  distance_km: number | null;
  ascent_m: number | null;
  overnight: { name: string } | null;
}

interface ProgramDay {
  day: number;
  title: string;
  riding: RidingDay | null;
}

interface TourAnswer {
  slug: string;
  name: string;
  program?: ProgramDay[];
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A tour of the first search pages with at least five programme days, one of them a rest day. */
async function tourWithRestDay(
  request: APIRequestContext,
): Promise<{ slug: string; program: ProgramDay[] }> {
  for (let page = 1; page <= 3; page += 1) {
    const { items } = await json<{ items: { slug: string }[] }>(request, `/spa/tours?page=${page}`);
    for (const { slug } of items) {
      const tour = await json<TourAnswer>(request, `/spa/tour?slug=${slug}&expand_program=1`);
      const days = tour.program ?? [];
      if (days.length >= 5 && days.some((day) => day.riding?.rest_day)) {
        return { slug: tour.slug, program: days };
      }
    }
  }
  throw new Error('no multi-day tour with a rest day on the first search pages');
}

const amount = (value: number) => String(Math.round(value * 10) / 10);

/** The demo's visitors are in the US: miles to a tenth and whole feet, as the page writes them. */
const IMPERIAL = 'imperial';
const formatDistance = (km: number, _units: typeof IMPERIAL) => `${amount(km / 1.609344)} mi`;
const formatClimb = (metres: number, _units: typeof IMPERIAL) =>
  `${Math.round(metres / 0.3048).toLocaleString('en')} ft`;

test('a traveller sees a multi-day tour’s riding profile and each day in numbers', async ({
  page,
  request,
}) => {
  const tour = await tourWithRestDay(request);
  const riding = tour.program.flatMap(({ day, riding: numbers }) =>
    numbers && !numbers.rest_day ? [{ day, hours: numbers.hours!, km: numbers.distance_km! }] : [],
  );
  const totalKm = riding.reduce((sum, day) => sum + day.km, 0);
  const totalHours = riding.reduce((sum, day) => sum + day.hours, 0);
  const longest = riding.reduce((best, day) =>
    day.hours > best.hours || (day.hours === best.hours && day.km > best.km) ? day : best,
  );

  await page.goto(`/${tour.slug}`);
  await waitForHydration(page);
  const profile = page.getByRole('figure', { name: 'Riding day by day' });
  await profile.scrollIntoViewIfNeeded();
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('listitem')).toHaveCount(tour.program.length);
  const restDay = tour.program.find((day) => day.riding?.rest_day)!;
  await expect(
    profile.getByRole('listitem', { name: `Day ${restDay.day}: rest day` }),
  ).toBeVisible();
  await expect(
    profile.getByRole('listitem', {
      name: new RegExp(
        `^Day ${longest.day}: ${amount(longest.hours)} h in the saddle, ${formatDistance(longest.km, IMPERIAL)}`,
      ),
    }),
  ).toBeVisible();
  await expect(profile.getByText('Total distance').locator('+ dd')).toHaveText(
    formatDistance(Math.round(totalKm), IMPERIAL),
  );
  await expect(profile.getByText('In the saddle').locator('+ dd')).toHaveText(
    `${amount(totalHours)} h`,
  );
  await expect(profile.getByText('Longest day').locator('+ dd')).toHaveText(
    `Day ${longest.day} · ${amount(longest.hours)} h · ${formatDistance(longest.km, IMPERIAL)}`,
  );

  // Each day's numbers in one line under its title, the rest day said as such.
  const second = tour.program[1]!;
  const numbers = second.riding!;
  const line = numbers.rest_day
    ? `Rest day · overnight: ${numbers.overnight!.name}`
    : [
        `${amount(numbers.hours!)} h in the saddle`,
        formatDistance(numbers.distance_km!, IMPERIAL),
        numbers.ascent_m ? `↑ ${formatClimb(numbers.ascent_m, IMPERIAL)}` : null,
        numbers.overnight ? `overnight: ${numbers.overnight.name}` : null,
      ]
        .filter(Boolean)
        .join(' · ');
  await expect(page.locator('#programme').getByText(line, { exact: true })).toBeVisible();
  await expect(
    page
      .locator('#programme')
      .getByText(`Rest day · overnight: ${restDay.riding!.overnight!.name}`, { exact: true }),
  ).toBeVisible();
});
