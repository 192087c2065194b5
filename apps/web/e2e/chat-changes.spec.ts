import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { signIn } from './sign-in';

// Changes to a conversation after the fact, seen live from a second browser (decision 101): the
// traveller edits and deletes their message while the organizer watches; Gallop support hides a
// message and freezes the support chat while the traveller watches; a question asked from a tour
// page; a message written offline. Accounts are the seeded demo ones
// (apps/api-demo/src/seed/chat.ts).

const TRAVELLER = 'traveller@gallop.test';
const ORGANIZER = 'organizer@gallop.test';
const SUPPORT = 'support@gallop.test';

async function realtimeConnected(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-chat-realtime', 'connected', {
    timeout: 15_000,
  });
}

const bubble = (page: Page, text: string) => page.locator('.chat-message', { hasText: text });

async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await expect(bubble(page, text)).toHaveAttribute('data-status', 'success');
}

/** Opens a conversation of the list by its accessible name; answers its path. */
async function openConversation(page: Page, name: RegExp): Promise<string> {
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  return new URL(page.url()).pathname;
}

/** A second browser, signed in as `login`, with the conversation at `path` open. */
async function watcher(browser: Browser, login: string, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login, path);
  await realtimeConnected(page);
  return { page, close: () => context.close() };
}

/** The ids of the signed-in user's chats (through the web server, with the page's cookies). */
async function chatIds(page: Page): Promise<number[]> {
  const response = await page.request.get('/crm/api/chat/list?limit=100');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: number }[] }).items.map((chat) => chat.id);
}

test.describe('changing a conversation', () => {
  test('the traveller edits and deletes a message; the organizer sees both live', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    // The demo traveller's conversation with the demo organizer: the chat both of them have.
    const context = await browser.newContext();
    const organizerPage = await context.newPage();
    await signIn(organizerPage, ORGANIZER, '/chat');
    await signIn(page, TRAVELLER, '/chat');
    const theirs = new Set(await chatIds(organizerPage));
    const shared = (await chatIds(page)).find((id) => theirs.has(id));
    expect(shared, 'the seeded conversation').toBeDefined();
    const path = `/chat/${shared}`;
    await page.goto(path);
    await realtimeConnected(page);
    await organizerPage.goto(path);
    await realtimeConnected(organizerPage);
    const organizer = { page: organizerPage, close: () => context.close() };

    const text = `Can we start a day late? ${stamp}`;
    await send(page, text);
    await expect(bubble(organizer.page, text)).toBeVisible({ timeout: 15_000 });
    // The other side's message offers the organizer nothing to change.
    await expect(bubble(organizer.page, text).getByRole('button', { name: 'Edit' })).toHaveCount(0);

    const edited = `Can we start two days late? ${stamp}`;
    await bubble(page, text).getByRole('button', { name: 'Edit' }).click();
    const box = page.getByRole('textbox', { name: 'Edit message' });
    await box.fill(edited);
    await box.press('Enter');
    await expect(bubble(page, edited)).toContainText('edited');
    await expect(bubble(organizer.page, edited)).toContainText('edited', { timeout: 15_000 });

    await bubble(page, edited).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(bubble(organizer.page, edited)).toHaveCount(0, { timeout: 15_000 });
    await expect(organizer.page.getByText('Message deleted').last()).toBeVisible();
    await expect(page.getByText('Message deleted').last()).toBeVisible();
    await organizer.close();
  });

  test('support hides a message and freezes the chat; the traveller sees it live', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signIn(page, TRAVELLER, '/chat');
    await realtimeConnected(page);
    const path = await openConversation(page, /^Gallop support/);
    const supportAgent = await watcher(browser, SUPPORT, path);

    const text = `Can I pay the organizer in cash instead? ${stamp}`;
    await send(page, text);
    const seen = bubble(supportAgent.page, text);
    await expect(seen).toBeVisible({ timeout: 15_000 });
    await seen.getByRole('button', { name: 'Hide' }).click();
    await supportAgent.page
      .getByRole('alertdialog', { name: 'Hide this message?' })
      .getByRole('button', { name: 'Hide' })
      .click();
    await expect(bubble(page, text)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText('Hidden by Gallop support').last()).toBeVisible();

    await supportAgent.page.getByRole('button', { name: 'Freeze chat' }).click();
    await expect(
      page.getByText(
        'Gallop support has closed this conversation: you can read it, but new messages cannot be sent.',
      ),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();

    // Unfrozen again, the traveller can write (and the demo chat is left as it was).
    await supportAgent.page.getByRole('button', { name: 'Unfreeze chat' }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 15_000 });
    await supportAgent.close();
  });

  test('a question from a tour page opens the chat about that tour, sent once', async ({
    page,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const { items } = (await (await request.get('/spa/tours')).json()) as {
      items: { slug: string; name: string }[];
    };
    const tour = items[0]!;
    await signIn(page, TRAVELLER, `/${tour.slug}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Message the organizer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Message the organizer' });
    await expect(dialog).toContainText(tour.name);
    const question = `Is this tour fine for a beginner? ${stamp}`;
    await dialog.getByLabel('Your question').fill(question);
    await dialog.getByRole('button', { name: 'Send message' }).click();

    // The address changes before the chat's loader and lazy chunk finish: on a loaded CI machine
    // that took longer than the default 5 s, twice in one run.
    await expect(page).toHaveURL(/\/chat\/\d+$/);
    await expect(
      page.getByRole('link', { name: new RegExp(`About the tour ${tour.name}`) }),
    ).toBeVisible({ timeout: 15_000 });
    await expect(bubble(page, question)).toHaveCount(1);
    await page.reload();
    await waitForHydration(page);
    await expect(bubble(page, question)).toHaveCount(1);
  });

  test('a message written offline waits and is sent once when the connection returns', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    await signIn(page, TRAVELLER, '/chat');
    await realtimeConnected(page);
    await openConversation(page, /^Gallop support/);
    await waitForHydration(page);
    // The conversation is on screen before the connection drops: a part still loading when it
    // does waits for the connection to come back (decision 101).
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeVisible();

    await context.setOffline(true);
    const text = `Written on the train ${stamp}`;
    await box.fill(text);
    await box.press('Enter');
    await expect(bubble(page, text)).toHaveAttribute('data-status', 'waiting');
    await expect(bubble(page, text)).toContainText(
      'No connection: it will be sent when you are back online',
    );

    await context.setOffline(false);
    await expect(bubble(page, text)).toHaveAttribute('data-status', 'success', {
      timeout: 30_000,
    });
    await page.reload();
    await waitForHydration(page);
    await expect(bubble(page, text)).toHaveCount(1);
  });
});
