import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { getJson } from './guest-booking';
import { closeCookieNotice, reviewShots } from './review-shots';

// Real maps that work offline (issue 47, decision 121): each map opens after 'Show on map' on
// the built-in world-atlas base (the browser resolves no host but loopback, so nothing else
// could load), shows its markers and their list, and the list is reachable by keyboard alone.
// Fixtures come from the API through the web server's proxy: never hard-coded ids or slugs.

const SHOTS_DIR = process.env.GALLOP_SHOTS_DIR ?? '/tmp/gallop-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const shoot = reviewShots(SHOTS_DIR, 'map');

interface Overnight {
  name: string;
  lat: number;
  lng: number;
}
interface TourAnswer {
  slug: string;
  name: string;
  start_city?: { name: string; lat?: number; lng?: number };
  program?: { day: number; riding: { rest_day: boolean; overnight: Overnight | null } | null }[];
}

/** A tour of the first search pages that moves between at least three night places. */
async function movingTour(request: APIRequestContext) {
  for (let page = 1; page <= 3; page += 1) {
    const { items } = await getJson<{ items: { slug: string }[] }>(
      request,
      `/spa/tours?page=${page}`,
    );
    for (const { slug } of items) {
      const tour = await getJson<TourAnswer>(request, `/spa/tour?slug=${slug}&expand_program=1`);
      const nights = new Set(
        (tour.program ?? []).flatMap((day) =>
          day.riding?.overnight ? [day.riding.overnight.name] : [],
        ),
      );
      if (tour.start_city?.lat !== undefined && nights.size >= 3) return { tour, nights };
    }
  }
  throw new Error('no tour moving between three night places on the first search pages');
}

/** Clicks 'Show on map' in `scope` and waits until MapLibre has drawn its first frame. */
async function openMap(scope: Locator, name: string | RegExp) {
  await scope.getByRole('button', { name: 'Show on map' }).click();
  const map = scope.getByRole('region', { name });
  await expect(map).toBeVisible({ timeout: 20_000 });
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await expect(map).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  return map;
}

/** The first of `markers` drawn well inside the map (others sit on tiles beyond its edges). */
async function markerInView(map: Locator, selector: string): Promise<Locator | undefined> {
  // In the middle of the window: the sticky header covers the top of the page.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const frame = (await map.boundingBox())!;
  const markers = map.locator(selector);
  for (let index = 0; index < (await markers.count()); index += 1) {
    const box = await markers.nth(index).boundingBox();
    if (!box) continue;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const inside = (value: number, start: number, size: number) =>
      value > start + 50 && value < start + size - 50;
    if (inside(x, frame.x, frame.width) && inside(y, frame.y, frame.height))
      return markers.nth(index);
  }
  return undefined;
}

/** Clicks where a marker is drawn (a neighbouring bubble may overlap it: either zooms in). */
async function clickMarker(page: Page, marker: Locator) {
  const box = (await marker.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(800);
}

async function shootAtBothSizes(
  page: Page,
  path: string,
  open: () => Promise<Locator>,
  name: string,
) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await waitForHydration(page);
    await closeCookieNotice(page);
    const map = await open();
    // Markers settle after the first frames (fitting, clusters).
    await page.waitForTimeout(800);
    await shoot(
      page,
      map.locator('xpath=ancestor::*[self::figure or contains(@class,"search-map")][1]'),
      name,
    );
  }
}

test.describe('maps', () => {
  test.describe.configure({ timeout: 120_000 });

  test("a tour's route: numbered places on the map, the days with distances under it", async ({
    page,
    request,
  }) => {
    const { tour, nights } = await movingTour(request);
    await page.goto(`/${tour.slug}`);
    await waitForHydration(page);
    const route = page.locator('#route');
    const map = await openMap(route, `Map of the route from ${tour.start_city!.name}`);

    // The start and each distinct night place: numbered markers, 1 first.
    const stages = map.locator('.gallop-map__stage');
    await expect(stages.first()).toHaveText('1');
    expect(await stages.count()).toBeGreaterThanOrEqual(nights.size);
    const legend = route.getByRole('list', { name: 'Route by day' });
    await expect(legend.getByRole('listitem').first()).toContainText(tour.start_city!.name);
    // The demo's visitors are in the US: miles.
    await expect(legend.getByRole('listitem').filter({ hasText: /Day 1 · \d+ mi/ })).toBeVisible();
    // Under the map, never over it.
    const mapBox = (await map.boundingBox())!;
    const legendBox = (await legend.boundingBox())!;
    expect(legendBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);

    await shootAtBothSizes(
      page,
      `/${tour.slug}`,
      () => openMap(page.locator('#route'), /^Map of the route/),
      'tour-route',
    );
  });

  test('a weather page: the place and the tours around it', async ({ page, request }) => {
    const { items: countries } = await getJson<{
      items: { name: string; slug: string; tours_count?: number }[];
    }>(request, '/spa/destinations?kind=country');
    const country = countries.find((candidate) => (candidate.tours_count ?? 0) > 0)!;
    const path = `/${country.slug}/climate-and-weather`;
    await page.goto(path);
    await waitForHydration(page);
    const section = page.getByRole('region', {
      name: `Where to ride in and around ${country.name}`,
    });
    const map = await openMap(section, `Map of ${country.name} and the tours around it`);
    await expect(map.locator('.gallop-map__place')).toHaveAttribute('title', country.name);
    await expect(map.locator('.gallop-map__price, .gallop-map__cluster').first()).toBeVisible();
    await section.getByText(/^Tours on the map as a list/).click();
    await expect(section.getByRole('link').first()).toBeVisible();

    await shootAtBothSizes(
      page,
      path,
      () =>
        openMap(
          page.getByRole('region', { name: /^Where to ride in and around/ }),
          /^Map of .* and the tours around it$/,
        ),
      'weather',
    );
  });

  test('destinations: every country with tours on the map; its marker opens its page', async ({
    page,
    request,
  }) => {
    const { items: parts } = await getJson<{
      items: { countries: { name: string; slug: string; centre?: unknown }[] }[];
    }>(request, '/crm/api/world-part/groups?show_countries_with_world_parts=1');
    const countries = parts.flatMap((part) => part.countries);
    expect(countries.every((country) => country.centre !== undefined)).toBe(true);
    await page.goto('/destinations');
    await waitForHydration(page);
    await closeCookieNotice(page);
    const figure = page.locator('.destinations-map');
    const map = await openMap(figure, 'Map of the countries with horseback tours');

    // The list beside the map: every country, a link to its page.
    await figure.getByText(/^Countries on the map as a list/).click();
    await expect(figure.getByRole('link')).toHaveCount(countries.length);

    // A country's own marker (zooming into a cluster where none stands alone) opens its page.
    let marker = await markerInView(map, '.gallop-map__price');
    for (let zoom = 0; !marker && zoom < 3; zoom += 1) {
      const cluster = await markerInView(map, '.gallop-map__cluster');
      if (cluster) await clickMarker(page, cluster);
      marker = await markerInView(map, '.gallop-map__price');
    }
    expect(marker, 'a country marker inside the map').toBeDefined();
    await expect(marker!).toHaveText(/^\d+ tours?$/);
    const name = await marker!.getAttribute('title');
    const country = countries.find((candidate) => candidate.name === name);
    expect(country, `${name} is a country with tours`).toBeDefined();
    await clickMarker(page, marker!);
    await expect(page).toHaveURL(new RegExp(`/${country!.slug}$`));

    await shootAtBothSizes(
      page,
      '/destinations',
      () => openMap(page.locator('.destinations-map'), 'Map of the countries with horseback tours'),
      'destinations',
    );
  });

  test('search: every result on the map; "Search this area" searches what the map shows', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/tours');
    await waitForHydration(page);
    await closeCookieNotice(page);
    const { total } = await getJson<{ total: number }>(request, '/spa/tours-map');
    const map = await openMap(page.locator('.search-map'), `Map of ${total} tours found`);
    await expect(map.locator('.gallop-map__cluster').first()).toBeVisible();

    // A cluster zooms in; dragging the map then offers to search the area in view.
    await clickMarker(page, (await markerInView(map, '.gallop-map__cluster'))!);
    const canvas = map.locator('canvas.maplibregl-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 20, { steps: 8 });
    await page.mouse.up();
    const searchArea = page.getByRole('button', { name: 'Search this area' });
    await searchArea.click();
    await expect(page).toHaveURL(/[?&]lat=-?[\d.]+.*/);
    const address = new URL(page.url());
    const radius = Number(address.searchParams.get('radius'));
    expect(radius).toBeGreaterThan(0);
    expect(radius).toBeLessThanOrEqual(1000);
    expect(address.searchParams.has('lng')).toBe(true);

    // The list and the map follow the new search: the API's count for the same place.
    const { pagination } = await getJson<{ pagination: { total: number } }>(
      request,
      `/spa/tours?${address.searchParams.toString()}`,
    );
    expect(pagination.total).toBeLessThan(total);
    await expect(page.getByRole('heading', { name: /^\d+ tours?$/ })).toHaveText(
      `${pagination.total} ${pagination.total === 1 ? 'tour' : 'tours'}`,
    );
    await expect(
      page.getByRole('region', { name: /^Map of \d+ tours found$/ }),
    ).toHaveAccessibleName(`Map of ${pagination.total} tours found`);
    await expect(searchArea).toBeHidden();
  });

  test("search: a tour's price marker marks its card, and a click brings the card into view", async ({
    page,
    request,
  }) => {
    // A country with a few tours: every result is on the first page, so each marker has its card.
    const { filters } = await getJson<{
      filters: { countries?: { value: number | string; count: number }[] };
    }>(request, '/spa/tours?expand=filters');
    const country = (filters.countries ?? []).find(({ count }) => count >= 3 && count <= 12);
    if (!country) throw new Error('no country with 3 to 12 tours in the demo catalogue');
    await page.setViewportSize(PHONE);
    await page.goto(`/tours?countries=${country.value}`);
    await waitForHydration(page);
    await closeCookieNotice(page);
    const map = await openMap(page.locator('.search-map'), `Map of ${country.count} tours found`);

    let price: Locator | undefined;
    for (let clicks = 0; clicks < 10 && !price; clicks += 1) {
      price = await markerInView(map, '.gallop-map__price');
      const cluster = price ? undefined : await markerInView(map, '.gallop-map__cluster');
      if (cluster) await clickMarker(page, cluster);
    }
    if (!price) throw new Error('no single tour in view after zooming into clusters');
    const card = page.locator(
      `.search-page__item[data-tour-id="${await price.getAttribute('data-tour-id')}"]`,
    );
    await expect(card).toHaveCount(1);
    await expect(card).not.toHaveClass(/search-page__item--highlighted/);
    await price.hover();
    await expect(card).toHaveClass(/search-page__item--highlighted/);

    // On a phone the map sits above the results: the card starts out of view, a click scrolls to it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await price.scrollIntoViewIfNeeded();
    await expect(card).not.toBeInViewport();
    await price.click();
    await expect(card).toBeInViewport();
  });

  test('search: the keyboard reaches the markers as a list, which highlights them', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/tours');
    await waitForHydration(page);
    await closeCookieNotice(page);
    await page.locator('.search-map').getByRole('button', { name: 'Show on map' }).focus();
    await page.keyboard.press('Enter');
    const map = page.getByRole('region', { name: /^Map of \d+ tours found$/ });
    await expect(map).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });

    // From the map, Tab leaves the canvas and its controls for the list of its tours.
    await map.locator('canvas.maplibregl-canvas').focus();
    const summary = page.getByText(/^Tours on the map as a list/);
    for (let presses = 0; presses < 12; presses += 1) {
      if (await summary.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const first = page.locator('.map-tour-list a').first();
    await expect(first).toBeFocused();

    // Zoomed into clusters until single tours show: the list's link marks its price on the map.
    let price: Locator | undefined;
    for (let clicks = 0; clicks < 10 && !price; clicks += 1) {
      price = await markerInView(map, '.gallop-map__price');
      if (!price) await clickMarker(page, (await markerInView(map, '.gallop-map__cluster'))!);
    }
    if (!price) throw new Error('no single tour in view after zooming into clusters');
    const name = (await price.getAttribute('title'))!;
    await expect(price).not.toHaveClass(/gallop-map__price--active/);
    await page.locator('.map-tour-list').getByRole('link', { name, exact: true }).first().hover();
    await expect(price).toHaveClass(/gallop-map__price--active/);

    await shootAtBothSizes(
      page,
      '/tours',
      () => openMap(page.locator('.search-map'), /^Map of \d+ tours found$/),
      'search',
    );
  });
});
