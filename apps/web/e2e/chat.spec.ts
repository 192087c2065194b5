import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y';
import { expect, test, waitForHydration } from './fixtures';
import { signIn } from './sign-in';

// The chat end to end: the built web server over the real API and its Socket.IO server
// (playwright.config.ts). The API seeds the demo traveller with a conversation with the first
// organizer and the support chat, and the organizer's account (apps/api-demo/src/seed/chat.ts).

const TRAVELLER = 'traveller@gallop.test';
const ORGANIZER = 'organizer@gallop.test';
const apiUrl = `http://127.0.0.1:${process.env.GALLOP_E2E_API_PORT}`;
/** The API's development secret of the Telegram webhook (DEV_BOT_SECRETS in apps/api). */
const TELEGRAM_DEV_SECRET = 'gallop-telegram-bot-development-secret';

/**
 * The name of the organizer the demo organizer account answers for: its conversation is found by
 * name, since other specs give the demo traveller newer conversations with other organizers.
 */
async function demoOrganizerName(request: APIRequestContext): Promise<string> {
  const signedIn = await request.post(`${apiUrl}/crm/api/user/auth`, {
    headers: { 'Content-Type': 'application/json' },
    data: { login: ORGANIZER, password: 'gallop-demo-1' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token } = (await signedIn.json()) as { token: string };
  const own = await request.get(`${apiUrl}/crm/api/organizer/list`, {
    headers: { 'X-Authorization': `Bearer ${token}` },
  });
  const { items } = (await own.json()) as { items: { name: string }[] };
  expect(items.length, 'the demo organizer answers for an organizer').toBeGreaterThan(0);
  return items[0]!.name;
}

/** The tab's socket is up (ChatRealtime marks the document). */
async function realtimeConnected(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-chat-realtime', 'connected', {
    timeout: 15_000,
  });
}

const messagesLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Messages/ });

async function unreadCount(page: Page): Promise<number> {
  const label = (await messagesLink(page).getAttribute('aria-label')) ?? '';
  return Number(/\((\d+) unread\)/.exec(label)?.[1] ?? 0);
}

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  const bubble = page.locator('.chat-message', { hasText: text });
  await expect(bubble).toHaveAttribute('data-status', 'success');
  await expect(bubble).toHaveClass(/chat-message--own/);
}

test.describe('chat', () => {
  test('signed out, /chat and /chat/{id} send to sign-in with the return address', async ({
    request,
  }) => {
    for (const path of ['/chat', '/chat/1']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeGreaterThanOrEqual(301);
      expect(response.status(), path).toBeLessThan(400);
      const location = new URL(response.headers().location!, 'http://x');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('redirect')).toBe(path);
    }
  });

  test('a non-numeric or foreign chat id is the 404 page', async ({ page }) => {
    await signIn(page, TRAVELLER);
    for (const path of ['/chat/abc', '/chat/999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });

  test('traveller and organizer talk live; the unread badge follows', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const organizerName = await demoOrganizerName(request);
    const organizerChat = new RegExp(`^${organizerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

    // The traveller opens Messages from the header: support pinned first, the organizer's chat.
    await signIn(page, TRAVELLER);
    await realtimeConnected(page);
    await messagesLink(page).click();
    await expect(page).toHaveURL(/\/chat$/);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(list.getByRole('link').first()).toHaveAccessibleName(/^Gallop support/);

    // Support: a message goes out and ends as sent.
    await list.getByRole('link', { name: /^Gallop support/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Gallop support' })).toBeFocused();
    await send(page, `Hello support ${stamp}`);
    await expectNoSeriousA11yViolations(page);

    // The organizer: from their page, 'Message the organizer' opens the same conversation.
    await list.getByRole('link', { name: organizerChat }).first().click();
    await page.getByRole('link', { name: 'Organizer profile and tours' }).click();
    await expect(page).toHaveURL(/\/tour-provider\/\d+$/);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Message the organizer' }).click();
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    const chatPath = new URL(page.url()).pathname;

    // The organizer, in a second browser, has the conversation open.
    const organizerContext = await browser.newContext();
    const organizer = await organizerContext.newPage();
    await signIn(organizer, ORGANIZER, chatPath);
    await realtimeConnected(organizer);
    await realtimeConnected(page);

    const question = `Can we bring our own saddle? ${stamp}`;
    await send(page, question);
    // Arrives live, on the left (the other side's), without a reload.
    const received = organizer.locator('.chat-message', { hasText: question });
    await expect(received).toBeVisible({ timeout: 15_000 });
    await expect(received).not.toHaveClass(/chat-message--own/);

    // The traveller leaves the conversation; the organizer answers.
    await page.getByRole('link', { name: 'Gallop home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await realtimeConnected(page);
    const before = await unreadCount(page);
    const answer = `Yes, bring it along ${stamp}`;
    await send(organizer, answer);

    await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(before + 1);
    await messagesLink(page).click();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: organizerChat })
      .first()
      .click();
    const reply = page.locator('.chat-message', { hasText: answer });
    await expect(reply).toBeVisible();
    await expect(reply).not.toHaveClass(/chat-message--own/);
    // Opening it marks it read: the badge goes back down.
    await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBe(before);
    // The organizer sees their own message as read once the traveller opened the chat.
    await expect(
      organizer.locator('.chat-message', { hasText: answer }).getByText('Read', { exact: true }),
    ).toBeAttached({ timeout: 15_000 });

    await organizerContext.close();
  });

  test('messenger notifications: the code sent to the bot turns them on live, and off returns to the offer', async ({
    page,
    request,
  }) => {
    await signIn(page, TRAVELLER, '/chat');
    await realtimeConnected(page);
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('link', { name: /^Gallop support/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Gallop support' })).toBeFocused();

    // The offer: only the site's messengers whose bot takes the code (decision 059), not its
    // Facebook, Viber or Instagram contacts.
    await page.getByRole('button', { name: 'Notify me' }).click();
    const panel = page.getByRole('group', { name: 'Messenger notifications' });
    await expect(panel.getByText('Get replies in a messenger')).toBeVisible();
    const messengers = panel.getByRole('listitem').getByRole('button');
    await expect(messengers).toHaveCount(2);
    await expect(messengers.nth(0)).toHaveAccessibleName('Telegram');
    await expect(messengers.nth(1)).toHaveAccessibleName('WhatsApp');

    // Telegram: a one-time code, and the bot's link carrying it.
    await panel.getByRole('button', { name: 'Telegram', exact: true }).click();
    const code = panel.locator('code');
    await expect(code).toHaveText(/^[2-9A-Z]{6}$/);
    const codeText = (await code.textContent()) ?? '';
    await expect(panel.getByRole('link', { name: 'Open Telegram' })).toHaveAttribute(
      'href',
      `https://t.me/gallop_support_bot?start=${codeText}`,
    );
    await expect(panel.getByRole('button', { name: 'Copy code' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The traveller sends the code to the bot (Telegram posts the message to the API's webhook,
    // decision 059): the socket turns the panel on, with no reload and no refetch of the list.
    const listLoads: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/crm/api/chat/chats-for-notifications')) listLoads.push(sent.url());
    });
    const telegramChat = 5_000_000 + Math.floor(Math.random() * 1_000_000);
    const delivered = await request.post(`${apiUrl}/crm/api/bots/telegram/webhook`, {
      headers: { 'X-Telegram-Bot-Api-Secret-Token': TELEGRAM_DEV_SECRET },
      data: {
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: telegramChat, type: 'private' },
          text: `/start ${codeText}`,
        },
      },
    });
    expect(delivered.status()).toBe(200);
    expect(await delivered.json()).toEqual({ ok: true });
    await expect(panel.getByText('Replies arrive in your messenger')).toBeVisible();
    expect(listLoads, 'turned on by the socket event, not by a refetch').toEqual([]);
    // The bot's confirmation waits in the outbox for the Telegram chat.
    const outbox = await request.get(`${apiUrl}/dev/outbox?recipient=${telegramChat}`);
    const { messages } = (await outbox.json()) as { messages: { subject: string }[] };
    expect(messages.map((message) => message.subject)).toEqual(['Chat notifications are on']);
    await expect(page.getByRole('button', { name: 'Notifications on' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Off, without a reload: back to the offer; and it stays off after one.
    await panel.getByRole('button', { name: 'Turn off' }).click();
    await expect(panel.getByText('Get replies in a messenger')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notify me' })).toBeVisible();
    const listed = page.waitForResponse('**/crm/api/chat/chats-for-notifications');
    await page.reload();
    await waitForHydration(page);
    await listed;
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(panel.getByText('Get replies in a messenger')).toBeVisible();
  });
});
