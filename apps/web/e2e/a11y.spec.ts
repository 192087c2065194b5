import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

/** The first of the best tours: a real tour page of the seeded catalogue. */
async function aTourPath(request: APIRequestContext): Promise<string> {
  const response = await request.get('/spa/best-tours');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: { slug: string }[] };
  const [first] = items;
  expect(first, 'the catalogue has a best tour').toBeDefined();
  return `/${first!.slug}`;
}

// The first screens of issue 7 (the later ones check themselves in their own specs).
test.describe('accessibility of the home, search and tour pages (axe, WCAG 2.1 AA)', () => {
  test('home', async ({ page, gotoHydrated }) => {
    expect(await gotoHydrated('/')).toBe(200);
    await expectNoSeriousA11yViolations(page);
  });

  test('search', async ({ page, gotoHydrated }) => {
    expect(await gotoHydrated('/tours')).toBe(200);
    await expectNoSeriousA11yViolations(page);
  });

  test('tour', async ({ page, request, gotoHydrated }) => {
    expect(await gotoHydrated(await aTourPath(request))).toBe(200);
    await expectNoSeriousA11yViolations(page);
  });

  test('not found', async ({ page, gotoHydrated }) => {
    expect(await gotoHydrated('/no-such/page')).toBe(404);
    await expectNoSeriousA11yViolations(page);
  });
});
