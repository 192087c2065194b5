import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { chatMessengerLinks, outbox } from '#src/db/schema/index.ts';
import { DEV_TOUR_END_PATH } from '#src/modules/bookings/index.ts';
import { sourceId } from '#src/modules/chat/index.ts';
import { chatAccount } from '#src/modules/chat/testing.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller } from '#src/testing/call.ts';
import {
  DEMO_MESSENGER_CHAT,
  DEV_ATTACHMENT_PATH,
  DEV_BOT_PATH,
  DEV_OUTBOX_PATH,
} from './dev-outbox.ts';
import { enqueueMessage } from './outbox.ts';

let testApp: TestApp;
let db: Database;
const call = contractCaller(() => testApp.app);

beforeAll(async () => {
  testApp = await buildTestApp({ DEV_OUTBOX: 'on', PUBLIC_URL: 'https://gallop.example' });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** Posts the page's form as a browser does. */
function sendToBot(fields: Record<string, string>, headers: Record<string, string> = HTML) {
  return testApp.app.inject({
    method: 'POST',
    url: DEV_BOT_PATH,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function connectionCode(token: string): Promise<string> {
  const issued = await call(
    'generateChatConnectionCode',
    'POST',
    '/crm/api/chat/generate-connection-code',
    { token, payload: { source_id: sourceId('telegram') } },
  );
  expect(issued.status).toBe(200);
  return issued.body.code as string;
}

describe('the development outbox as the messengers’ stand-in (decision 068)', () => {
  it('offers a form for each messenger whose bot is served', async () => {
    const page = await testApp.app.inject({ url: DEV_OUTBOX_PATH, headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`action="${DEV_BOT_PATH}"`);
    expect(page.body).toContain('<option value="telegram">Telegram</option>');
    expect(page.body).toContain('<option value="whatsapp">WhatsApp</option>');
    expect(page.body).toContain(`value="${DEMO_MESSENGER_CHAT}"`);
  });

  it('links the messenger chat with a code from the chat, and says so on the page', async () => {
    const { user, token } = await chatAccount(db);
    const code = await connectionCode(token);
    const chat = `demo-${randomUUID()}`;

    const sent = await sendToBot({ source: 'telegram', chat, text: code });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${DEV_OUTBOX_PATH}?bot=linked`);

    const [link] = await db
      .select()
      .from(chatMessengerLinks)
      .where(
        and(eq(chatMessengerLinks.userId, user.id), eq(chatMessengerLinks.source, 'telegram')),
      );
    expect(link?.externalId).toBe(chat);
    const replies = await db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(and(eq(outbox.channel, 'telegram'), eq(outbox.recipient, chat)));
    expect(replies).toEqual([{ kind: 'chat-messenger-linked' }]);

    const page = await testApp.app.inject({ url: sent.headers.location!, headers: HTML });
    expect(page.body).toContain('The bot linked this messenger chat');
    expect(page.body).toContain('Chat notifications are on');
  });

  it('tells a used code apart, and answers a script in JSON', async () => {
    const { token } = await chatAccount(db);
    const code = await connectionCode(token);
    const chat = `demo-${randomUUID()}`;
    expect((await sendToBot({ source: 'telegram', chat, text: code })).statusCode).toBe(303);

    const again = await sendToBot({ source: 'telegram', chat, text: code }, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ outcome: 'code-failed' });
    const chatter = await sendToBot({ source: 'whatsapp', chat, text: 'hello there' }, {});
    expect(chatter.json()).toEqual({ outcome: 'help' });
  });

  it('refuses an incomplete message with 400 and the fields, and hands nothing to the bot', async () => {
    const chat = `demo-${randomUUID()}`;
    const unknown = await sendToBot({ source: 'viber', chat, text: 'K7QX2M' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'The message for the bot is incomplete',
      errors: { source: 'Choose one of: telegram, whatsapp' },
    });
    const empty = await sendToBot({ source: 'telegram', chat, text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { text: expect.any(String) } });
    const noChat = await sendToBot({ source: 'telegram', chat: '', text: 'K7QX2M' });
    expect(noChat.json()).toMatchObject({ errors: { chat: expect.any(String) } });
    const written = await db.select().from(outbox).where(eq(outbox.recipient, chat));
    expect(written).toEqual([]);
  });
});

describe('the development outbox under NODE_ENV=production', () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({ DEV_OUTBOX: 'on', NODE_ENV: 'production' });
  });
  afterAll(() => production.close());

  // It lists every sign-in code and reset link: DEV_OUTBOX=on must not expose it in production.
  it('serves neither the page, nor the bot form, nor the tour-end route', async () => {
    const page = await production.app.inject({ url: DEV_OUTBOX_PATH, headers: HTML });
    expect(page.statusCode).toBe(404);
    const json = await production.app.inject({ url: DEV_OUTBOX_PATH });
    expect(json.statusCode).toBe(404);
    const posted = await production.app.inject({
      method: 'POST',
      url: DEV_BOT_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'source=telegram&chat=x&text=K7QX2M',
    });
    expect(posted.statusCode).toBe(404);
    const tourEnd = await production.app.inject({
      method: 'POST',
      url: DEV_TOUR_END_PATH,
      payload: { id: 1 },
    });
    expect(tourEnd.statusCode).toBe(404);
  });
});

describe('the development outbox’s files', () => {
  it('lists the files of a message and serves each as a download', async () => {
    const recipient = `programme-${randomUUID()}@example.com`;
    const content = Buffer.from(`%PDF-1.3 ${randomUUID()}`);
    await enqueueMessage(
      db,
      { kind: 'tour-program', channel: 'email', recipient, subject: 'Programme', body: 'See PDF' },
      [{ filename: 'steppe ride.pdf', contentType: 'application/pdf', content }],
    );
    const list = await testApp.app.inject({
      url: `${DEV_OUTBOX_PATH}?recipient=${encodeURIComponent(recipient)}`,
    });
    const [message] = list.json<{ messages: { attachments: Record<string, unknown>[] }[] }>()
      .messages;
    const [file] = message!.attachments;
    expect(file).toMatchObject({
      filename: 'steppe ride.pdf',
      content_type: 'application/pdf',
      size: content.length,
      url: expect.stringMatching(new RegExp(`^${DEV_ATTACHMENT_PATH}/\\d+$`)),
    });
    const page = await testApp.app.inject({
      url: `${DEV_OUTBOX_PATH}?recipient=${encodeURIComponent(recipient)}`,
      headers: HTML,
    });
    expect(page.body).toContain(`<a href="${String(file!.url)}">steppe ride.pdf</a>`);

    const download = await testApp.app.inject({ url: String(file!.url) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="steppe_ride.pdf"');
    expect(download.rawPayload.equals(content)).toBe(true);

    const missing = await testApp.app.inject({ url: `${DEV_ATTACHMENT_PATH}/999999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No such attachment' });
  });
});
