import { formatWeightLimit } from '@gallop/rider-fit';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 47 (decision 114): how a tour's horses are kept, stated by its organizer, with the parts a
// tour states differently marked. Expected texts come from the API's answers, never hard-coded.

interface Welfare {
  rest_days_per_week: number;
  max_work_hours_per_day: number;
  turnout: 'herd_pasture' | 'herd_daytime' | 'paddocks' | 'stables';
  weight_policy: { max_rider_weight_kg: number | null; heavy_rider_weight_kg: number | null };
  retirement: { kind: 'kept_for_life' | 'rehomed' | 'sold' };
  tour_overrides: string[];
}

interface TourAnswer {
  slug: string;
  organizer: { id: number };
  horse_welfare: Welfare | null;
}

const TURNOUT = {
  herd_pasture: 'In a herd on pasture day and night',
  herd_daytime: 'In a herd by day, stabled at night',
  paddocks: 'Turned out in paddocks',
  stables: 'Kept in stables',
};

const RETIREMENT = {
  kept_for_life: 'Retired horses stay for life',
  rehomed: 'Retired horses are rehomed',
  sold: 'Retired horses are sold',
};

const restLabel = (rest: number) =>
  rest === 0 ? 'No set rest day' : `${rest} ${rest === 1 ? 'rest day' : 'rest days'} a week`;

/** Screenshots for the reviewer, outside the repository (SHOTS_DIR, else the test's output). */
function shotPath(name: string, fallback: string): string {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return fallback;
  mkdirSync(dir, { recursive: true });
  return `${dir}/${name}`;
}

/** The cookie notice would cover the card in the screenshots. */
async function dismissCookieNotice(page: Page) {
  const notice = page.getByRole('button', { name: "Ok, don't show again" });
  if (await notice.isVisible()) await notice.click();
}

/** A listed demo tour whose rest days differ from its organizer's (a long ride of its own). */
async function overridingTour(request: APIRequestContext): Promise<TourAnswer> {
  for (let page = 1; page <= 10; page += 1) {
    const list = (await (
      await request.get(`/spa/tours?difficulty=3&difficulty=4&page=${page}`)
    ).json()) as { items: { slug: string }[] };
    for (const { slug } of list.items) {
      const tour = (await (await request.get(`/spa/tour?slug=${slug}`)).json()) as TourAnswer;
      if (tour.horse_welfare?.tour_overrides.includes('rest_days_per_week')) return tour;
    }
    if (list.items.length === 0) break;
  }
  throw new Error('No listed demo tour rests its horses differently from its organizer');
}

test.describe('horse welfare', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the tour page shows how its horses are kept, its own rest days marked, at ${viewport.width} px`, async ({
      page,
      request,
      gotoHydrated,
    }, testInfo) => {
      const tour = await overridingTour(request);
      const welfare = tour.horse_welfare!;
      const organizer = (await (
        await request.get(`/crm/api/organizer/public-info?id=${tour.organizer.id}`)
      ).json()) as { horse_welfare: Welfare };
      expect(organizer.horse_welfare.rest_days_per_week).not.toBe(welfare.rest_days_per_week);

      await page.setViewportSize(viewport);
      await gotoHydrated(`/${tour.slug}`);
      await dismissCookieNotice(page);
      const riding = page.getByRole('region', { name: 'Riding' });
      const card = riding.getByRole('region', { name: 'Horse welfare' });
      await card.scrollIntoViewIfNeeded();
      await expect(card).toBeVisible();
      const rest = card
        .getByRole('listitem')
        .filter({ hasText: restLabel(welfare.rest_days_per_week) });
      await expect(rest).toBeVisible();
      await expect(rest).toContainText('This tour');
      await expect(card.getByText(TURNOUT[welfare.turnout])).toBeVisible();
      await expect(card.getByText(RETIREMENT[welfare.retirement.kind])).toBeVisible();
      const limit = welfare.weight_policy.max_rider_weight_kg!;
      // The demo's visitors are in the US: pounds.
      await expect(
        card.getByText(`Riders up to ${formatWeightLimit(limit, 'lb')} with clothing`),
      ).toBeVisible();
      // Readable at 390 px: the card fits the viewport's width.
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await card.screenshot({
        path: shotPath(
          `welfare-tour-${viewport.width}.png`,
          testInfo.outputPath(`welfare-tour-${viewport.width}.png`),
        ),
      });
    });

    test(`the organizer page shows how the provider keeps its horses at ${viewport.width} px`, async ({
      page,
      request,
      gotoHydrated,
    }, testInfo) => {
      const tour = await overridingTour(request);
      const profile = (await (
        await request.get(`/crm/api/organizer/public-info?id=${tour.organizer.id}`)
      ).json()) as { horse_welfare: Welfare | null };
      expect(profile.horse_welfare, 'every demo organizer states its welfare').not.toBeNull();
      const welfare = profile.horse_welfare!;

      await page.setViewportSize(viewport);
      await gotoHydrated(`/tour-provider/${tour.organizer.id}`);
      await dismissCookieNotice(page);
      const section = page.getByRole('region', { name: 'How the horses are kept' });
      const card = section.getByRole('region', { name: 'Horse welfare' });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText(restLabel(welfare.rest_days_per_week))).toBeVisible();
      await expect(card.getByText(TURNOUT[welfare.turnout])).toBeVisible();
      await expect(card.getByText('Rider weight limit set for each tour')).toBeVisible();
      await expect(card.getByText('This tour')).toHaveCount(0);
      await section.screenshot({
        path: shotPath(
          `welfare-organizer-${viewport.width}.png`,
          testInfo.outputPath(`welfare-organizer-${viewport.width}.png`),
        ),
      });
    });
  }
});
