import { formatWeightLimit } from '@gallop/rider-fit';
import { expect, test, waitForHydration } from './fixtures';

// Issue 46: each tour states its riding requirements; the tour page shows them in "Riding".
test.describe('riding requirements on the tour page', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`shows the level, the pace mix and the requirements at ${viewport.width} px`, async ({
      page,
      request,
    }, testInfo) => {
      const { items } = (await (await request.get('/spa/tours')).json()) as {
        items: { slug: string }[];
      };
      const slug = items[0]?.slug;
      expect(slug, 'a tour in the search results').toBeDefined();
      const tour = (await (await request.get(`/spa/tour?slug=${slug}`)).json()) as {
        riding: { level: string; max_rider_weight_kg: number };
      };
      await page.setViewportSize(viewport);
      await page.goto(`/${slug}`);
      await waitForHydration(page);
      const riding = page.getByRole('region', { name: 'Riding' });
      await riding.scrollIntoViewIfNeeded();
      await expect(riding.getByRole('img', { name: /^Rider level: / }).first()).toBeVisible();
      await expect(riding.getByRole('img', { name: /^Pace mix: walk \d+%/ })).toBeVisible();
      // The requirements' own line; the horse-welfare card beside them repeats the limit.
      await expect(
        riding
          .locator('.tour-riding')
          .getByText(
            `Up to ${formatWeightLimit(tour.riding.max_rider_weight_kg, 'lb')} with clothing`,
            {
              exact: false,
            },
          ),
      ).toBeVisible();
      await riding.getByText('What the levels mean').click();
      await expect(riding.getByRole('list', { name: 'What the levels mean' })).toBeVisible();
      await riding.screenshot({ path: testInfo.outputPath(`riding-${viewport.width}.png`) });
    });
  }
});
