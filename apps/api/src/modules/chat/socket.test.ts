import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { createCounterStore } from '#src/http/counter-store.ts';
import { createRateLimits, type RateLimits } from '#src/http/rate-limit.ts';
import { outbox, userSessionRetiredRefresh } from '#src/db/schema/index.ts';
import {
  findSignedByToken,
  hashSecret,
  openSession,
  REFRESH_REUSE_GRACE_MS,
} from '#src/modules/sessions/index.ts';
import { startServer } from '#src/server.ts';
import { buildTestApp, type TestApp } from '#src/testing/app.ts';
import { testEnv, WEB_ORIGIN } from '#src/testing/env.ts';
import { contractCaller, type Json } from '#src/testing/call.ts';
import { attachChatSocket, clientAddressBehind, type ChatSocketServer } from './socket.ts';
import { collect, connected, listenOnLoopback, next, socketClients } from './socket-clients.ts';
import { pngFile, uploadCaller } from '#src/modules/uploads/testing.ts';
import { openSupportChat } from './chats.ts';
import {
  HANDSHAKES_PER_ADDRESS_PER_MINUTE,
  JOINS_PER_MINUTE,
  MAX_CHAT_ROOMS_PER_SOCKET,
  MAX_SOCKETS_PER_USER,
  TOO_MANY_HANDSHAKES,
  TOO_MANY_JOINS,
  TOO_MANY_ROOMS,
  TOO_MANY_SOCKETS,
} from './socket-limits.ts';
import { chatAccount, unoccupiedOrganizer } from './testing.ts';

let testApp: TestApp;
let db: Database;
let baseUrl: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  db = testApp.database.db;
  baseUrl = await listenOnLoopback(testApp.app);
});
afterAll(() => testApp.close());
afterEach(() => disconnectAll());

const call = contractCaller(() => testApp.app);

const { open, disconnectAll } = socketClients();

const joinChat = (socket: Socket, payload: unknown) =>
  socket.timeout(2_000).emitWithAck('join_chat', payload) as Promise<Json>;

async function conversation() {
  const organizer = await unoccupiedOrganizer(db);
  const [traveller, staff] = await Promise.all([
    chatAccount(db),
    chatAccount(db, 'organizer', organizer.id),
  ]);
  const { body: chat } = await call(
    'getChatWithOrganizer',
    'POST',
    '/crm/api/chat/get-chat-with-organizer',
    { token: traveller.token, payload: { organizer_id: organizer.id } },
  );
  return { organizer, traveller, staff, chat };
}

describe('the chat socket', () => {
  it("refuses a connection without a valid token with connect_error 'Unauthorized'", async () => {
    for (const token of [undefined, 'not-a-token']) {
      const socket = open(baseUrl, token);
      const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
      expect(error.message).toBe('Unauthorized');
      expect(socket.connected).toBe(false);
    }
  });

  it('delivers a message sent over REST to the other participant, shaped for them', async () => {
    const { traveller, staff, chat } = await conversation();
    const staffSocket = open(baseUrl, staff.token);
    const travellerSocket = open(baseUrl, traveller.token);
    await Promise.all([connected(staffSocket), connected(travellerSocket)]);

    const staffMessage = next(staffSocket, 'new_message');
    const staffUpdate = next(staffSocket, 'chat_was_updated');
    const ownEcho = next(travellerSocket, 'new_message');
    const sent = await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: traveller.token,
      payload: { chat_id: chat.id, message: 'Is there parking at the ranch?' },
    });
    expect(sent.status).toBe(200);

    const received = await staffMessage;
    expect(received).toEqual({
      chat_id: chat.id,
      message: expect.objectContaining({
        id: sent.body.id,
        type: 'input',
        message: 'Is there parking at the ranch?',
        client_id: null,
      }),
    });
    expect((await staffUpdate).chat).toMatchObject({
      id: chat.id,
      title: 'Maya Hart',
      unread_count: 1,
    });
    expect((await ownEcho).message.type).toBe('output');
    // The organizer's staff is connected: no e-mail.
    expect(await db.select().from(outbox).where(eq(outbox.recipient, staff.user.email!))).toEqual(
      [],
    );
  });

  it('joins a conversation room with an ack, and sends it chat_is_read', async () => {
    const { traveller, staff, chat } = await conversation();
    const stranger = await chatAccount(db);
    const travellerSocket = open(baseUrl, traveller.token);
    const strangerSocket = open(baseUrl, stranger.token);
    await Promise.all([connected(travellerSocket), connected(strangerSocket)]);

    expect(await joinChat(travellerSocket, { chat_id: 'abc' })).toEqual({
      ok: false,
      message: 'data.chatId must be a number',
    });
    expect(await joinChat(strangerSocket, { chat_id: chat.id })).toEqual({
      ok: false,
      message: 'Chat not found',
    });
    expect(await joinChat(travellerSocket, { chat_id: chat.id })).toEqual({ ok: true });

    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: staff.token,
      payload: { chat_id: chat.id, message: 'Yes, free parking.' },
    });
    const read = next(travellerSocket, 'chat_is_read');
    const strangerSaw = collect(strangerSocket, 'chat_is_read');
    await call('markChatAsRead', 'POST', '/crm/api/chat/mark-as-read', {
      token: traveller.token,
      payload: { chat_id: chat.id },
    });
    expect(await read).toEqual({ chat_id: chat.id, reader_id: traveller.user.id });
    expect(strangerSaw).toEqual([]);

    travellerSocket.emit('leave_chat', { chat_id: chat.id });
    const afterLeave = collect(travellerSocket, 'chat_is_read');
    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: traveller.token,
      payload: { chat_id: chat.id, message: 'Thanks!' },
    });
    // The staff reads it; the traveller left the room, so the event does not reach them.
    await call('markChatAsRead', 'POST', '/crm/api/chat/mark-as-read', {
      token: staff.token,
      payload: { chat_id: chat.id },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(afterLeave).toEqual([]);
  });

  it('emits nothing new for a retried send with the same client_id', async () => {
    const { traveller, staff, chat } = await conversation();
    const staffSocket = open(baseUrl, staff.token);
    await connected(staffSocket);
    const seen = collect(staffSocket, 'new_message');
    const payload = { chat_id: chat.id, message: 'Only once', client_id: randomUUID() };
    const first = next(staffSocket, 'new_message');
    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: traveller.token,
      payload,
    });
    await first;
    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: traveller.token,
      payload,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toHaveLength(1);
  });
});

describe('changes to a chat reach its room', () => {
  const post = (
    operationId: Parameters<typeof call>[0],
    path: string,
    token: string,
    payload: object,
  ) => call(operationId, 'POST', path, { token, payload });

  /** The traveller views the chat (its room); the staff is connected but not viewing it. */
  async function watched() {
    const talk = await conversation();
    const stranger = await chatAccount(db);
    const viewer = open(baseUrl, talk.traveller.token);
    const staffSocket = open(baseUrl, talk.staff.token);
    const strangerSocket = open(baseUrl, stranger.token);
    await Promise.all([connected(viewer), connected(staffSocket), connected(strangerSocket)]);
    expect(await joinChat(viewer, { chat_id: talk.chat.id })).toEqual({ ok: true });
    // The send's own pushes are out of the way before a test listens for the change's.
    const sendPushes = [next(viewer, 'chat_was_updated'), next(staffSocket, 'chat_was_updated')];
    const { body: message } = await post(
      'sendChatMessage',
      '/crm/api/chat/send-message',
      talk.staff.token,
      { chat_id: talk.chat.id, message: 'We meet at 9.' },
    );
    await Promise.all(sendPushes);
    return { ...talk, viewer, staffSocket, strangerSocket, message };
  }

  it('message_was_edit and message_was_deleted go to the room, the lists to each participant', async () => {
    const { staff, chat, viewer, staffSocket, strangerSocket, message } = await watched();
    const outside = [
      ...['message_was_edit', 'message_was_deleted'].map((event) => collect(staffSocket, event)),
      ...['message_was_edit', 'message_was_deleted', 'chat_was_updated'].map((event) =>
        collect(strangerSocket, event),
      ),
    ];
    const edited = next(viewer, 'message_was_edit');
    const listUpdate = next(staffSocket, 'chat_was_updated');
    await post('editChatMessage', '/crm/api/chat/edit-message', staff.token, {
      message_id: message.id,
      message: 'We meet at 9:30.',
    });
    expect(await edited).toEqual({
      chat_id: chat.id,
      message: expect.objectContaining({
        id: message.id,
        message: 'We meet at 9:30.',
        edited_at: expect.any(String),
        can_edit: false,
        client_id: null,
      }),
    });
    // It is the chat's last message: every participant's list shows the new text.
    expect((await listUpdate).chat.last_message.message).toBe('We meet at 9:30.');

    const deleted = next(viewer, 'message_was_deleted');
    await post('deleteChatMessage', '/crm/api/chat/delete-message', staff.token, {
      message_id: message.id,
    });
    expect(await deleted).toEqual({ chat_id: chat.id, message_id: message.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outside.flat()).toEqual([]);
  });

  it('message_was_moderated and chat_is_frozen go to the room when support acts', async () => {
    const { chat, viewer, strangerSocket, message } = await watched();
    const support = await chatAccount(db, 'support');
    const strangerSaw = ['message_was_moderated', 'chat_is_frozen'].map((event) =>
      collect(strangerSocket, event),
    );
    const moderated = next(viewer, 'message_was_moderated');
    const preview = next(viewer, 'chat_was_updated');
    await post('moderateChatMessage', '/crm/api/chat/moderate-message', support.token, {
      message_id: message.id,
    });
    expect(await moderated).toEqual({ chat_id: chat.id, message_id: message.id });
    // The hidden message was the last one: the list's preview hides it too.
    expect((await preview).chat.last_message).toMatchObject({ is_moderated: true, message: '' });

    const frozen = next(viewer, 'chat_is_frozen');
    const updated = next(viewer, 'chat_was_updated');
    await post('freezeChat', '/crm/api/chat/freeze-chat', support.token, {
      chat_id: chat.id,
      is_frozen: true,
    });
    expect(await frozen).toEqual({ chat_id: chat.id, is_frozen: true });
    expect((await updated).chat).toMatchObject({ id: chat.id, is_frozen: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerSaw.flat()).toEqual([]);
  });

  it('attachment_download_status_was_changed brings the processed file to the room', async () => {
    const { traveller, chat, viewer } = await watched();
    const uploaded = await uploadCaller(() => testApp.app)('uploadImage', '/crm/api/image/upload', {
      file: await pngFile('saddle.png', 800, 600),
      fields: { bucket: 'chat' },
      token: traveller.token,
    });
    const status = next(viewer, 'attachment_download_status_was_changed');
    const { body: sent } = await post(
      'sendChatMessage',
      '/crm/api/chat/send-message',
      traveller.token,
      {
        chat_id: chat.id,
        file_id: uploaded.body.id,
      },
    );
    expect(sent.file.download_status).toBe('pending');
    expect(await status).toEqual({
      chat_id: chat.id,
      message_id: sent.id,
      download_status: 'ready',
      file: expect.objectContaining({
        name: 'saddle.png',
        download_status: 'ready',
        url: expect.stringMatching(/^\/uploads\/files\/.+\/saddle\.png$/),
      }),
    });
  });
});

describe('floods from one account', () => {
  it(`answers ${JOINS_PER_MINUTE} join_chat a minute per account; the rest are refused at once`, async () => {
    const { traveller, chat } = await conversation();
    const [first, second] = [open(baseUrl, traveller.token), open(baseUrl, traveller.token)];
    await Promise.all([connected(first), connected(second)]);
    // A burst from two sockets of one account: the budget is the account's, not each socket's.
    const burst = Array.from({ length: 2 * JOINS_PER_MINUTE }, (_, i) =>
      joinChat(i % 2 === 0 ? first : second, { chat_id: chat.id }),
    );
    const answers = await Promise.all(burst);
    expect(answers.filter((answer) => answer.ok === true)).toHaveLength(JOINS_PER_MINUTE);
    expect(answers.filter((answer) => answer.ok !== true)).toEqual(
      Array.from({ length: JOINS_PER_MINUTE }, () => ({ ok: false, message: TOO_MANY_JOINS })),
    );
    // Another account is not held back.
    const other = await conversation();
    const otherSocket = open(baseUrl, other.traveller.token);
    await connected(otherSocket);
    expect(await joinChat(otherSocket, { chat_id: other.chat.id })).toEqual({ ok: true });
  });

  it(`follows at most ${MAX_CHAT_ROOMS_PER_SOCKET} conversations per socket`, async () => {
    const agent = await chatAccount(db, 'support');
    const travellers = await Promise.all(
      Array.from({ length: MAX_CHAT_ROOMS_PER_SOCKET + 1 }, () => chatAccount(db)),
    );
    const supportChats = await Promise.all(
      travellers.map(async ({ user }) => (await openSupportChat(db, user.id)).chat),
    );
    const socket = open(baseUrl, agent.token);
    await connected(socket);
    // Sent at once: joins still waiting for the database count too.
    const answers = await Promise.all(
      supportChats.map((chat) => joinChat(socket, { chat_id: chat.id })),
    );
    expect(answers.filter((answer) => answer.ok === true)).toHaveLength(MAX_CHAT_ROOMS_PER_SOCKET);
    const refused = answers.findIndex((answer) => answer.ok !== true);
    expect(answers[refused]).toEqual({ ok: false, message: TOO_MANY_ROOMS });
    // Joining one it follows already, or another after leaving one, is answered as before.
    const followed = supportChats.filter((_, index) => index !== refused);
    expect(await joinChat(socket, { chat_id: followed[0]!.id })).toEqual({ ok: true });
    socket.emit('leave_chat', { chat_id: followed[0]!.id });
    expect(await joinChat(socket, { chat_id: supportChats[refused]!.id })).toEqual({ ok: true });
  });

  it(`holds ${MAX_SOCKETS_PER_USER} sockets per account and refuses more, even opened at once`, async () => {
    const traveller = await chatAccount(db);
    const attempts = Array.from({ length: MAX_SOCKETS_PER_USER + 5 }, () =>
      open(baseUrl, traveller.token),
    );
    const outcomes = await Promise.allSettled(attempts.map(connected));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(
      MAX_SOCKETS_PER_USER,
    );
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as Error).message] : [],
    );
    expect(refusals).toEqual(Array.from({ length: 5 }, () => TOO_MANY_SOCKETS));
    // Another account connects; and one closed socket makes room for a new one.
    await connected(open(baseUrl, (await chatAccount(db)).token));
    const closing = attempts.find((socket) => socket.connected)!;
    closing.disconnect();
    await expect.poll(() => connected(open(baseUrl, traveller.token)).then(() => true)).toBe(true);
  });
});

describe('handshakes per client address', () => {
  const LIMIT = HANDSHAKES_PER_ADDRESS_PER_MINUTE;
  /** How a handshake ends: 'connected', or the message of its connect_error. */
  const outcome = (socket: Socket) =>
    connected(socket).then(
      () => 'connected',
      (error: Error) => error.message,
    );
  /** Handshakes at once, each with a made-up token, from the addresses `forwardedFor` names. */
  const madeUp = (url: string, count: number, forwardedFor: (index: number) => string) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        outcome(
          open(url, `made-up-token-${index}`, {
            extraHeaders: { 'x-forwarded-for': forwardedFor(index) },
          }),
        ),
      ),
    );
  const tally = (outcomes: string[]) =>
    outcomes.reduce<Record<string, number>>((counts, message) => {
      counts[message] = (counts[message] ?? 0) + 1;
      return counts;
    }, {});

  /**
   * An API process of its own on loopback, trusting `trustedProxies`, that counts the database
   * reads of its handshakes (a made-up token costs one `select`: the token lookup).
   */
  async function countingProcess(trustedProxies: string[], rateLimits?: RateLimits) {
    let reads = 0;
    const counted = new Proxy(db, {
      get(target, property) {
        if (property === 'select') reads += 1;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const http = createServer();
    const chat = attachChatSocket(http, {
      db: counted,
      webOrigin: WEB_ORIGIN,
      log: { warn() {}, info() {} },
      trustedProxies,
      rateLimits,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      reads: () => reads,
      async close() {
        await chat.close();
        await new Promise((resolve) => http.close(resolve));
      },
    };
  }

  it(`lets ${LIMIT} handshakes a minute from one address reach the database, refuses the rest`, async () => {
    // Loopback is the trusted proxy (the web server): X-Forwarded-For names the client.
    const api = await countingProcess(['127.0.0.1', '::1']);
    try {
      const flood = await madeUp(api.url, LIMIT + 10, () => '203.0.113.7');
      expect(tally(flood)).toEqual({ Unauthorized: LIMIT, [TOO_MANY_HANDSHAKES]: 10 });
      expect(api.reads()).toBe(LIMIT);
      // A refused handshake reads nothing, whatever it carries: a valid token waits as well.
      const traveller = await chatAccount(db);
      const waiting = open(api.url, traveller.token, {
        extraHeaders: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(await outcome(waiting)).toBe(TOO_MANY_HANDSHAKES);
      expect(api.reads()).toBe(LIMIT);
      // Another address is not held back: its made-up token is looked up, its user connects.
      expect(await madeUp(api.url, 1, () => '198.51.100.4')).toEqual(['Unauthorized']);
      expect(api.reads()).toBe(LIMIT + 1);
      const elsewhere = open(api.url, traveller.token, {
        extraHeaders: { 'x-forwarded-for': '198.51.100.5' },
      });
      expect(await outcome(elsewhere)).toBe('connected');
    } finally {
      await api.close();
    }
  });

  it('counts the peer when it is not a trusted proxy: a spoofed X-Forwarded-For splits nothing', async () => {
    // Loopback is not trusted here: each handshake names another address, all count as one.
    const api = await countingProcess(['10.0.0.1']);
    try {
      const flood = await madeUp(api.url, LIMIT + 10, (index) => `198.51.100.${index % 250}`);
      expect(tally(flood)).toEqual({ Unauthorized: LIMIT, [TOO_MANY_HANDSHAKES]: 10 });
      expect(api.reads()).toBe(LIMIT);
    } finally {
      await api.close();
    }
  });

  it.skipIf(!globalThis.process.env.REDIS_URL)(
    'counts an address once for every API process (Redis)',
    async () => {
      // Two processes with a store each, sharing counts through Redis under a prefix of our own.
      const keyPrefix = `gallop-test-${randomUUID()}:`;
      const stores = [0, 1].map(() =>
        createCounterStore({ redisUrl: globalThis.process.env.REDIS_URL, keyPrefix }),
      );
      await Promise.all(stores.map((store) => store.ready()));
      const apis = await Promise.all(
        stores.map((store) => countingProcess(['127.0.0.1', '::1'], createRateLimits({ store }))),
      );
      try {
        const halves = await Promise.all(
          apis.map((api) => madeUp(api.url, (LIMIT + 10) / 2, () => '203.0.113.8')),
        );
        expect(tally(halves.flat())).toEqual({ Unauthorized: LIMIT, [TOO_MANY_HANDSHAKES]: 10 });
        expect(apis[0]!.reads() + apis[1]!.reads()).toBe(LIMIT);
      } finally {
        await Promise.all(apis.map((api) => api.close()));
        await Promise.all(stores.map((store) => store.close()));
      }
    },
  );

  it("is wired in the app: its TRUSTED_PROXIES, counted apart from other addresses'", async () => {
    const flood = await madeUp(baseUrl, LIMIT + 1, () => '192.0.2.44');
    expect(tally(flood)).toEqual({ Unauthorized: LIMIT, [TOO_MANY_HANDSHAKES]: 1 });
    // Every other test of this file connects from loopback itself: still served.
    await connected(open(baseUrl, (await chatAccount(db)).token));
  });

  it("finds the address Fastify's request.ip finds, for the same trusted proxies", async () => {
    const cases: [peer: string, forwardedFor: string | undefined][] = [
      ['127.0.0.1', undefined],
      ['127.0.0.1', '203.0.113.7'],
      ['::ffff:127.0.0.1', '203.0.113.7'],
      ['::1', ' 198.51.100.4 , 203.0.113.7'],
      ['127.0.0.1', '203.0.113.7, 10.1.2.3'],
      ['127.0.0.1', '203.0.113.7, 192.168.1.1, 127.0.0.1'],
      ['127.0.0.1', '203.0.113.7, not-an-address, 10.0.0.9'],
      ['127.0.0.1', ' , '],
      ['203.0.113.9', '127.0.0.1'],
      ['203.0.113.9', '198.51.100.4'],
      ['10.0.0.9', '2001:db8::7, fd00::5'],
      ['fe80::1', '198.51.100.4'],
    ];
    for (const trustedProxies of [
      ['127.0.0.1', '::1'],
      ['loopback', 'uniquelocal'],
      ['10.0.0.0/8'],
    ]) {
      const app = Fastify({ trustProxy: trustedProxies });
      app.get('/', (request) => ({ ip: request.ip }));
      const clientAddress = clientAddressBehind(trustedProxies);
      for (const [peer, forwardedFor] of cases) {
        const answer = await app.inject({
          url: '/',
          remoteAddress: peer,
          headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        });
        const handshake = {
          socket: { remoteAddress: peer },
          headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
        } as unknown as IncomingMessage;
        expect({ trustedProxies, peer, forwardedFor, ip: clientAddress(handshake) }).toEqual({
          trustedProxies,
          peer,
          forwardedFor,
          ip: answer.json<{ ip: string }>().ip,
        });
      }
      await app.close();
    }
  });
});

describe('the handshake', () => {
  it('refuses a browser from another origin; takes the web origin and X-Authorization', async () => {
    const traveller = await chatAccount(db);
    const elsewhere = open(baseUrl, traveller.token, {
      extraHeaders: { origin: 'https://evil.example' },
    });
    await expect(connected(elsewhere)).rejects.toThrow();
    expect(elsewhere.connected).toBe(false);

    const fromTheSite = open(baseUrl, traveller.token, { extraHeaders: { origin: WEB_ORIGIN } });
    await connected(fromTheSite);
    // The web's client sends an empty token; its server's proxy adds the cookie's as a header.
    const proxied = open(baseUrl, '', {
      extraHeaders: { origin: WEB_ORIGIN, 'x-authorization': `Bearer ${traveller.token}` },
    });
    await connected(proxied);
    const wrongHeader = open(baseUrl, undefined, {
      extraHeaders: { 'x-authorization': 'Bearer not-a-token' },
    });
    await expect(connected(wrongHeader)).rejects.toThrow('Unauthorized');
  });
});

/**
 * Listens from now on for the server dropping the socket; the function it answers waits two more
 * seconds at most (a password hash on a loaded machine may take longer than the drop itself).
 */
function dropOf(socket: Socket): () => Promise<string> {
  const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  return () =>
    Promise.race([
      reason,
      new Promise<string>((resolve) => setTimeout(() => resolve('still connected'), 2_000)),
    ]);
}

describe('sessions that end', () => {
  /** Whether a socket is still connected after the server has had time to drop it. */
  const stillConnected = async (socket: Socket) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return socket.connected;
  };

  it('sign-out disconnects the socket of that session, which then hears no new_message', async () => {
    const { traveller, staff, chat } = await conversation();
    const otherDevice = await openSession(db, traveller.user.id);
    const signedOut = open(baseUrl, traveller.token);
    const stillSignedIn = open(baseUrl, otherDevice.token);
    await Promise.all([connected(signedOut), connected(stillSignedIn)]);
    const dropped = dropOf(signedOut);
    const heard = collect(signedOut, 'new_message');

    const logout = await call('logout', 'POST', '/crm/api/user/logout', {
      token: traveller.token,
    });
    expect(logout.status).toBe(200);
    expect(await dropped()).toBe('io server disconnect');

    const delivered = next(stillSignedIn, 'new_message');
    await call('sendChatMessage', 'POST', '/crm/api/chat/send-message', {
      token: staff.token,
      payload: { chat_id: chat.id, message: 'Are you still there?' },
    });
    expect((await delivered).message.message).toBe('Are you still there?');
    expect(heard).toEqual([]);
    expect(signedOut.connected).toBe(false);
  });

  it("a password change disconnects the other sessions' sockets, not its own", async () => {
    const traveller = await chatAccount(db);
    const otherDevice = await openSession(db, traveller.user.id);
    const own = open(baseUrl, traveller.token);
    const other = open(baseUrl, otherDevice.token);
    await Promise.all([connected(own), connected(other)]);
    const dropped = dropOf(other);

    const changed = await call('changePassword', 'POST', '/crm/api/user/change-password', {
      token: traveller.token,
      payload: {
        password: 'Canter across 7 meadows!',
        confirm_password: 'Canter across 7 meadows!',
      },
    });
    expect(changed.status).toBe(200);
    expect(await dropped()).toBe('io server disconnect');
    expect(await stillConnected(own)).toBe(true);
  });

  it('a refresh token used again after the grace window disconnects its session', async () => {
    const traveller = await chatAccount(db);
    const session = await openSession(db, traveller.user.id);
    const socket = open(baseUrl, session.token);
    await connected(socket);
    const dropped = dropOf(socket);

    const refresh = (refreshToken: string) =>
      call('refreshToken', 'POST', '/crm/api/user/refresh-token', {
        payload: { refresh_token: refreshToken },
      });
    expect((await refresh(session.refresh_token)).status).toBe(200);
    // The rotation alone keeps the socket: it belongs to the session, not to the access token.
    expect(await stillConnected(socket)).toBe(true);
    await db
      .update(userSessionRetiredRefresh)
      .set({ retiredAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1_000) })
      .where(eq(userSessionRetiredRefresh.refreshHash, hashSecret(session.refresh_token)));
    expect((await refresh(session.refresh_token)).status).toBe(401);
    expect(await dropped()).toBe('io server disconnect');
  });
});

describe('the running server', () => {
  it('serves the socket on its own port and drops it on a graceful stop', async () => {
    const running = await startServer(testEnv({ PORT: '0' }), { database: testApp.database });
    const traveller = await chatAccount(db);
    const socket = open(running.url, traveller.token);
    await connected(socket);
    const dropped = next(socket, 'disconnect');
    await running.stop('SIGTERM');
    expect(await dropped).toBe('io server disconnect');
    expect(socket.connected).toBe(false);
  });
});

describe('several API processes', () => {
  const servers: { http: HttpServer; chat: ChatSocketServer; url: string }[] = [];
  afterAll(async () => {
    for (const { http, chat } of servers) {
      await chat.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  async function process(key: string) {
    const http = createServer();
    const chat = attachChatSocket(http, {
      db,
      webOrigin: 'http://127.0.0.1:3000',
      redisUrl: globalThis.process.env.REDIS_URL,
      redisKey: key,
      log: { warn() {}, info() {} },
      trustedProxies: ['127.0.0.1', '::1'],
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const server = { http, chat, url: `http://127.0.0.1:${port}` };
    servers.push(server);
    return server;
  }

  /** Two processes sharing a Redis key, and a traveller connected to the second. */
  async function travellerOnTheSecondOfTwo() {
    // A key of our own, so parallel runs on the same Redis never hear each other.
    const key = `gallop-test-${randomUUID()}`;
    const a = await process(key);
    const b = await process(key);
    const traveller = await chatAccount(db);
    const socket = open(b.url, traveller.token);
    await connected(socket);
    return { a, traveller, socket };
  }

  it('keeps running while Redis is unreachable: pushes are dropped, users count as offline', async () => {
    const warnings: string[] = [];
    const http = createServer();
    // Port 1 refuses connections at once.
    const chat = attachChatSocket(http, {
      db,
      webOrigin: 'http://127.0.0.1:3000',
      redisUrl: 'redis://127.0.0.1:1',
      redisKey: `gallop-test-${randomUUID()}`,
      log: { warn: (_details, message) => warnings.push(message), info() {} },
      trustedProxies: ['127.0.0.1', '::1'],
    });
    chat.realtime.toUser(1, 'chat_is_frozen', { chat_id: 1, is_frozen: true });
    expect(await chat.realtime.isOnline(1)).toBe(false);
    chat.realtime.toChat(1, 'chat_is_frozen', { chat_id: 1, is_frozen: true });
    chat.endSessions([1]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(warnings).toContain('chat socket: redis is unavailable');
    await chat.close();
  });

  it.skipIf(!globalThis.process.env.REDIS_URL)(
    'says once that Redis is unavailable, then once that it answers again',
    async () => {
      const redis = new URL(globalThis.process.env.REDIS_URL!);
      // A port with nothing behind it, until a relay to the real Redis opens on it.
      const port = await new Promise<number>((resolve) => {
        const probe = createNetServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      const lines: string[] = [];
      const http = createServer();
      const chat = attachChatSocket(http, {
        db,
        webOrigin: 'http://127.0.0.1:3000',
        redisUrl: `redis://127.0.0.1:${port}${redis.pathname}`,
        redisKey: `gallop-test-${randomUUID()}`,
        log: { warn: (_details, message) => lines.push(message), info: (m) => lines.push(m) },
        trustedProxies: ['127.0.0.1', '::1'],
      });
      const relay = createNetServer((client) => {
        const upstream = connect(Number(redis.port || 6379), redis.hostname);
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      try {
        await expect
          .poll(() => lines, { timeout: 5_000 })
          .toContain('chat socket: redis is unavailable');
        relay.listen(port, '127.0.0.1');
        await expect
          .poll(() => lines, { timeout: 10_000 })
          .toContain('chat socket: redis answers again');
        expect(lines).toEqual([
          'chat socket: redis is unavailable',
          'chat socket: redis answers again',
        ]);
      } finally {
        await chat.close();
        relay.close();
      }
    },
  );

  it('refuses long-polling with 400 "Transport unknown" when websocket-only (decision 164)', async () => {
    const answers: { status: number; body: string }[] = [];
    for (const websocketOnly of [false, true]) {
      const http = createServer();
      const chat = attachChatSocket(http, {
        db,
        webOrigin: 'http://127.0.0.1:3000',
        log: { warn() {}, info() {} },
        trustedProxies: ['127.0.0.1', '::1'],
        websocketOnly,
      });
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      const { port } = http.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`);
      answers.push({ status: response.status, body: await response.text() });
      await chat.close();
      await new Promise((resolve) => http.close(resolve));
    }
    // A polling handshake opens a session where it may; websocket-only refuses it before any.
    expect(answers[0]).toMatchObject({ status: 200, body: expect.stringContaining('"sid"') });
    expect(answers[1]!.status).toBe(400);
    expect(JSON.parse(answers[1]!.body)).toEqual({ code: 0, message: 'Transport unknown' });
  });

  it.skipIf(!globalThis.process.env.REDIS_URL)(
    'carries an event emitted by one process to a client connected to another (Redis adapter)',
    async () => {
      const { a, traveller, socket } = await travellerOnTheSecondOfTwo();
      // A process just started answers the others once its Redis subscription is up (a few
      // milliseconds; CI once asked before it was): until then it counts the user offline.
      await expect
        .poll(() => a.chat.realtime.isOnline(traveller.user.id), { timeout: 5_000 })
        .toBe(true);
      const delivered = next(socket, 'crm_user_chat_notifications_enabled');
      a.chat.realtime.toUser(traveller.user.id, 'crm_user_chat_notifications_enabled', {
        chat_id: 7,
        enabled: false,
      });
      expect(await delivered).toEqual({ chat_id: 7, enabled: false });

      const stranger = await chatAccount(db);
      expect(await a.chat.realtime.isOnline(stranger.user.id)).toBe(false);
    },
  );

  it.skipIf(!globalThis.process.env.REDIS_URL)(
    "disconnects an ended session's socket connected to another process (Redis adapter)",
    async () => {
      const { a, traveller, socket } = await travellerOnTheSecondOfTwo();
      const dropped = dropOf(socket);
      const { sessionId } = (await findSignedByToken(db, traveller.token))!;
      a.chat.endSessions([sessionId]);
      expect(await dropped()).toBe('io server disconnect');
    },
  );
});
