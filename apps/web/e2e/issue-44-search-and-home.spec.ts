import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { tourCardNames } from './tour-cards';

// Issue 44, items 2, 6, 7, 15 and 16. Fixtures come from the API through the web server's proxy:
// never hard-coded ids or names.

interface FacetOption {
  value: string | number;
  text: string;
  count: number;
}

interface TourList {
  items: { name: string; slug: string }[];
  pagination: { total: number };
  filters?: Record<string, FacetOption[] | number | undefined>;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

function facet(list: TourList, kind: string): FacetOption[] {
  const options = list.filters?.[kind];
  expect(Array.isArray(options) && options.length > 0, `facet ${kind}`).toBe(true);
  return options as FacetOption[];
}

const cardNames = (page: Page) => tourCardNames(page);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A short phrase the completion answers with five suggestions. */
async function phraseWithFiveSuggestions(request: APIRequestContext): Promise<string> {
  for (const phrase of ['a', 'ri', 'la', 'mo', 'e', 'o']) {
    const { items } = await json<{ items: unknown[] }>(
      request,
      `/spa/tours-filter-completion?phrase=${phrase}&limit=5`,
    );
    if (items.length === 5) return phrase;
  }
  throw new Error('no phrase with five suggestions');
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`home: every suggestion is above the stats bar and clickable (${viewport.width}px)`, async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const phrase = await phraseWithFiveSuggestions(request);
    await page.setViewportSize(viewport);
    await gotoHydrated('/');
    await page.getByRole('combobox', { name: 'Where do you want to ride?' }).fill(phrase);
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options).toHaveCount(5);
    for (let n = 0; n < 5; n += 1) {
      const option = options.nth(n);
      const box = (await option.boundingBox())!;
      // What the pointer would hit at the option's centre is the option itself.
      const hitsOption = await option.evaluate(
        (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(hitsOption, `suggestion ${n + 1}`).toBe(true);
    }
    const fifth = options.nth(4);
    await fifth.click();
    await expect(page).not.toHaveURL(/\/$/);
  });
}

test.describe('focus rings', () => {
  test('header and footer links show a ring when reached with the keyboard', async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated('/');
    // A key press first: focus from the keyboard is what `:focus-visible` marks.
    await page.keyboard.press('Tab');
    // One round trip for every link (focus and read the style in the page): a call per link and
    // property took over 30 s on a loaded CI machine.
    const rings = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLAnchorElement>('.site-header a, .site-footer a')]
        .filter((link) => link.checkVisibility({ visibilityProperty: true }))
        .map((link) => {
          link.focus();
          const style = getComputedStyle(link);
          return {
            name: link.getAttribute('aria-label') ?? link.textContent,
            focusVisible: link.matches(':focus-visible'),
            outline: style.outlineStyle,
            width: parseFloat(style.outlineWidth),
          };
        }),
    );
    expect(rings.length).toBeGreaterThan(5);
    for (const ring of rings) {
      expect(ring.focusVisible, `${ring.name}`).toBe(true);
      expect(ring.outline, `${ring.name}`).not.toBe('none');
      expect(ring.width, `${ring.name}`).toBeGreaterThanOrEqual(2);
    }
  });
});

test.describe('cruise search', () => {
  test('has its own heading and filters, and leaving it drops the cruise filters', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    const cruises = await json<TourList>(request, '/spa/tours?isCruisesSearch=1&expand=filters');
    const type = facet(cruises, 'cruise_types')[0]!;
    await gotoHydrated('/tours?isCruisesSearch=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cruises with riding days');
    await expect(page).toHaveTitle(/^Cruises with riding days/);
    await expect(page.getByRole('radio', { name: 'Cruises' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Accommodation' })).toHaveCount(0);
    for (const group of ['Departure port', 'Ship', 'Travellers per cabin', 'Round trip']) {
      await expect(page.getByRole('button', { name: group })).toBeVisible();
    }

    await page.getByRole('radio', { name: new RegExp(`^${type.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]cruisesType=${type.value}(&|$)`));
    const byType = await json<TourList>(
      request,
      `/spa/tours?isCruisesSearch=1&cruisesType=${type.value}`,
    );
    await expect.poll(() => cardNames(page)).toEqual(byType.items.map((item) => item.name));

    await page.getByRole('radio', { name: 'Multi-day tours' }).check();
    await expect(page).not.toHaveURL(/isCruisesSearch|cruisesType/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Horse riding tours worldwide',
    );
  });

  test('a world part narrows the catalogue-wide search', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    const all = await json<TourList>(request, '/spa/tours?expand=filters');
    const part = facet(all, 'world_parts').at(-1)!;
    await gotoHydrated('/tours');
    await page.getByRole('button', { name: 'World part' }).click();
    await page.getByRole('radio', { name: new RegExp(`^${part.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]continent=${part.value}(&|$)`));
    await expect(page.getByRole('heading', { level: 2, name: /tours?$/ })).toHaveText(
      `${part.count} ${part.count === 1 ? 'tour' : 'tours'}`,
    );
  });
});

test.describe('maps', () => {
  test('the results map shows the chosen country’s tours only', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    const all = await json<TourList>(request, '/spa/tours?expand=filters');
    const [first] = facet(all, 'countries');
    const points = await json<{ total: number }>(
      request,
      `/spa/tours-map?countries=${first!.value}`,
    );
    await gotoHydrated(`/tours?countries=${first!.value}`);
    const map = page.locator('.search-map');
    await map.getByRole('button', { name: 'Show on map' }).click();
    await expect(
      map.getByRole('region', { name: `Map of ${points.total} tours found` }),
    ).toBeVisible();
    await expect(map.getByText(`Tours on the map as a list (${points.total})`)).toBeVisible();
  });

  test('a tour’s route lists its stops under the map, not over it (phone)', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(PHONE);
    const { items } = await json<TourList>(request, '/spa/tours');
    await gotoHydrated(`/${items[0]!.slug}`);
    const route = page.locator('.tour-route-map');
    await route.getByRole('button', { name: 'Show on map' }).click();
    const legend = route.locator('.tour-route-map__legend');
    await expect(legend).toBeVisible();
    const mapBox = (await route.locator('.gk-map-preloader').boundingBox())!;
    const legendBox = (await legend.boundingBox())!;
    expect(legendBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
  });
});

test.describe('sliders', () => {
  test('a run of arrow presses is one search and one history entry', async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated('/tours');
    const searches: string[] = [];
    page.on('request', (call) => {
      if (new URL(call.url()).pathname === '/spa/tours') searches.push(call.url());
    });
    const historyBefore = await page.evaluate(() => history.length);
    const thumb = page.getByRole('slider', { name: /^Maximum price/ }).first();
    await thumb.focus();
    // The page's clock stands still while the keys are pressed, however slowly a loaded machine
    // presses them: the run ends, then 500 ms pass.
    const before = await thumb.inputValue();
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    for (let n = 0; n < 5; n += 1) await page.keyboard.press('ArrowLeft');
    await expect(thumb).not.toHaveValue(before);
    expect(searches.filter((url) => url.includes('priceMax='))).toHaveLength(0);
    await page.clock.runFor(600);
    await page.clock.resume();
    await expect(page).toHaveURL(/[?&]priceMax=\d+/);
    // Let any late search happen before counting.
    await page.waitForTimeout(1000);
    expect(searches.filter((url) => url.includes('priceMax='))).toHaveLength(1);
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    await page.goBack();
    await expect(page).not.toHaveURL(/priceMax/);
  });
});
