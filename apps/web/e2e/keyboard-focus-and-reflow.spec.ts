import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

/**
 * What a keyboard user meets on every page, at a phone's and a desktop's size: the skip link and
 * the cookie notice come first, and nothing the page keeps on screen (the sticky header and the
 * bar stuck under it, the tour's booking bar, the cookie notice) ever hides the element that has
 * focus (WCAG 2.4.7, 2.4.11); at 320 px the header still fits, Menu included (1.4.10).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The first of the best tours: a real tour page of the seeded catalogue. */
async function aTourPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/spa/best-tours');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { slug: string }[] };
  return `/${items[0]!.slug}`;
}

/**
 * The focused element and, when something else covers all of it (its centre and four points
 * near its corners), what does; an element off the window counts as covered by "the edge".
 */
function focusedAndCover(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const name = (
      focused.getAttribute('aria-label') ??
      (focused as HTMLElement).innerText ??
      focused.tagName
    )
      .trim()
      .slice(0, 60);
    const points = [
      [0.5, 0.5],
      [0.15, 0.15],
      [0.85, 0.15],
      [0.15, 0.85],
      [0.85, 0.85],
    ] as const;
    const covers = points.map(([fx, fy]) => {
      const x = box.left + box.width * fx;
      const y = box.top + box.height * fy;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return 'the edge';
      const top = document.elementFromPoint(x, y);
      if (!top || focused.contains(top) || top.contains(focused)) return null;
      const cover = top.closest('header, section, [class*="bar"], [class*="nav"]') ?? top;
      return cover.getAttribute('aria-label') ?? cover.className.toString();
    });
    const hidden = covers.every(Boolean);
    return { name, cover: hidden ? (covers.find((c) => c !== 'the edge') ?? 'the edge') : null };
  });
}

/** Presses `key` up to `times` times; the elements that were wholly hidden when focused. */
async function hiddenWhileWalking(page: Page, key: 'Tab' | 'Shift+Tab', times: number) {
  const hidden: string[] = [];
  let seen = 0;
  for (let step = 0; step < times; step += 1) {
    await page.keyboard.press(key);
    const focused = await focusedAndCover(page);
    if (!focused) continue;
    seen += 1;
    // The skip link shows only while focused, over the header: checked on its own below.
    if (focused.cover && focused.name !== 'Skip to content') {
      hidden.push(`${focused.name} under ${focused.cover}`);
    }
  }
  expect(seen, 'the walk reached the page elements').toBeGreaterThan(times / 2);
  return hidden;
}

test.describe('the skip link and the cookie notice', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`come first, show when focused, and Escape dismisses the notice (${label})`, async ({
      page,
      context,
      gotoHydrated,
    }) => {
      await page.setViewportSize(viewport);
      await gotoHydrated('/tours');
      // Scrolled: the sticky header is at the top of the window, where the skip link shows.
      await page.evaluate(() => window.scrollTo(0, 800));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      expect((await focusedAndCover(page))?.cover, 'the skip link over the header').toBeNull();
      expect(await page.evaluate(() => window.scrollY), 'shown where the page is').toBe(800);

      const notice = page.getByRole('region', { name: 'Cookie notice' });
      await page.keyboard.press('Tab');
      await expect(notice.getByRole('link', { name: 'cookie policy' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(notice.getByRole('button', { name: "Ok, don't show again" })).toBeFocused();

      // Escape from anywhere does what its button does (the spec's cookie, 180 days).
      await page.keyboard.press('Tab');
      await expect(notice).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(notice).toBeHidden();
      const cookie = (await context.cookies()).find(
        ({ name }) => name === 'cookie_alert_dismissed',
      );
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(179 * 24 * 3600);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(notice).toHaveCount(0);
    });
  }
});

test.describe('no focused element hides under what stays on screen', () => {
  test('tour page on a phone: the header, its sections bar, the booking bar and the cookie notice', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(await aTourPath(request));
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await expect(page.locator('.tour-booking-bar')).toBeVisible();
    expect(await hiddenWhileWalking(page, 'Tab', 90)).toEqual([]);
    // Up from the footer's last link: the sticky header and sections bar are on top now.
    await page.locator('footer a').last().focus();
    expect(await hiddenWhileWalking(page, 'Shift+Tab', 90)).toEqual([]);
  });

  test('tour page on a desktop, walking up from the footer', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(await aTourPath(request));
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await page.locator('footer a').last().focus();
    expect(await hiddenWhileWalking(page, 'Shift+Tab', 90)).toEqual([]);
  });

  test('search page at 200 % zoom (720 × 450)', async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 720, height: 450 });
    await gotoHydrated('/tours');
    await page.getByRole('button', { name: "Ok, don't show again" }).click();
    await page.locator('footer a').last().focus();
    expect(await hiddenWhileWalking(page, 'Shift+Tab', 60)).toEqual([]);
  });
});

test.describe('at 320 px (WCAG 1.4.10 reflow)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  /** The page does not scroll sideways and Menu, the way to the sections, opens. */
  async function expectMenuOnScreen(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    const menu = page.getByRole('button', { name: 'Menu' });
    const box = await menu.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 320, 'Menu inside the window').toBe(true);
    await menu.click();
    await expect(
      page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Destinations' }),
    ).toBeVisible();
  }

  test('signed out, the header fits and Menu opens', async ({ page, gotoHydrated }) => {
    await gotoHydrated('/tours');
    await expectMenuOnScreen(page);
  });

  test('signed in, with Messages and the account, the header fits and Menu opens', async ({
    page,
    gotoHydrated,
  }) => {
    await signIn(page, 'traveller@gallop.test');
    await gotoHydrated('/tours');
    await expect(page.getByRole('banner').locator('.site-header__messages')).toBeVisible();
    await expectMenuOnScreen(page);
  });

  test('the booking form fits with six-figure prices in yen', async ({
    page,
    request,
    baseURL,
    gotoHydrated,
  }) => {
    const { items } = (await (await request.get('/spa/best-tours')).json()) as {
      items: { id: number }[];
    };
    await page.context().addCookies([{ name: 'i18n_currency', value: 'JPY', url: baseURL! }]);
    await gotoHydrated(`/booking/new?tour=${items[0]!.id}`);
    await expect(page.locator('.booking-date strong').first()).toContainText(/JP¥\d{3},\d{3}/u);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });

  test('breadcrumbs that wrap stay targets of 24 px (WCAG 2.5.8)', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    await gotoHydrated(await aTourPath(request));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link');
    const tops = new Set<number>();
    for (const box of await crumbs.evaluateAll((links) =>
      links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.height).toBeGreaterThanOrEqual(24);
      tops.add(Math.round(box.top));
    }
    expect(tops.size, 'the trail wraps at 320 px').toBeGreaterThan(1);
    const { violations } = await new AxeBuilder({ page })
      .include('nav[aria-label="Breadcrumbs"]')
      .withRules(['target-size'])
      .analyze();
    expect(violations.map(({ id, nodes }) => `${id} x${nodes.length}`)).toEqual([]);
  });
});
