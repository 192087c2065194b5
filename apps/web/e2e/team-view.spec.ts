import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';
import { signIn } from './sign-in';

// The private side of a tour (docs/product.md, Roles: the adm_auth cookie loads private user data;
// the private variants and programme PDF calls), for the seeded support account.

const SUPPORT = 'support@gallop.test';

test('a team member marked by adm_auth sees every date of a tour and gets the team PDF', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { items } = (await (await request.get('/spa/tours')).json()) as {
    items: { id: number; slug: string }[];
  };
  const tour = items[0]!;
  await signIn(page, SUPPORT);

  // Signed in but not marked by the back office: the page is the public one.
  await page.goto(`/${tour.slug}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { name: 'Dates and prices' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Team view' })).toHaveCount(0);

  await context.addCookies([{ name: 'adm_auth', value: '1', url: baseURL! }]);
  const variants = page.waitForResponse((response) =>
    response.url().includes(`/spa/tour-private-variants-data?id=${tour.id}`),
  );
  await page.reload();
  // The team view is in the dates section, which hydrates when scrolled near (decision 130).
  await page.locator('.tour-page #dates').scrollIntoViewIfNeeded();
  expect((await variants).status()).toBe(200);
  const panel = page.getByRole('region', { name: 'Team view' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('row').nth(1)).toBeVisible();
  expect(await panel.getByRole('row').count()).toBeGreaterThan(1);

  await panel.getByRole('button', { name: 'Programme PDF' }).click();
  const link = panel.getByRole('link', { name: 'Open the PDF' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const pdf = await request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  await expectNoSeriousA11yViolations(page);
});
