import { mkdirSync } from 'node:fs';
import { expect, test, waitForHydration } from './fixtures';

// Issue 47: how a tour's horses are kept, stated by its organizer and the tour (decision 114).
interface Welfare {
  rest_days_per_week: number | null;
  farrier_interval_weeks: number | null;
  weight_policy: { max_rider_weight_kg: number | null } | null;
}

/** Screenshots for the reviewer, outside the repository (SHOTS_DIR, else the test's output). */
function shotPath(name: string, fallback: string): string {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return fallback;
  mkdirSync(dir, { recursive: true });
  return `${dir}/${name}`;
}

test.describe('horse welfare', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the tour page shows the welfare card near the riding requirements at ${viewport.width} px`, async ({
      page,
      request,
    }, testInfo) => {
      const { items } = (await (await request.get('/spa/tours')).json()) as {
        items: { slug: string }[];
      };
      // The first listed tour whose answer states rest days and the farrier.
      let found: { slug: string; welfare: Welfare } | undefined;
      for (const { slug } of items) {
        const tour = (await (await request.get(`/spa/tour?slug=${slug}`)).json()) as {
          horse_welfare: Welfare | null;
        };
        const welfare = tour.horse_welfare;
        if (welfare?.rest_days_per_week && welfare.farrier_interval_weeks) {
          found = { slug, welfare };
          break;
        }
      }
      expect(found, 'a listed tour with a welfare statement').toBeDefined();
      const { slug, welfare } = found!;
      await page.setViewportSize(viewport);
      await page.goto(`/${slug}`);
      await waitForHydration(page);
      const riding = page.getByRole('region', { name: 'Riding' });
      const card = riding.getByRole('region', { name: 'Horse welfare' });
      await card.scrollIntoViewIfNeeded();
      await expect(card).toBeVisible();
      const rest = welfare.rest_days_per_week!;
      await expect(
        card.getByText(`${rest} ${rest === 1 ? 'rest day' : 'rest days'} a week`),
      ).toBeVisible();
      await expect(
        card.getByText(`Farrier every ${welfare.farrier_interval_weeks} weeks`),
      ).toBeVisible();
      const limit = welfare.weight_policy?.max_rider_weight_kg;
      if (limit) {
        await expect(
          card.getByText(`Riders up to ${limit} kg with clothing`, { exact: false }),
        ).toBeVisible();
      }
      // Readable at 390 px: the card fits the viewport's width.
      const box = await card.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await card.screenshot({
        path: shotPath(
          `welfare-tour-${viewport.width}.png`,
          testInfo.outputPath(`welfare-${viewport.width}.png`),
        ),
      });
    });
  }

  test('the organizer page shows how the provider keeps its horses', async ({
    page,
    request,
  }, testInfo) => {
    const { items } = (await (await request.get('/spa/tours')).json()) as {
      items: { organizer?: { id: number } }[];
    };
    const organizerId = items.find((item) => item.organizer)?.organizer?.id;
    expect(organizerId).toBeDefined();
    const profile = (await (
      await request.get(`/crm/api/organizer/public-info?id=${organizerId}`)
    ).json()) as { horse_welfare: Welfare | null };
    expect(profile.horse_welfare, 'every demo organizer states its welfare').not.toBeNull();
    await page.goto(`/tour-provider/${organizerId}`);
    await waitForHydration(page);
    const card = page.getByRole('region', { name: 'Horse welfare' });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    const rest = profile.horse_welfare!.rest_days_per_week;
    if (rest) {
      await expect(
        card.getByText(`${rest} ${rest === 1 ? 'rest day' : 'rest days'} a week`),
      ).toBeVisible();
    }
    await page.screenshot({
      path: shotPath('welfare-organizer-1440.png', testInfo.outputPath('organizer.png')),
      fullPage: false,
    });
  });
});
