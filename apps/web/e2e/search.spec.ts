import { sliderLimitsFor } from '@gallop/search-filters';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hydratedInPlace, keepServerElement, test, waitForHydration } from './fixtures';
import { tourCardNames } from './tour-cards';

// Fixtures come from the API through the web server's proxy: never hard-coded ids or slugs.

interface FacetOption {
  value: string | number;
  text: string;
  count: number;
}

interface TourList {
  items: { name: string }[];
  pagination: { total: number; page_count: number };
  filters?: Record<string, FacetOption[] | number | undefined>;
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

const cardNames = (page: Page) => tourCardNames(page);

/** The most common country of the whole catalogue (the first of its facet). */
async function firstCountry(request: APIRequestContext): Promise<FacetOption> {
  const all = await json<TourList>(request, '/spa/tours?expand=filters');
  return facet(all, 'countries')[0] as FacetOption;
}

/** The page's HTML as the server sends it, before any script. */
async function serverHtml(request: APIRequestContext, path: string): Promise<string> {
  return (await request.get(path)).text();
}

function facet(list: TourList, kind: string): FacetOption[] {
  const options = list.filters?.[kind];
  expect(Array.isArray(options) && options.length > 0, `facet ${kind}`).toBe(true);
  return options as FacetOption[];
}

test.describe('search page', () => {
  test('the catalogue-wide page lists the tours the API finds', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const all = await json<TourList>(request, '/spa/tours');
    expect(await gotoHydrated('/tours')).toBe(200);
    await expect(
      page.getByRole('heading', { level: 2, name: `${all.pagination.total} tours` }),
    ).toBeVisible();
    expect(await cardNames(page)).toEqual(all.items.map((item) => item.name));
  });

  test('the head preloads only the first card’s picture', async ({ request }) => {
    const html = await serverHtml(request, '/tours');
    const head = html.slice(0, html.indexOf('</head>'));
    const imagePreloads = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    // The first card's picture is the page's largest paint; the other eager cards load from
    // the body at low priority instead of competing with it and the stylesheet on a phone.
    expect(imagePreloads).toHaveLength(1);
    expect(imagePreloads[0]).toContain('fetchPriority="high"');
    expect(html).toMatch(
      /<img [^>]*fetchPriority="low"[^>]*loading="eager"|<img [^>]*loading="eager"[^>]*fetchPriority="low"/,
    );
  });

  test('a catalogue page shows its stored search; an unknown slug is 404', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const sitemap = await json<{ items: { url: string; title: string }[] }>(
      request,
      '/spa/seo-pages-sitemap',
    );
    const entry = sitemap.items[0];
    expect(entry).toBeDefined();
    const slug = entry?.url.replace(/^\//, '') ?? '';
    const stored = await json<TourList & { h1?: string; title: string }>(
      request,
      `/spa/tours-page?slug=${slug}`,
    );
    expect(await gotoHydrated(`/${slug}`)).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(stored.h1 ?? stored.title);
    expect(await cardNames(page)).toEqual(stored.items.map((item) => item.name));

    const missing = await request.get('/no-such-catalogue-page');
    expect(missing.status()).toBe(404);
  });

  test('filters go to the address bar, the results follow them, reload and history restore them', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const country = await firstCountry(request);
    await gotoHydrated('/tours');

    await page.getByRole('checkbox', { name: new RegExp(`^${country.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
    const byCountry = await json<TourList>(
      request,
      `/spa/tours?countries=${country.value}&expand=filters`,
    );
    await expect.poll(() => cardNames(page)).toEqual(byCountry.items.map((item) => item.name));

    const level = facet(byCountry, 'difficulty')[0] as FacetOption;
    await page.getByRole('button', { name: 'Difficulty' }).click();
    await page.getByRole('checkbox', { name: new RegExp(`^${level.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`difficulty=${level.value}`));

    await page.getByRole('button', { name: /Recommended/ }).click();
    await page.getByRole('option', { name: 'Cheapest first' }).click();
    await expect(page).toHaveURL(/sort=price/);

    const query = `countries=${country.value}&difficulty=${level.value}&sort=price`;
    const filtered = await json<TourList>(request, `/spa/tours?${query}`);
    const expected = filtered.items.map((item) => item.name);
    await expect.poll(() => cardNames(page)).toEqual(expected);
    const address = page.url();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(page.url()).toBe(address);
    expect(await cardNames(page)).toEqual(expected);
    await expect(
      page.getByRole('checkbox', { name: new RegExp(`^${country.text} `) }),
    ).toBeChecked();

    await page.goBack();
    await expect(page).not.toHaveURL(/sort=price/);
    await expect(page).toHaveURL(new RegExp(`difficulty=${level.value}`));
    await page.goForward();
    await expect(page).toHaveURL(/sort=price/);
    await expect.poll(() => cardNames(page)).toEqual(expected);
  });

  test('"Show more" adds the next page of cards; the address reloads as that page alone', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const first = await json<TourList>(request, '/spa/tours');
    const second = await json<TourList>(request, '/spa/tours?page=2');
    expect(first.pagination.page_count).toBeGreaterThan(1);
    await gotoHydrated('/tours');
    await expect(page.locator('.tour-card')).toHaveCount(first.items.length);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const both = [...first.items, ...second.items].map((item) => item.name);
    await expect.poll(() => cardNames(page)).toEqual(both);

    // `?page=2` is page 2's own address (its links, its canonical): reloaded, it shows its cards.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await cardNames(page)).toEqual(second.items.map((item) => item.name));
  });

  test('switching the currency converts the price filters in the address bar', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    const [priceMin, priceMax] = [500, 2000];
    // The API's rates, then the EUR price slider's step (docs/product.md, Constants), as the page
    // does.
    const { step, priceMax: ceiling } = sliderLimitsFor('EUR');
    const inEuros = async (amount: number) => {
      const { result } = await json<{ result: number }>(
        request,
        `/node-api/convert-price?from_currency=USD&to_currency=EUR&amount=${amount}`,
      );
      return Math.round(result / step) * step;
    };
    const [euroMin, euroMax] = await Promise.all([inEuros(priceMin), inEuros(priceMax)]);
    // Numbers the address bar can only show converted: bounds on the EUR sliders, not the dollars.
    expect(euroMin).toBeGreaterThan(0);
    expect(euroMax).toBeLessThan(ceiling);
    expect([euroMin, euroMax]).not.toEqual([priceMin, priceMax]);

    await gotoHydrated(`/tours?priceMin=${priceMin}&priceMax=${priceMax}`);
    const entries = await page.evaluate(() => history.length);
    // The searches the browser makes from the switch on: price bounds and currency.
    const searches: { bounds: (string | null)[]; currency: string | undefined }[] = [];
    page.on('request', (call) => {
      const url = new URL(call.url());
      if (url.pathname !== '/spa/tours') return;
      const bounds = ['priceMin', 'priceMax'].map((field) => url.searchParams.get(field));
      searches.push({ bounds, currency: call.headers()['x-currency'] });
    });
    await page.getByRole('combobox', { name: 'Currency' }).selectOption('EUR');
    await expect(page).toHaveURL(new RegExp(`[?&]priceMin=${euroMin}&priceMax=${euroMax}(&|$)`));
    // The address was replaced, not added to the history.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    // The results come from the converted search alone: the dollars' numbers were never searched
    // in euros (decision 051), not even for a moment before the address changed.
    await expect
      .poll(() => searches)
      .toEqual([{ bounds: [String(euroMin), String(euroMax)], currency: 'EUR' }]);
    // Nor does any search follow it.
    await page.waitForTimeout(500);
    expect(searches).toEqual([{ bounds: [String(euroMin), String(euroMax)], currency: 'EUR' }]);
  });

  test('a search without results says so', async ({ page, request, gotoHydrated }) => {
    const none = await json<TourList>(request, '/spa/tours?priceMax=1');
    expect(none.pagination.total).toBe(0);
    expect(await gotoHydrated('/tours?priceMax=1')).toBe(200);
    await expect(page.getByText('Nothing found based on your search')).toBeVisible();
    await expect(page.getByText('Try searching by code')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/tours$/);
    await expect(page.locator('.tour-card').first()).toBeVisible();
  });

  test('the filters panel and the sort select come with the page and hydrate in place from chunks of their own', async ({
    page,
    request,
  }) => {
    const country = await firstCountry(request);
    // In the server's HTML, for crawlers and before any script: every filter and the sort.
    const html = await serverHtml(request, '/tours');
    expect(html).toMatch(/<div class="search-filters">/);
    expect(html).toContain(`${country.text}<`);
    expect(html).toMatch(
      /class="search-page__sort"><!--\$-->(<template><\/template>)?<div class="gk-select"/,
    );

    const panel = '.search-filters';
    const sort = '.search-page__sort .gk-select';
    await keepServerElement(page, panel);
    await keepServerElement(page, sort);
    await page.goto('/tours');
    await waitForHydration(page);
    // React takes over the elements the server sent (no fresh render: no flash, no shift) ...
    await expect.poll(() => hydratedInPlace(page, panel)).toBe(true);
    await expect.poll(() => hydratedInPlace(page, sort)).toBe(true);

    // ... and they work as before.
    await page.getByRole('button', { name: /Recommended/ }).click();
    await page.getByRole('option', { name: 'Cheapest first' }).click();
    await expect(page).toHaveURL(/[?&]sort=price(&|$)/);
    await page.getByRole('checkbox', { name: new RegExp(`^${country.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
    await expect(page.locator(panel)).toHaveCount(1);
  });

  test('the page brings react-aria’s pressable style: its controls hydrate without adding a stylesheet', async ({
    page,
    gotoHydrated,
  }) => {
    // A stylesheet added after the first paint recalculates the style of the whole page.
    await page.addInitScript(() => {
      const added: string[] = [];
      (window as unknown as { addedStyles: string[] }).addedStyles = added;
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver((records) => {
          for (const node of records.flatMap((record) => [...record.addedNodes])) {
            if (node instanceof HTMLStyleElement) added.push(node.outerHTML);
          }
        }).observe(document, { childList: true, subtree: true }),
      );
    });
    await gotoHydrated('/tours');
    // Every kind of control has hydrated and mounted its pressable parts (an open listbox too).
    await page.getByRole('button', { name: /Recommended/ }).click();
    await expect(page.getByRole('option', { name: 'Cheapest first' })).toBeVisible();
    await page.keyboard.press('Escape');
    const added = () =>
      page.evaluate(() => (window as unknown as { addedStyles: string[] }).addedStyles);
    expect(await added()).toEqual([]);
    await expect(page.locator('style#react-aria-pressable-style')).toHaveCount(1);

    // Leaving the page (a client-side navigation) keeps the style for the controls still there.
    await page.locator('.tour-card__link').first().click();
    await expect(page.locator('.search-page')).toHaveCount(0);
    await expect(page.locator('head > style#react-aria-pressable-style')).toHaveCount(1);
  });

  test('a traveller searches around a city they type, within a radius they choose', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    // A city the catalogue's tours visit (the cities facet), found the way the autocomplete does.
    const all = await json<TourList>(request, '/spa/tours?expand=filters');
    const cityName = (facet(all, 'cities')[0] as FacetOption).text;
    const { data: cities } = await json<{ data: { name: string; lat: number; lng: number }[] }>(
      request,
      `/spa/cities-by-query?query=${encodeURIComponent(cityName)}`,
    );
    const city = cities[0]!;
    await gotoHydrated('/tours');

    await page.getByRole('button', { name: 'Near a place' }).click();
    const box = page.getByRole('combobox', { name: 'Select city' });
    await expect(box).toHaveAttribute('placeholder', 'Start typing');
    await box.fill(city.name.slice(0, 3));
    await page
      .getByRole('option', { name: new RegExp(`^${city.name}`) })
      .first()
      .click();
    await expect(page).toHaveURL(/[?&]placeName=/);
    const address = new URL(page.url()).searchParams;
    expect(address.get('placeName')).toBe(city.name);
    expect(Number(address.get('lat'))).toBeCloseTo(city.lat, 4);
    expect(Number(address.get('lng'))).toBeCloseTo(city.lng, 4);
    expect(address.get('radius')).toBe('100');
    // One filter however many fields carry it (the phone's 'Filters' button counts it).
    await expect(
      page.getByRole('button', { name: 'Filters (1)', includeHidden: true }),
    ).toHaveCount(1);

    await page.getByRole('button', { name: /Within/ }).click();
    await page.getByRole('option', { name: '1000 km' }).click();
    await expect(page).toHaveURL(/[?&]radius=1000(&|$)/);
    const query = new URL(page.url()).search;
    const around = await json<TourList>(request, `/spa/tours${query}`);
    const resultsText = `${around.pagination.total} ${around.pagination.total === 1 ? 'tour' : 'tours'}`;
    await expect(page.locator('#search-results-heading')).toHaveText(resultsText);
    await expect.poll(() => cardNames(page)).toEqual(around.items.map((item) => item.name));

    await page.getByRole('button', { name: 'Anywhere' }).click();
    await expect(page).not.toHaveURL(/placeName|radius|lat=|lng=/);
  });

  test('a tap on a filter before its code has arrived is acted on once the filters hydrate', async ({
    page,
    request,
  }) => {
    const country = await firstCountry(request);
    // The scripts the document names (entry, route chunks: in the bootstrap's lists, decision
    // 047) load at once; any script asked for later (the filters' and the sort's chunks) waits
    // until the test lets it through.
    const html = await serverHtml(request, '/tours');
    const named = new Set(
      [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(
        (match) => new URL(match[1]!, 'http://web').pathname,
      ),
    );
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      if (!named.has(new URL(route.request().url()).pathname)) await released;
      await route.continue();
    });
    await page.goto('/tours');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(await page.evaluate(() => document.querySelector('.search-filters') !== null)).toBe(
      true,
    );

    const box = page.getByRole('checkbox', { name: new RegExp(`^${country.text} `) });
    await box.click();
    // Held: not ticked by the browser alone (the results would not follow), the address unchanged.
    await expect(box).not.toBeChecked();
    expect(page.url()).not.toMatch(/countries=/);

    release();
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
    await expect(box).toBeChecked();
  });

  test('on a phone the filters open in a bottom sheet', async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated('/tours');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('radio', { name: 'Day rides and excursions' }).check();
    await expect(page).toHaveURL(/[?&]type=2/);
    await sheet.getByRole('button', { name: /^Show \d+ tours?$/ }).click();
    await expect(sheet).toBeHidden();
  });

  test('on a phone the hidden aside’s filters wait, and hydrate in place once it shows', async ({
    page,
    gotoHydrated,
  }) => {
    const asidePanel = '.search-page__aside .search-filters';
    await page.setViewportSize({ width: 390, height: 844 });
    await keepServerElement(page, asidePanel);
    await gotoHydrated('/tours');
    // The filters' code is here (the sheet shows them) and nothing is loading any more...
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('radio', { name: 'Day rides and excursions' })).toBeVisible();
    await sheet.getByRole('button', { name: /^Show \d+ tours?$/ }).click();
    await expect(sheet).toBeHidden();
    await page.waitForLoadState('networkidle');
    // ...yet the hidden aside still holds the server's HTML, not taken over by React.
    await expect(page.locator(asidePanel)).toBeHidden();
    expect(
      await page.evaluate((selector) => {
        const element = document.querySelector(selector);
        const server = (window as unknown as { serverElements?: Record<string, Element> })
          .serverElements?.[selector];
        return {
          server: element !== null && element === server,
          hydrated:
            element !== null && Object.keys(element).some((key) => key.startsWith('__react')),
        };
      }, asidePanel),
    ).toEqual({ server: true, hydrated: false });

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect.poll(() => hydratedInPlace(page, asidePanel)).toBe(true);
    const aside = page.getByRole('complementary', { name: 'Filters' });
    await aside.getByRole('radio', { name: 'Day rides and excursions' }).check();
    await expect(page).toHaveURL(/[?&]type=2/);
  });

  test('a filter chosen in the phone’s sheet shows in the aside once the window widens', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    // A country among the day rides (the facets follow the search).
    const dayRides = await json<TourList>(request, '/spa/tours?type=2&expand=filters');
    const country = facet(dayRides, 'countries')[0] as FacetOption;
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated('/tours');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('radio', { name: 'Day rides and excursions' }).check();
    await expect(page).toHaveURL(/[?&]type=2/);
    await sheet.getByRole('button', { name: /^Show \d+ tours?$/ }).click();
    await expect(sheet).toBeHidden();

    await page.setViewportSize({ width: 1366, height: 900 });
    const aside = page.getByRole('complementary', { name: 'Filters' });
    await expect(aside.getByRole('radio', { name: 'Day rides and excursions' })).toBeChecked();
    await aside.getByRole('checkbox', { name: new RegExp(`^${country.text} `) }).check();
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
    await expect(page).toHaveURL(/[?&]type=2/);
  });
});
