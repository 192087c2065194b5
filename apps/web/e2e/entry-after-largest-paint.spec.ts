import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

// Decision 047: the browser asks for the client entry only once the page's largest picture (the
// first card's, `fetchpriority="high"`) has arrived and painted, or at once on input, or after
// a short timeout.

interface ServedPage {
  /** The client entry's path, from the inline bootstrap. */
  entry: string;
  /** Every address of the largest picture (its srcset candidates). */
  picture: Set<string>;
}

async function searchPage(request: APIRequestContext, path: string): Promise<ServedPage> {
  const html = await (await request.get(path)).text();
  const entry = html.match(/\(self,document,"(\/assets\/[^"]+\.js)"/)?.[1];
  expect(entry, 'the bootstrap names the entry').toBeTruthy();
  expect(html, 'no module script in the HTML itself').not.toMatch(/<script type="module"/);
  const image = html.match(/<img [^>]*fetchPriority="high"[^>]*>/)?.[0] ?? '';
  const srcset = image.match(/srcSet="([^"]+)"/)?.[1] ?? '';
  const picture = new Set(srcset.split(',').map((candidate) => candidate.trim().split(' ')[0]!));
  expect(picture.size, 'the largest picture').toBeGreaterThan(0);
  return { entry: entry!, picture };
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** Holds every request for a path `held` accepts until `open()`; `asked`: one came. */
async function holdBack(page: Page, held: (path: string) => boolean) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const state = { asked: false, open: () => open() };
  await page.route(
    (url) => held(url.pathname),
    async (route) => {
      state.asked = true;
      await opened;
      await route.continue();
    },
  );
  return state;
}

async function countryBox(page: Page, request: APIRequestContext) {
  const all = (await (await request.get('/spa/tours?expand=filters')).json()) as {
    filters: { countries: { value: number; text: string }[] };
  };
  const country = all.filters.countries[0]!;
  return { country, box: page.getByRole('checkbox', { name: new RegExp(`^${country.text} `) }) };
}

test.describe('the entry after the largest paint', () => {
  test('the search page asks for the entry only after its first picture has arrived, and still hydrates and works', async ({
    page,
    request,
  }) => {
    const { entry, picture } = await searchPage(request, '/tours');
    const times: { picture?: number; entry?: number } = {};
    // The picture takes 800 ms to arrive (less than the bootstrap's 1.5 s safety timeout).
    await page.route(
      (url) => picture.has(url.pathname),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      },
    );
    page.on('requestfinished', (call) => {
      if (picture.has(pathOf(call))) times.picture ??= Date.now();
    });
    page.on('request', (call) => {
      if (pathOf(call) === entry) times.entry ??= Date.now();
    });

    await page.goto('/tours');
    await waitForHydration(page);
    expect(times.picture, 'the picture arrived').toBeDefined();
    expect(times.entry, 'the entry was asked for').toBeDefined();
    expect(times.entry!).toBeGreaterThanOrEqual(times.picture!);

    const { country, box } = await countryBox(page, request);
    await box.check();
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
  });

  test('a picture that never arrives holds hydration back only briefly', async ({
    page,
    request,
  }) => {
    const { picture } = await searchPage(request, '/tours');
    const never = await holdBack(page, (path) => picture.has(path));
    await page.goto('/tours', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true', {
      timeout: 10_000,
    });
    never.open();
  });

  test('a tap before the entry has arrived starts it and is acted on once the page hydrates', async ({
    page,
    request,
  }) => {
    const { entry } = await searchPage(request, '/tours');
    const held = await holdBack(page, (path) => path === entry);
    await page.goto('/tours', { waitUntil: 'domcontentloaded' });
    const { country, box } = await countryBox(page, request);
    await box.click();
    // Held: not ticked by the browser alone (nothing would follow it), the address unchanged ...
    await expect(box).not.toBeChecked();
    expect(page.url()).not.toMatch(/countries=/);
    // ... and the tap asked for the entry without waiting for the picture.
    await expect.poll(() => held.asked).toBe(true);

    held.open();
    await waitForHydration(page);
    await expect(page).toHaveURL(new RegExp(`[?&]countries=${country.value}(&|$)`));
    await expect(box).toBeChecked();
  });

  test('links work before the entry has arrived', async ({ page, request }) => {
    const { entry } = await searchPage(request, '/tours');
    const never = await holdBack(page, (path) => path === entry);
    await page.goto('/tours', { waitUntil: 'domcontentloaded' });
    const card = page.locator('.tour-card a[href]').first();
    const href = await card.getAttribute('href');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    never.open();
  });
});
