import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import {
  chatConnectionCodes,
  chatMessengerLinks,
  chatNotificationMutes,
  outbox,
  users,
} from '#src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { testDatabaseKind } from '#src/testing/database.ts';
import { testEnv } from '#src/testing/env.ts';
import {
  BOT_MESSAGE_LIMIT,
  botSecrets,
  botWebhookPath,
  DEV_BOT_SECRETS,
  type BotSource,
} from './bots.ts';
import { sourceId } from './notifications.ts';
import { connected, listenOnLoopback, next, socketClients } from './socket-clients.ts';
import { chatAccount, unoccupiedOrganizer } from './testing.ts';

let testApp: TestApp;
let db: Database;
let baseUrl: string;
const { open, disconnectAll } = socketClients();

beforeAll(async () => {
  testApp = await buildTestApp({ PUBLIC_URL: 'https://gallop.example' });
  db = testApp.database.db;
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());
afterEach(() => disconnectAll());

const call = contractCaller(() => testApp.app);
const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** A Telegram private chat id nobody else in this run uses. */
const telegramChatId = () => randomInt(1_000_000, 2 ** 40);

function telegram(
  payload: unknown,
  /** `null` sends no secret header. */
  secret: string | null = DEV_BOT_SECRETS.telegram,
) {
  return testApp.app.inject({
    method: 'POST',
    url: botWebhookPath('telegram'),
    headers: {
      ...(secret === null ? {} : { [TELEGRAM_SECRET_HEADER]: secret }),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload as object,
  });
}

/** A Telegram Update with a private chat's text message. */
const update = (chatId: number, text: string) => ({
  update_id: randomInt(1, 2 ** 31),
  message: {
    message_id: 7,
    date: 1_764_000_000,
    from: { id: chatId, is_bot: false, first_name: 'Maya' },
    chat: { id: chatId, type: 'private', first_name: 'Maya' },
    text,
  },
});

async function connectionCode(token: string, source: BotSource = 'telegram'): Promise<string> {
  const issued = await call(
    'generateChatConnectionCode',
    'POST',
    '/crm/api/chat/generate-connection-code',
    { token, payload: { source_id: sourceId(source) } },
  );
  expect(issued.status).toBe(200);
  return issued.body.code as string;
}

/** A traveller with a chat with an organizer (muted when asked), and their socket. */
async function traveller({ muted = false } = {}) {
  const organizer = await unoccupiedOrganizer(db);
  const account = await chatAccount(db);
  const staff = await chatAccount(db, 'organizer', organizer.id);
  const opened = await call(
    'getChatWithOrganizer',
    'POST',
    '/crm/api/chat/get-chat-with-organizer',
    {
      token: account.token,
      payload: { organizer_id: organizer.id, message: 'Hello' },
    },
  );
  const chat = opened.body;
  if (muted) {
    const off = await call(
      'disableChatNotifications',
      'POST',
      '/crm/api/chat/disable-notifications',
      { token: account.token, payload: { chat_id: chat.id } },
    );
    expect(off.status).toBe(200);
  }
  return { ...account, staff, chat };
}

const repliesTo = (recipient: string | number, channel: BotSource = 'telegram') =>
  db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, channel), eq(outbox.recipient, String(recipient))))
    .orderBy(outbox.id);

const linkOf = async (userId: number, source: BotSource = 'telegram') =>
  (
    await db
      .select()
      .from(chatMessengerLinks)
      .where(and(eq(chatMessengerLinks.userId, userId), eq(chatMessengerLinks.source, source)))
  )[0];

const notificationState = async (token: string, chatId: number) => {
  const listed = await call(
    'listChatsForNotifications',
    'GET',
    '/crm/api/chat/chats-for-notifications',
    { token },
  );
  const chat = listed.body.items.find((item: Json) => item.id === chatId);
  return {
    notifications_enabled: chat.notifications_enabled,
    messenger_was_activated: chat.messenger_was_activated,
  };
};

describe('the Telegram webhook', () => {
  it('answers 401 without the secret, with a wrong one, and before looking at the body', async () => {
    for (const secret of [null, '', 'wrong-secret', `${DEV_BOT_SECRETS.telegram}x`]) {
      const answer = await telegram(update(telegramChatId(), 'ABCDEF'), secret);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: 'Unauthorized' });
    }
    expect((await telegram('{not json', 'wrong-secret')).statusCode).toBe(401);
    // The other messenger's secret is not this one's.
    expect((await telegram(update(1, 'ABCDEF'), DEV_BOT_SECRETS.whatsapp)).statusCode).toBe(401);
  });

  it('answers 400 with a message to a body that is not a Telegram update', async () => {
    for (const payload of [
      '{not json',
      {},
      { update_id: 'x' },
      { update_id: 1, message: { text: 'ABCDEF' } },
      { update_id: 1, message: { chat: { id: 'abc' }, text: 'ABCDEF' } },
      [1, 2],
    ]) {
      const answer = await telegram(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
  });

  it('links the messenger with "/start CODE", turns muted chats back on live and confirms', async () => {
    const user = await traveller({ muted: true });
    expect(await notificationState(user.token, user.chat.id)).toEqual({
      notifications_enabled: false,
      messenger_was_activated: false,
    });
    const socket = open(baseUrl, user.token);
    await connected(socket);
    const enabled = next(socket, 'crm_user_chat_notifications_enabled');
    const code = await connectionCode(user.token);
    const chatId = telegramChatId();

    const answer = await telegram(update(chatId, `/start ${code}`));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });

    expect(await enabled).toEqual({ chat_id: user.chat.id, enabled: true });
    expect(await linkOf(user.user.id)).toMatchObject({ externalId: String(chatId) });
    expect(
      await db
        .select()
        .from(chatNotificationMutes)
        .where(eq(chatNotificationMutes.userId, user.user.id)),
    ).toEqual([]);
    expect(await notificationState(user.token, user.chat.id)).toEqual({
      notifications_enabled: true,
      messenger_was_activated: true,
    });
    const [confirmation, ...more] = await repliesTo(chatId);
    expect(more).toEqual([]);
    expect(confirmation).toMatchObject({
      kind: 'chat-messenger-linked',
      channel: 'telegram',
      subject: 'Chat notifications are on',
      sentAt: null,
    });
    expect(confirmation!.body).toContain('https://gallop.example/chat');

    // From now on a reply the traveller misses (no page open) goes to the linked chat.
    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: user.staff.token,
      payload: { chat_id: user.chat.id, message: 'Your horse is ready' },
    });
    const notice = (await repliesTo(chatId)).find((row) => row.kind === 'chat-new-message');
    expect(notice?.body).toContain('Your horse is ready');
  });

  it('answers a used code with the failure reply and changes no link', async () => {
    const user = await traveller();
    const code = await connectionCode(user.token);
    const first = telegramChatId();
    const second = telegramChatId();
    expect((await telegram(update(first, `/start ${code}`))).statusCode).toBe(200);

    const reused = await telegram(update(second, `/start ${code}`));
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toEqual({ ok: true });
    expect(await linkOf(user.user.id)).toMatchObject({ externalId: String(first) });
    const [failure, ...more] = await repliesTo(second);
    expect(more).toEqual([]);
    expect(failure).toMatchObject({
      kind: 'chat-messenger-code-failed',
      channel: 'telegram',
      subject: 'The code did not work',
    });
    expect(failure!.body).toContain('"Notify me"');
  });

  it('takes a bare code as typed, in any case', async () => {
    const user = await traveller({ muted: true });
    const code = await connectionCode(user.token);
    const chatId = telegramChatId();
    expect((await telegram(update(chatId, ` ${code.toLowerCase()} `))).statusCode).toBe(200);
    expect(await linkOf(user.user.id)).toMatchObject({ externalId: String(chatId) });
    expect((await notificationState(user.token, user.chat.id)).notifications_enabled).toBe(true);
    expect((await repliesTo(chatId)).map((row) => row.kind)).toEqual(['chat-messenger-linked']);
  });

  it('explains itself to other text, leaves other deep links and groups alone', async () => {
    const chatId = telegramChatId();
    for (const text of ['hello there', '/start']) {
      expect((await telegram(update(chatId, text))).json()).toEqual({ ok: true });
    }
    expect((await repliesTo(chatId)).map((row) => row.kind)).toEqual([
      'chat-messenger-help',
      'chat-messenger-help',
    ]);

    // Support's deep links (listChatSources), a sticker without text, another update kind.
    const other = telegramChatId();
    const user = await traveller();
    const code = await connectionCode(user.token);
    const group = {
      ...update(other, code),
      message: { chat: { id: -other, type: 'group' }, text: code },
    };
    for (const payload of [
      update(other, '/start request_42-client_7'),
      { update_id: 5, message: { chat: { id: other, type: 'private' } } },
      { update_id: 6, edited_message: { chat: { id: other }, text: code } },
      group,
    ]) {
      const answer = await telegram(payload);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
    }
    expect(await repliesTo(other)).toEqual([]);
    expect(await repliesTo(-other)).toEqual([]);
    expect(await linkOf(user.user.id)).toBeUndefined();
  });

  it('drops what one chat sends beyond the limit, still with 200', async () => {
    const chatId = telegramChatId();
    for (let i = 0; i < BOT_MESSAGE_LIMIT + 2; i += 1) {
      const answer = await telegram(update(chatId, 'ZZZZZ2'));
      expect(answer.statusCode).toBe(200);
    }
    expect(await repliesTo(chatId)).toHaveLength(BOT_MESSAGE_LIMIT);
    // Another chat is not held back.
    const other = telegramChatId();
    await telegram(update(other, 'ZZZZZ2'));
    expect(await repliesTo(other)).toHaveLength(1);
  });
});

describe('the WhatsApp bridge webhook', () => {
  const whatsapp = (payload: object, secret: string = DEV_BOT_SECRETS.whatsapp) =>
    testApp.app.inject({
      method: 'POST',
      url: botWebhookPath('whatsapp'),
      headers: { 'x-gallop-bot-secret': secret },
      payload,
    });

  it('links with { external_id, text } and its own secret', async () => {
    const user = await traveller();
    const code = await connectionCode(user.token, 'whatsapp');
    const phone = `1415555${randomInt(1000, 9999)}`;
    expect(
      (await whatsapp({ external_id: phone, text: code }, DEV_BOT_SECRETS.telegram)).statusCode,
    ).toBe(401);
    expect((await whatsapp({ external_id: phone })).statusCode).toBe(400);
    expect((await whatsapp({ external_id: phone, text: code, extra: 1 })).statusCode).toBe(400);

    const answer = await whatsapp({ external_id: phone, text: `Code: ${code}` });
    expect(answer.json()).toEqual({ ok: true });
    expect(await linkOf(user.user.id, 'whatsapp')).toBeUndefined();
    await whatsapp({ external_id: phone, text: code });
    expect(await linkOf(user.user.id, 'whatsapp')).toMatchObject({ externalId: phone });
    expect((await repliesTo(phone, 'whatsapp')).map((row) => row.kind)).toEqual([
      'chat-messenger-help',
      'chat-messenger-linked',
    ]);
  });
});

describe('the webhook secrets', () => {
  it('default to development constants, except in production', () => {
    expect(botSecrets(testEnv())).toEqual(DEV_BOT_SECRETS);
    expect(botSecrets(testEnv({ NODE_ENV: 'production' }))).toEqual({});
    const telegramSecret = 'a-real_secret-0123456789';
    expect(
      botSecrets(testEnv({ NODE_ENV: 'production', TELEGRAM_BOT_SECRET: telegramSecret })),
    ).toEqual({ telegram: telegramSecret });
    // Telegram's secret_token allows only A-Z, a-z, 0-9, _ and -.
    expect(() => testEnv({ TELEGRAM_BOT_SECRET: 'has spaces in it, sixteen+' })).toThrow(
      /TELEGRAM_BOT_SECRET/,
    );
  });

  it('serves no webhook without a secret in production', async () => {
    const production = await buildTestApp({ NODE_ENV: 'production' });
    try {
      const answer = await production.app.inject({
        method: 'POST',
        url: botWebhookPath('telegram'),
        headers: { [TELEGRAM_SECRET_HEADER]: DEV_BOT_SECRETS.telegram },
        payload: update(1, 'ABCDEF'),
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('a new password ends the messenger links (decision 198)', () => {
  /** A client address of its own: the reset calls are limited per address. */
  const freshIp = () => `10.59.${randomInt(0, 256)}.${randomInt(1, 255)}`;

  /** Resets `email`'s password by the link mailed to it (the calls the web makes). */
  async function reset(email: string, password: string) {
    const recovered = await testApp.app.inject({
      method: 'POST',
      url: '/crm/api/user/password-recovery',
      remoteAddress: freshIp(),
      payload: { email },
    });
    expect(recovered.statusCode).toBe(200);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'reset-password')))
      .orderBy(desc(outbox.id))
      .limit(1);
    const link = new URL(mail!.body.match(/https?:\/\/\S+/)![0]);
    return () =>
      testApp.app.inject({
        method: 'POST',
        url: '/crm/api/user/password-reset',
        remoteAddress: freshIp(),
        payload: { token: link.searchParams.get('password_reset_token'), password },
      });
  }

  it('a messenger linked before no longer gets the replies; a code of before links nothing', async () => {
    const user = await traveller();
    // A session of before links a messenger, and keeps a code for another one.
    const linked = telegramChatId();
    await telegram(update(linked, `/start ${await connectionCode(user.token)}`));
    expect(await linkOf(user.user.id)).toMatchObject({ externalId: String(linked) });
    const kept = await connectionCode(user.token, 'whatsapp');

    const answer = await (await reset(user.user.email!, 'Owner#Takes-Back-2027x'))();
    expect(answer.statusCode).toBe(200);

    expect(await linkOf(user.user.id), 'the messenger of before stays linked').toBeUndefined();
    const sent = await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: user.staff.token,
      payload: { chat_id: user.chat.id, message: 'Your new booking code is 4471' },
    });
    expect(sent.status).toBe(200);
    const notices = (await repliesTo(linked)).filter((row) => row.kind === 'chat-new-message');
    expect(notices, 'a reply after the reset went to the messenger of before').toEqual([]);

    const phone = `1415555${randomInt(1000, 9999)}`;
    const redeemed = await testApp.app.inject({
      method: 'POST',
      url: botWebhookPath('whatsapp'),
      headers: { 'x-gallop-bot-secret': DEV_BOT_SECRETS.whatsapp },
      payload: { external_id: phone, text: kept },
    });
    expect(redeemed.statusCode).toBe(200);
    expect(await linkOf(user.user.id, 'whatsapp'), 'a code of before linked').toBeUndefined();
    expect((await repliesTo(phone, 'whatsapp')).map((row) => row.kind)).toEqual([
      'chat-messenger-code-failed',
    ]);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'redeems a code sent while a password is being set after it, without a deadlock',
    async () => {
      const user = await chatAccount(db);
      const code = await connectionCode(user.token);
      const chatId = telegramChatId();
      let sent: ReturnType<typeof telegram> | undefined;
      // What accounts' `setPassword` does, in its order: the account's row lock, then (the bot's
      // message meanwhile under way) the codes and links end.
      await db.transaction(async (tx) => {
        await tx.select().from(users).where(eq(users.id, user.user.id)).for('update');
        sent = telegram(update(chatId, `/start ${code}`));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx
          .update(chatConnectionCodes)
          .set({ usedAt: new Date() })
          .where(
            and(eq(chatConnectionCodes.userId, user.user.id), isNull(chatConnectionCodes.usedAt)),
          );
        await tx.delete(chatMessengerLinks).where(eq(chatMessengerLinks.userId, user.user.id));
      });
      expect((await sent!).statusCode).toBe(200);
      expect(await linkOf(user.user.id)).toBeUndefined();
      // The bot waited for the password and found its code ended (not a deadlock's rollback).
      expect((await repliesTo(chatId)).map((row) => row.kind)).toEqual([
        'chat-messenger-code-failed',
      ]);
    },
  );

  it('leaves no link to a code sent to the bot while the password is reset', async () => {
    // On PostgreSQL (CI, `api-postgres`) the two really overlap: the code is sent at offsets
    // spread over the time a reset takes.
    const rounds = 24;
    let linkedLeft = 0;
    const round = async (index: number) => {
      const user = await chatAccount(db);
      const code = await connectionCode(user.token);
      const setPassword = await reset(user.user.email!, `Owner#Takes-Back-${index}x`);
      const [answer, sent] = await Promise.all([
        setPassword(),
        new Promise((resolve) => setTimeout(resolve, (index % 8) * 6)).then(() =>
          telegram(update(telegramChatId(), `/start ${code}`)),
        ),
      ]);
      expect(answer.statusCode).toBe(200);
      expect(sent.statusCode).toBe(200);
      if (await linkOf(user.user.id)) linkedLeft += 1;
    };
    for (let first = 0; first < rounds; first += 4) {
      await Promise.all([0, 1, 2, 3].map((lane) => round(first + lane)));
    }
    expect(linkedLeft, 'messengers linked by a code of before, after the reset').toBe(0);
  });
});
