import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// The tour page's programme order and complaint form against the real API.

async function firstTourPath(request: APIRequestContext) {
  const response = await request.get('/spa/best-tours');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { slug: string; name: string }[] };
  return { path: `/${items[0]!.slug}`, name: items[0]!.name };
}

for (const width of [390, 1366]) {
  test.describe(`tour page actions at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the programme order validates, sends and says where it went', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const tour = await firstTourPath(request);
      await gotoHydrated(tour.path);
      await page.getByRole('button', { name: 'Get the tour programme' }).click();
      const dialog = page.getByRole('dialog', { name: 'Get the tour programme' });
      await expect(dialog).toBeVisible();
      const send = dialog.getByRole('button', { name: 'Send the programme' });
      await expect(send).toBeEnabled();
      await send.click();
      const tokens = (await (await request.get('/spa/site-tokens')).json()) as {
        send_tour_program_in_pdf_via_whatsapp?: boolean;
      };
      const viaWhatsapp = tokens.send_tour_program_in_pdf_via_whatsapp === true;
      // E-mail, and the WhatsApp number when the site sends programmes that way.
      await expect(dialog.getByText('Required field')).toHaveCount(viaWhatsapp ? 2 : 1);
      await expectNoSeriousA11yViolations(page);

      const email = `e2e-${width}-${Date.now()}@example.com`;
      await dialog.getByLabel('E-mail').fill(email);
      if (viaWhatsapp) await dialog.getByLabel('WhatsApp number').fill('+14155550134');
      await send.click();
      const status = dialog.getByRole('status');
      await expect(status).toContainText(
        viaWhatsapp ? 'is on its way by WhatsApp to +14155550134' : `is on its way to ${email}`,
      );
      await expect(status).toContainText(/Request number \d+\./);
    });

    test('the complaint form needs a text, then thanks the visitor', async ({
      page,
      request,
      gotoHydrated,
    }) => {
      const tour = await firstTourPath(request);
      await gotoHydrated(tour.path);
      await page.getByRole('button', { name: 'Report a problem with this tour' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem with this tour' });
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByText('Required field')).toBeVisible();
      await dialog
        .getByLabel('What is the problem?')
        .fill('The meeting point on the map is wrong.');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await expect(dialog.getByRole('status')).toContainText('Thank you.');
      await expectNoSeriousA11yViolations(page);
    });
  });
}
