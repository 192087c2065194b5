import { expect, test } from './fixtures';

/**
 * The kit's React Aria parts speak the site's language, not the browser's: their hidden labels
 * and announcements (and the reading direction) follow the interface locale, English, whatever
 * language the visitor's browser is set to. The build keeps only the site's locales' strings
 * (`@react-aria/optimize-locales-plugin`), so another language would fall back to English anyway.
 */
for (const browserLocale of ['fr-FR', 'he-IL', 'ja-JP']) {
  test.describe(`a browser set to ${browserLocale}`, () => {
    test.use({ locale: browserLocale });

    test('hears the sort select and the date picker in English, left to right', async ({
      page,
      gotoHydrated,
    }) => {
      await gotoHydrated('/tours');
      expect(await page.evaluate(() => navigator.language)).toBe(browserLocale);

      await page.getByRole('button', { name: /Recommended/ }).click();
      await expect(page.getByRole('option', { name: 'Cheapest first' })).toBeVisible();
      // React Aria's hidden button that closes the list for screen-reader users.
      await expect(
        page.getByRole('button', { name: 'Dismiss', exact: true }).first(),
      ).toBeAttached();
      await expect(page.locator('[dir="rtl"]')).toHaveCount(0);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Select dates' }).click();
      const calendar = page.getByRole('dialog');
      // React Aria names each month's grid and announces the month shown.
      await expect(calendar.getByRole('grid').first()).toHaveAccessibleName(
        /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/,
      );
      await expect(page.locator('[dir="rtl"]')).toHaveCount(0);
    });
  });
}
