import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test } from './fixtures';

// "Help me choose a tour" from a search without results, against the real API; the request must
// reach support (the API runs with DEV_OUTBOX=on, so its e-mail to support is read back).

const apiUrl = `http://127.0.0.1:${process.env.GALLOP_E2E_API_PORT}`;

test.describe('help me choose a tour', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the empty search, validates, and sends the request to support', async ({
    page,
    request,
    gotoHydrated,
  }) => {
    // Two accessibility scans of a dialog page: under CI's two workers they outgrew 30 s.
    test.setTimeout(60_000);
    expect(await gotoHydrated('/tours?priceMax=1')).toBe(200);
    await expect(page.getByText('Nothing found based on your search')).toBeVisible();
    await expect(page.getByText('Try searching by code')).toBeVisible();

    const open = page.getByRole('button', { name: 'Help me choose a tour' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Help me choose a tour' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();

    await dialog.getByRole('button', { name: 'Send my request' }).click();
    const message = dialog.getByLabel('What are you looking for?');
    await expect(message).toHaveAccessibleDescription('Required field');
    await expect(message).toBeFocused();
    await expect(dialog.getByLabel('E-mail')).toHaveAccessibleDescription(
      'Leave an e-mail or a phone so that we can answer',
    );
    await expectNoSeriousA11yViolations(page);

    const email = `help-${randomUUID()}@example.com`;
    const text = `Two riders, a week in the mountains in July (${randomUUID()}).`;
    await message.fill(text);
    await dialog.getByLabel('Your name (optional)').fill('Ana');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send my request' }).click();

    const done = dialog.getByRole('status');
    await expect(done).toContainText('Thank you, your request is with our team.');
    await expect(done).toContainText(`answer you at ${email}`);
    await expect(done).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    const outbox = await request.get(`${apiUrl}/dev/outbox`);
    const { messages } = (await outbox.json()) as {
      messages: { kind: string; subject: string; body: string }[];
    };
    const sent = messages.find((item) => item.kind === 'help-request' && item.body.includes(text));
    expect(sent?.subject).toBe('Help request from Ana');
    expect(sent?.body).toContain(`Contact: ${email}`);

    await done.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});
