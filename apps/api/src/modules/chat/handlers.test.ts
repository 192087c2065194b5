import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { publicTour } from '#src/modules/catalog/index.ts';
import { DEMO_MESSENGERS as MESSENGERS, DEMO_ORGANIZER, DEMO_TRAVELLER } from '@gallop/api-demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  chatMessages,
  chatMessengerLinks,
  chats,
  outbox,
  tourDates,
  tours,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { pdfFile, uploadCaller } from '#src/modules/uploads/testing.ts';
import { SUPPORT_TITLE, SUPPORT_WELCOME } from './chats.ts';
import { SUPPORT_NOT_TRAVELLER } from './handlers.ts';
import { storeMessage } from './messages.ts';
import { MESSENGER_SOURCES, redeemConnectionCode, sourceId } from './notifications.ts';
import { chatAccount, unoccupiedOrganizer, untilAttachmentSettled, type Role } from './testing.ts';

const SEND_LIMIT = 12;
let testApp: TestApp;
let db: Database;

beforeAll(async () => {
  testApp = await buildTestApp({
    CHAT_SEND_LIMIT: String(SEND_LIMIT),
    PUBLIC_WRITE_LIMIT: '1000',
    PUBLIC_URL: 'https://gallop.example',
  });
  db = testApp.database.db;
});
afterAll(() => testApp.close());

const call = contractCaller(() => testApp.app);
const upload = uploadCaller(() => testApp.app);

const account = (role: Role = 'client', organizerId?: number) => chatAccount(db, role, organizerId);
const freeOrganizer = (except?: number) => unoccupiedOrganizer(db, except);

async function tourOf(organizerId: number) {
  const [tour] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.organizerId, organizerId), publicTour()))
    .orderBy(asc(tours.id))
    .limit(1);
  return tour!;
}

/** A traveller, an organizer with one staff account, and their chat. */
async function conversation(message?: string, except?: number) {
  const organizer = await freeOrganizer(except);
  const [traveller, staff] = await Promise.all([account(), account('organizer', organizer.id)]);
  const opened = await openChat(traveller.token, {
    organizer_id: organizer.id,
    ...(message ? { message } : {}),
  });
  expect(opened.status).toBe(200);
  return { organizer, traveller, staff, chat: opened.body };
}

const openChat = (token: string, payload: object) =>
  call('getChatWithOrganizer', 'POST', '/crm/api/chat/get-chat-with-organizer', { token, payload });
const connectionCode = (token: string, sourceId: number) =>
  call('generateChatConnectionCode', 'POST', '/crm/api/chat/generate-connection-code', {
    token,
    payload: { source_id: sourceId },
  });
const send = (token: string, payload: object) =>
  call('sendChatMessage', 'POST', '/crm/api/chat/send-message', { token, payload });
const messages = (token: string, chatId: number, offset = 0) =>
  call('getChatMessages', 'GET', `/crm/api/chat/get-messages?chat_id=${chatId}&offset=${offset}`, {
    token,
  });
const unread = (token: string, organizerId?: number) =>
  call(
    'getChatUnreadCount',
    'GET',
    `/crm/api/chat/unread-count${organizerId === undefined ? '' : `?organizer_id=${organizerId}`}`,
    { token },
  );
const getChat = (token: string, chatId: number) =>
  call('getChat', 'GET', `/crm/api/chat/get-chat?chat_id=${chatId}`, { token });

describe('signing in', () => {
  it.each([
    ['listChats', 'GET', '/crm/api/chat/list'],
    ['getChat', 'GET', '/crm/api/chat/get-chat?chat_id=1'],
    ['getChatMessages', 'GET', '/crm/api/chat/get-messages?chat_id=1'],
    ['getChatUnreadCount', 'GET', '/crm/api/chat/unread-count'],
    ['getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support'],
    ['listChatChannels', 'GET', '/crm/api/chat/channels-list'],
    ['listChatsForNotifications', 'GET', '/crm/api/chat/chats-for-notifications'],
    ['listBookingRequestsForChat', 'GET', '/crm/api/request/list-for-chat?chat_id=1'],
  ] as const)('%s answers 401 without a session', async (operationId, method, url) => {
    const { status, body } = await call(operationId, method, url);
    expect(status).toBe(401);
    expect(body.message).toBe('Unauthorized');
  });

  it.each([
    ['markChatAsRead', '/crm/api/chat/mark-as-read', { chat_id: 1 }],
    ['sendChatMessage', '/crm/api/chat/send-message', { chat_id: 1, message: 'Hi' }],
    ['getChatWithOrganizer', '/crm/api/chat/get-chat-with-organizer', { organizer_id: 1 }],
    ['generateChatConnectionCode', '/crm/api/chat/generate-connection-code', { source_id: 1 }],
    ['disableChatNotifications', '/crm/api/chat/disable-notifications', { chat_id: 1 }],
  ] as const)('%s answers 401 with an unknown token', async (operationId, url, payload) => {
    const { status } = await call(operationId, 'POST', url, { payload, token: 'not-a-token' });
    expect(status).toBe(401);
  });
});

describe('the chat with an organizer', () => {
  it('opens a chat with a first message, and gives the same chat the next time', async () => {
    const organizer = await freeOrganizer();
    const tour = await tourOf(organizer.id);
    const traveller = await account();
    const first = await openChat(traveller.token, {
      organizer_id: organizer.id,
      tour_id: tour.id,
      message: '  Is the 12 May date still open?  ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      title: organizer.name,
      kind: 'organizer',
      organizer: { id: organizer.id, name: organizer.name },
      tour_id: tour.id,
      unread_count: 0,
      is_frozen: false,
      notifications_enabled: true,
      messenger_was_activated: false,
      last_message: { type: 'output', message: 'Is the 12 May date still open?' },
    });

    const again = await openChat(traveller.token, { organizer_id: organizer.id });
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.tour_id).toBe(tour.id);
    const stored = await db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, first.body.id));
    expect(Number(stored[0]!.n)).toBe(1);
  });

  it('asks from a tour page: the chat shows the tour, and a retried call stores the question once', async () => {
    const organizer = await unoccupiedOrganizer(db, undefined, 2);
    const [first, second] = await db
      .select({ id: tours.id, name: tours.name, slug: tours.slug })
      .from(tours)
      .where(and(eq(tours.organizerId, organizer.id), publicTour()))
      .orderBy(asc(tours.id))
      .limit(2);
    const traveller = await account();
    const question = {
      organizer_id: organizer.id,
      tour_id: first!.id,
      message: 'Which horses do you ride?',
      client_id: randomUUID(),
    };
    const asked = await openChat(traveller.token, question);
    expect(asked.status).toBe(200);
    expect(asked.body.tour).toMatchObject({ id: first!.id, name: first!.name, slug: first!.slug });
    expect(asked.body.tour.image.image).toContain('{{size}}');
    expect(asked.body.last_message).toMatchObject({
      type: 'output',
      message: 'Which horses do you ride?',
      client_id: question.client_id,
    });
    // The answer was lost and the page sent it again: the same chat, the question stored once.
    const retried = await openChat(traveller.token, question);
    expect(retried.body.id).toBe(asked.body.id);
    expect(retried.body.last_message.id).toBe(asked.body.last_message.id);
    const stored = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, asked.body.id));
    expect(stored).toHaveLength(1);

    // A question about another tour of the organizer makes it the chat's subject ...
    const other = await openChat(traveller.token, {
      organizer_id: organizer.id,
      tour_id: second!.id,
      message: 'And on this one?',
      client_id: randomUUID(),
    });
    expect(other.body).toMatchObject({ id: asked.body.id, tour: { id: second!.id } });
    // ... and opening the chat from a tour page without a question does not.
    const visit = await openChat(traveller.token, {
      organizer_id: organizer.id,
      tour_id: first!.id,
    });
    expect(visit.body.tour.id).toBe(second!.id);
  });

  it('answers 404 for an unknown organizer and 422 for a tour of another organizer', async () => {
    const traveller = await account();
    const missing = await openChat(traveller.token, { organizer_id: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Organizer not found');

    const organizer = await freeOrganizer();
    const [otherTour] = await db
      .select({ id: tours.id })
      .from(tours)
      .where(sql`${tours.organizerId} <> ${organizer.id}`)
      .limit(1);
    const wrong = await openChat(traveller.token, {
      organizer_id: organizer.id,
      tour_id: otherTour!.id,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.tour_id).toEqual(['This tour is not run by this organizer']);
  });

  it("shows each message as 'output' to its writer and 'input' to the other side", async () => {
    const { traveller, staff, chat } = await conversation('Hello, do you have a group in June?');
    const reply = await send(staff.token, { chat_id: chat.id, message: 'Yes, from 14 June.' });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ type: 'output', message: 'Yes, from 14 June.' });

    const travellerView = await messages(traveller.token, chat.id);
    expect(travellerView.body.items.map((m: Json) => [m.type, m.message])).toEqual([
      ['input', 'Yes, from 14 June.'],
      ['output', 'Hello, do you have a group in June?'],
    ]);
    const staffView = await messages(staff.token, chat.id);
    expect(staffView.body.items.map((m: Json) => m.type)).toEqual(['output', 'input']);
    // The organizer replied, so it has read the traveller's message.
    expect(travellerView.body.items[1].is_read).toBe(true);
    expect(travellerView.body.items[0].is_read).toBe(false);
  });

  it("lists the organizer's chats for its staff, titled with the traveller's name", async () => {
    const { organizer, staff, chat } = await conversation('Hi there');
    const list = await call('listChats', 'GET', '/crm/api/chat/list', { token: staff.token });
    expect(list.status).toBe(200);
    const found = list.body.items.find((item: Json) => item.id === chat.id);
    expect(found).toMatchObject({
      title: 'Maya Hart',
      unread_count: 1,
      organizer: { id: organizer.id },
    });
    expect(found.last_message.type).toBe('input');
    // The staff account may not open a chat with its own organizer.
    const own = await openChat(staff.token, { organizer_id: organizer.id });
    expect(own.status).toBe(422);
  });

  it("answers 404 'Chat not found' to anyone outside the chat", async () => {
    const { chat } = await conversation('Private question');
    const stranger = await account();
    const otherStaff = await account('organizer', (await freeOrganizer()).id);
    for (const token of [stranger.token, otherStaff.token]) {
      for (const answer of [
        await getChat(token, chat.id),
        await messages(token, chat.id),
        await send(token, { chat_id: chat.id, message: 'Let me in' }),
        await call('markChatAsRead', 'POST', '/crm/api/chat/mark-as-read', {
          token,
          payload: { chat_id: chat.id },
        }),
        await call(
          'listBookingRequestsForChat',
          'GET',
          `/crm/api/request/list-for-chat?chat_id=${chat.id}`,
          {
            token,
          },
        ),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe('Chat not found');
      }
    }
    const missing = await getChat(stranger.token, 2_000_000_000);
    expect(missing.body.message).toBe('Chat not found');
  });
});

describe('sending', () => {
  it('stores a retried send with the same client_id once', async () => {
    const { traveller, chat } = await conversation();
    const clientId = randomUUID();
    const first = await send(traveller.token, {
      chat_id: chat.id,
      message: 'Once',
      client_id: clientId,
    });
    const retry = await send(traveller.token, {
      chat_id: chat.id,
      message: 'Once',
      client_id: clientId,
    });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(first.body.id);
    expect(first.body.client_id).toBe(clientId);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(rows).toHaveLength(1);

    // Retries racing each other are stored once too.
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        send(traveller.token, { chat_id: chat.id, message: 'Twice?', client_id: `${clientId}-r` }),
      ),
    );
    expect(new Set(raced.map((answer) => answer.body.id)).size).toBe(1);
    expect(
      await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id)),
    ).toHaveLength(2);

    const elsewhere = await conversation();
    const reused = await openChat(traveller.token, { organizer_id: elsewhere.organizer.id });
    const clash = await send(traveller.token, {
      chat_id: reused.body.id,
      message: 'Once',
      client_id: clientId,
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.client_id).toBeDefined();
  });

  it('refuses an empty message, an unknown file, a frozen chat and a bad chat id', async () => {
    const { traveller, chat } = await conversation();
    const empty = await send(traveller.token, { chat_id: chat.id, message: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.message).toEqual(['Write a message or attach a file']);
    const file = await send(traveller.token, { chat_id: chat.id, file_id: 2_000_000_000 });
    expect(file.status).toBe(422);
    expect(file.body.errors.file_id).toEqual(['The file was not found: upload it first']);
    const badId = await send(traveller.token, { chat_id: 'abc', message: 'Hi' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors.chat_id).toBeDefined();

    await db.update(chats).set({ isFrozen: true }).where(eq(chats.id, chat.id));
    const frozen = await send(traveller.token, { chat_id: chat.id, message: 'Hello?' });
    expect(frozen.status).toBe(403);
    expect(frozen.body.message).toMatch(/closed/);
    expect((await getChat(traveller.token, chat.id)).body.is_frozen).toBe(true);
  });

  it("attaches the sender's own uploaded file, shown to both sides once it is processed", async () => {
    const { traveller, staff, chat } = await conversation();
    const uploaded = await upload('uploadFile', '/crm/api/file/upload', {
      file: pdfFile('passport scan.pdf'),
      token: traveller.token,
    });
    expect(uploaded.status).toBe(200);
    const sent = await send(traveller.token, { chat_id: chat.id, file_id: uploaded.body.id });
    expect(sent.status).toBe(200);
    // Every attachment is scanned first: no link while it is pending.
    expect(sent.body).toMatchObject({
      message: '',
      file: {
        id: uploaded.body.id,
        name: 'passport scan.pdf',
        url: '',
        download_status: 'pending',
      },
    });
    const staffView = await untilAttachmentSettled(async () =>
      (await messages(staff.token, chat.id)).body.items.find((m: Json) => m.id === sent.body.id),
    );
    expect(staffView).toMatchObject({
      type: 'input',
      file: { name: 'passport scan.pdf', download_status: 'ready' },
    });
    // The message's own link (its private copy of the upload), not the upload's.
    expect(staffView.file.id).not.toBe(uploaded.body.id);
    expect(staffView.file.url).not.toBe(uploaded.body.url);
    const served = await testApp.app.inject({ method: 'GET', url: staffView.file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, no-store');
    // Someone else's upload cannot be attached.
    const stolen = await send(staff.token, { chat_id: chat.id, file_id: uploaded.body.id });
    expect(stolen.status).toBe(422);
  });

  it('asks for a captcha (429) after the per-user limit', async () => {
    const { traveller, chat } = await conversation();
    for (let i = 0; i < SEND_LIMIT; i += 1) {
      expect((await send(traveller.token, { chat_id: chat.id, message: `Line ${i}` })).status).toBe(
        200,
      );
    }
    const over = await send(traveller.token, { chat_id: chat.id, message: 'One more' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      message: 'Too many requests. Please confirm you are not a robot.',
      type: 'captcha',
    });
    // The refused message is not stored: the limit stops the call, not only its answer.
    const stored = await messages(traveller.token, chat.id);
    expect(stored.body.items.map((item: Json) => item.message)).not.toContain('One more');
  });

  it('e-mails an offline organizer once per 15 minutes with a link to the chat', async () => {
    const { traveller, staff, chat } = await conversation();
    await send(traveller.token, { chat_id: chat.id, message: 'Are helmets provided?' });
    await send(traveller.token, { chat_id: chat.id, message: 'And boots?' });
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, staff.user.email!));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'chat-new-message',
      channel: 'email',
      subject: 'You have a new message from Maya Hart',
    });
    expect(mails[0]!.body).toContain(`https://gallop.example/chat/${chat.id}`);
    expect(mails[0]!.body).toContain('Are helmets provided?');

    await send(staff.token, { chat_id: chat.id, message: 'Both, yes.' });
    const [toTraveller] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, traveller.user.email!));
    expect(toTraveller!.subject).toBe(`You have a new message from ${chat.organizer.name}`);
  });
});

describe('reading', () => {
  it('counts unread messages and clears them with mark-as-read', async () => {
    const { organizer, traveller, staff, chat } = await conversation('Hi!');
    await send(staff.token, { chat_id: chat.id, message: 'Hello!' });
    await send(staff.token, { chat_id: chat.id, message: 'How can we help?' });
    expect((await unread(traveller.token)).body).toEqual({ count: 2 });
    expect((await unread(traveller.token, organizer.id)).body).toEqual({ count: 2 });
    expect((await unread(traveller.token, (await freeOrganizer()).id)).body).toEqual({ count: 0 });
    expect((await getChat(traveller.token, chat.id)).body.unread_count).toBe(2);
    expect((await getChat(staff.token, chat.id)).body.unread_count).toBe(0);

    const read = await call('markChatAsRead', 'POST', '/crm/api/chat/mark-as-read', {
      token: traveller.token,
      payload: { chat_id: chat.id },
    });
    expect(read).toEqual({ status: 200, body: { result: true } });
    expect((await unread(traveller.token)).body).toEqual({ count: 0 });
    const staffView = await messages(staff.token, chat.id);
    expect(
      staffView.body.items.filter((m: Json) => m.type === 'output').every((m: Json) => m.is_read),
    ).toBe(true);
  });

  it('pages messages newest first, 20 at a time', async () => {
    const { traveller, staff, chat } = await conversation();
    const [row] = await db.select().from(chats).where(eq(chats.id, chat.id));
    for (let i = 1; i <= 25; i += 1) {
      await storeMessage(db, {
        chat: row!,
        side: i % 2 ? 'client' : 'staff',
        senderId: i % 2 ? traveller.user.id : staff.user.id,
        body: `Message ${i}`,
      });
    }
    const first = await messages(traveller.token, chat.id);
    expect(first.body.items).toHaveLength(20);
    expect(first.body.has_more).toBe(true);
    expect(first.body.items[0].message).toBe('Message 25');
    const second = await messages(traveller.token, chat.id, 20);
    expect(second.body.items.map((m: Json) => m.message)).toEqual([
      'Message 5',
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    expect(second.body.has_more).toBe(false);
  });

  it('lists chats by offset with a total, and filters by organizer', async () => {
    const traveller = await account();
    const [a, b, c] = [await freeOrganizer(), await freeOrganizer(), await freeOrganizer()];
    for (const organizer of [a, b, c]) {
      await openChat(traveller.token, {
        organizer_id: organizer.id,
        message: `Hi ${organizer.name}`,
      });
    }
    const distinct = new Set([a.id, b.id, c.id]).size;
    const page = await call('listChats', 'GET', '/crm/api/chat/list?limit=2&offset=0', {
      token: traveller.token,
    });
    expect(page.body.total).toBe(distinct);
    expect(page.body.items).toHaveLength(Math.min(2, distinct));
    const filtered = await call(
      'listChats',
      'GET',
      `/crm/api/chat/list?tour_organizer_id=${b.id}`,
      {
        token: traveller.token,
      },
    );
    expect(filtered.body.items.map((item: Json) => item.organizer.id)).toEqual([b.id]);
    const bad = await call('listChats', 'GET', '/crm/api/chat/list?limit=0', {
      token: traveller.token,
    });
    expect(bad.status).toBe(400);
  });
});

describe('the support chat', () => {
  it('is created on first use with a welcome, and answered by support accounts', async () => {
    const traveller = await account();
    const opened = await call('getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support', {
      token: traveller.token,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      title: SUPPORT_TITLE,
      kind: 'support',
      unread_count: 1,
      last_message: { type: 'input', message: SUPPORT_WELCOME },
    });
    const again = await call('getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support', {
      token: traveller.token,
    });
    expect(again.body.id).toBe(opened.body.id);
    expect((await messages(traveller.token, opened.body.id)).body.items).toHaveLength(1);

    await send(traveller.token, { chat_id: opened.body.id, message: 'Can I change my dates?' });
    const support = await account('support');
    const staffView = await getChat(support.token, opened.body.id);
    expect(staffView.body).toMatchObject({ title: 'Maya Hart', unread_count: 1 });
    const answer = await send(support.token, { chat_id: opened.body.id, message: 'Of course.' });
    expect(answer.body.type).toBe('output');
    const travellerView = await messages(traveller.token, opened.body.id);
    expect(travellerView.body.items[0]).toMatchObject({ type: 'input', message: 'Of course.' });
  });

  it('refuses support the traveller’s chats (with support, with an organizer): 403, none opened', async () => {
    const support = await account('support');
    const organizer = await freeOrganizer();
    const withSupport = await call(
      'getChatWithSupport',
      'GET',
      '/crm/api/chat/get-chat-with-support',
      { token: support.token },
    );
    const withOrganizer = await openChat(support.token, {
      organizer_id: organizer.id,
      message: 'Hello from support',
    });
    for (const refused of [withSupport, withOrganizer]) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SUPPORT_NOT_TRAVELLER);
    }
    expect(await db.select().from(chats).where(eq(chats.clientId, support.user.id))).toEqual([]);
  });
});

describe('notifications', () => {
  it('lists the messengers whose bot takes codes, links one with a code, and limits codes', async () => {
    const traveller = await account();
    const channels = await call('listChatChannels', 'GET', '/crm/api/chat/channels-list', {
      token: traveller.token,
    });
    expect(channels.status).toBe(200);
    // Both webhooks are served outside production; the site's other messengers (Facebook,
    // Viber, Instagram) have no bot that redeems a code, so they are not offered (decision 059).
    expect(channels.body.items.map((item: Json) => item.source)).toEqual(['telegram', 'whatsapp']);
    const telegram = channels.body.items.find((item: Json) => item.source === 'telegram');
    expect(telegram).toMatchObject({
      source_id: sourceId('telegram'),
      title: 'Telegram',
      is_connected: false,
      url: MESSENGERS.telegram,
    });

    const unknown = await connectionCode(
      traveller.token,
      sourceId(MESSENGER_SOURCES.find((source) => !(source in MESSENGERS))!),
    );
    expect(unknown).toEqual({ status: 404, body: { message: 'Messenger not found' } });
    // On the site's contacts, but no bot of ours would ever see the code.
    const facebook = await connectionCode(traveller.token, sourceId('facebook'));
    expect(facebook).toEqual({
      status: 404,
      body: {
        message:
          'Facebook Messenger cannot be connected: this site has no bot that takes its codes',
      },
    });

    const issued = await connectionCode(traveller.token, telegram.source_id);
    expect(issued.status).toBe(200);
    expect(issued.body.code).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
    expect(await redeemConnectionCode(db, 'telegram', 'WRONG1', 'tg-1')).toBeUndefined();
    expect(
      await redeemConnectionCode(db, 'telegram', issued.body.code.toLowerCase(), 'tg-42'),
    ).toBe(traveller.user.id);
    // A code works once.
    expect(await redeemConnectionCode(db, 'telegram', issued.body.code, 'tg-43')).toBeUndefined();
    const after = await call('listChatChannels', 'GET', '/crm/api/chat/channels-list', {
      token: traveller.token,
    });
    expect(after.body.items.find((item: Json) => item.source === 'telegram').is_connected).toBe(
      true,
    );

    let last = 0;
    for (let i = 0; i < 5; i += 1) {
      last = (await connectionCode(traveller.token, telegram.source_id)).status;
    }
    expect(last).toBe(429);
  });

  it('offers only the messengers whose webhook this process serves, and keeps linked ones shown', async () => {
    // Production with only the WhatsApp bridge's secret: the Telegram webhook is off.
    const whatsappOnly = await buildTestApp({
      NODE_ENV: 'production',
      WHATSAPP_BOT_SECRET: 'whatsapp-bridge-secret-for-tests',
    });
    try {
      const otherDb = whatsappOnly.database.db;
      const callThere = contractCaller(() => whatsappOnly.app);
      const traveller = await chatAccount(otherDb, 'client');
      const list = async () =>
        (
          await callThere('listChatChannels', 'GET', '/crm/api/chat/channels-list', {
            token: traveller.token,
          })
        ).body.items as Json[];
      const codeThere = (source: 'telegram' | 'whatsapp') =>
        callThere('generateChatConnectionCode', 'POST', '/crm/api/chat/generate-connection-code', {
          token: traveller.token,
          payload: { source_id: sourceId(source) },
        });
      expect(await list()).toEqual([
        {
          source: 'whatsapp',
          source_id: sourceId('whatsapp'),
          title: 'WhatsApp',
          is_connected: false,
          url: MESSENGERS.whatsapp,
        },
      ]);
      expect(await codeThere('telegram')).toEqual({
        status: 404,
        body: {
          message: 'Telegram cannot be connected: this site has no bot that takes its codes',
        },
      });
      expect((await codeThere('whatsapp')).status).toBe(200);

      // Linked while their webhooks were on: still shown, in display order (Facebook first while
      // Russian is unavailable), as connected, so the user sees where notices go; without a
      // source_id, since no new code can link them again.
      await otherDb.insert(chatMessengerLinks).values([
        { userId: traveller.user.id, source: 'telegram', externalId: 'tg-linked-before' },
        { userId: traveller.user.id, source: 'facebook', externalId: 'fb-linked-before' },
      ]);
      expect(await list()).toEqual([
        {
          source: 'facebook',
          title: 'Facebook Messenger',
          is_connected: true,
          url: MESSENGERS.facebook,
        },
        { source: 'telegram', title: 'Telegram', is_connected: true, url: MESSENGERS.telegram },
        expect.objectContaining({ source: 'whatsapp', source_id: sourceId('whatsapp') }),
      ]);
      expect((await codeThere('telegram')).status).toBe(404);
    } finally {
      await whatsappOnly.close();
    }
  });

  it('turns a chat off for messenger notifications and stops its messenger messages', async () => {
    const { traveller, staff, chat } = await conversation('Hi');
    const { code } = (await connectionCode(traveller.token, sourceId('telegram'))).body;
    await redeemConnectionCode(db, 'telegram', code, `tg-${traveller.user.id}`);
    const listed = await call(
      'listChatsForNotifications',
      'GET',
      '/crm/api/chat/chats-for-notifications',
      {
        token: traveller.token,
      },
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        id: chat.id,
        notifications_enabled: true,
        messenger_was_activated: true,
      }),
    ]);
    await send(staff.token, { chat_id: chat.id, message: 'Reply one' });
    const telegramMessages = () =>
      db
        .select()
        .from(outbox)
        .where(
          and(eq(outbox.channel, 'telegram'), eq(outbox.recipient, `tg-${traveller.user.id}`)),
        );
    expect(await telegramMessages()).toHaveLength(1);

    const off = await call(
      'disableChatNotifications',
      'POST',
      '/crm/api/chat/disable-notifications',
      {
        token: traveller.token,
        payload: { chat_id: chat.id },
      },
    );
    expect(off).toEqual({ status: 200, body: { result: true } });
    expect((await getChat(traveller.token, chat.id)).body.notifications_enabled).toBe(false);
    await db.update(chats).set({ clientEmailedAt: null }).where(eq(chats.id, chat.id));
    await send(staff.token, { chat_id: chat.id, message: 'Reply two' });
    expect(await telegramMessages()).toHaveLength(1);

    const stranger = await account();
    const denied = await call(
      'disableChatNotifications',
      'POST',
      '/crm/api/chat/disable-notifications',
      {
        token: stranger.token,
        payload: { chat_id: chat.id },
      },
    );
    expect(denied.status).toBe(404);
  });

  it('lists the messenger links to support, with the context in the Telegram start parameter', async () => {
    const plain = await call('listChatSources', 'GET', '/spa/chat-sources-list');
    expect(plain.status).toBe(200);
    expect(plain.body.items.map((item: Json) => item.url).sort()).toEqual(
      Object.values(MESSENGERS).sort(),
    );
    const withContext = await call(
      'listChatSources',
      'GET',
      '/spa/chat-sources-list?request_id=42&client_id=7',
    );
    const telegram = withContext.body.items.find((item: Json) => item.source === 'telegram');
    expect(telegram.url).toBe(`${MESSENGERS.telegram}?start=request_42-client_7`);
    const bad = await call('listChatSources', 'GET', '/spa/chat-sources-list?request_id=x');
    expect(bad.status).toBe(400);
  });
});

describe('booking requests beside a chat', () => {
  it("lists the traveller's requests with the chat's organizer", async () => {
    const [date] = await db
      .select({ id: tourDates.id, tourId: tourDates.tourId, organizerId: tours.organizerId })
      .from(tourDates)
      .innerJoin(tours, eq(tours.id, tourDates.tourId))
      .where(
        and(
          gt(tourDates.startDate, sql`current_date + 60`),
          eq(tourDates.isBusy, false),
          gte(tourDates.numberOfFreeSeats, 8),
          isNull(tourDates.variantName),
          publicTour(),
          eq(tours.minAge, 0),
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    const traveller = await account();
    const booked = await call('createBookingRequest', 'POST', '/crm/api/request/create', {
      token: traveller.token,
      payload: {
        tour_id: date!.tourId,
        tour_date_id: date!.id,
        tourists: [{ first_name: 'Maya', last_name: 'Hart' }],
        contact: { name: 'Maya Hart', email: traveller.user.email, phone: '+14155550199' },
      },
    });
    expect(booked.status).toBe(201);
    const chat = await openChat(traveller.token, { organizer_id: date!.organizerId });
    const listed = await call(
      'listBookingRequestsForChat',
      'GET',
      `/crm/api/request/list-for-chat?chat_id=${chat.body.id}`,
      {
        token: traveller.token,
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: Json) => [item.id, item.chat_id])).toEqual([
      [booked.body.id, chat.body.id],
    ]);
    const other = await conversation(undefined, date!.organizerId);
    const elsewhere = await openChat(traveller.token, { organizer_id: other.organizer.id });
    const none = await call(
      'listBookingRequestsForChat',
      'GET',
      `/crm/api/request/list-for-chat?chat_id=${elsewhere.body.id}`,
      {
        token: traveller.token,
      },
    );
    expect(none.body.items).toEqual([]);

    // Release the seats this test took on the shared database.
    const canceled = await call('cancelBookingRequest', 'POST', '/crm/api/request/cancel', {
      token: traveller.token,
      payload: { id: booked.body.id },
    });
    expect(canceled.status).toBe(200);
  });
});

describe('the demo chat (seed)', () => {
  it('lets the demo organizer sign in and gives the demo traveller both chats', async () => {
    const organizerLogin = await call('login', 'POST', '/crm/api/user/auth', {
      payload: { login: DEMO_ORGANIZER.email, password: DEMO_ORGANIZER.password },
    });
    expect(organizerLogin.status).toBe(200);
    const travellerLogin = await call('login', 'POST', '/crm/api/user/auth', {
      payload: { login: DEMO_TRAVELLER.email, password: DEMO_TRAVELLER.password },
    });
    const token = travellerLogin.body.token as string;
    const list = await call('listChats', 'GET', '/crm/api/chat/list', { token });
    const kinds = list.body.items.map((item: Json) => item.kind).sort();
    expect(kinds).toEqual(['organizer', 'support']);
    const withOrganizer = list.body.items.find((item: Json) => item.kind === 'organizer');
    expect(withOrganizer.unread_count).toBeGreaterThanOrEqual(1);
    const conversationPage = await messages(token, withOrganizer.id);
    const types = new Set(conversationPage.body.items.map((m: Json) => m.type));
    expect(types).toEqual(new Set(['input', 'output']));

    const staffView = await call('listChats', 'GET', '/crm/api/chat/list', {
      token: organizerLogin.body.token,
    });
    expect(staffView.body.items.map((item: Json) => item.id)).toContain(withOrganizer.id);
    const support = await call('getChatWithSupport', 'GET', '/crm/api/chat/get-chat-with-support', {
      token,
    });
    expect(support.body.id).toBe(list.body.items.find((item: Json) => item.kind === 'support').id);
    expect((await messages(token, support.body.id)).body.items.at(-1).message).toBe(
      SUPPORT_WELCOME,
    );
  });
});
