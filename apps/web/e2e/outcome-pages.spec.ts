import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// The payment outcome pages and the team-browser page (docs/product.md, Routes).

test.describe('payment outcome pages', () => {
  // A paid or declined payment's page: payment-safety.spec.ts and booking.spec.ts.
  for (const path of ['/success', '/payment-failed', '/success?payment_id=1&token=forged']) {
    test(`${path} without a known payment answers 404, claims nothing and leads on`, async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain('<title>We could not find this payment | Gallop</title>');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(html).not.toContain('Payment successful');
      expect(html).not.toContain('Payment failed');

      expect(await gotoHydrated(path)).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'We could not find this payment',
      );
      await expect(page.getByRole('link', { name: 'Your bookings' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('link', { name: 'Contact support' }).click();
      await expect(page).toHaveURL(/\/contacts$/);
    });
  }
});

test('/employees-cookie marks the browser as a team browser and can remove the mark', async ({
  page,
  context,
  gotoHydrated,
}) => {
  expect(await gotoHydrated('/employees-cookie')).toBe(200);
  await expect(page.getByRole('status')).toHaveText('This browser is not marked.');
  await page.getByRole('button', { name: 'Mark this browser' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'This browser is marked as a team browser. Analytics are off here.',
  );
  const cookie = (await context.cookies()).find((item) => item.name === 'gallop_employee');
  expect(cookie?.value).toBe('1');
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

  await page.reload();
  await expect(page.getByRole('status')).toHaveText(
    'This browser is marked as a team browser. Analytics are off here.',
  );
  await page.getByRole('button', { name: 'Remove the mark' }).click();
  await expect(page.getByRole('status')).toHaveText('This browser is not marked.');
  expect((await context.cookies()).find((item) => item.name === 'gallop_employee')).toBeUndefined();
});
