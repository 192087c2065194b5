import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createChatConnection, type ChatConnection } from './connection';
import { CHAT_EVENTS, type ChatEvent } from './events';
import type { ChatServerEvents } from './protocol';

/** A real Socket.IO server with the API's handshake and rooms (decision 026), on a free port. */
let http: HttpServer;
let server: Server;
let url: string;
let validTokens: Set<string>;
/** Chats the server refuses to join (not the user's), and every join_chat it received. */
let refusedChats: Set<number>;
let joinRequests: unknown[];
let connection: ChatConnection | undefined;
/** Handshakes the server refuses next as over a limit (not about the token). */
let limitedHandshakes: number;

beforeEach(async () => {
  validTokens = new Set(['good']);
  refusedChats = new Set([404]);
  joinRequests = [];
  limitedHandshakes = 0;
  http = createServer();
  server = new Server(http, { transports: ['websocket'] });
  server.use((socket, next) => {
    if (limitedHandshakes > 0) {
      limitedHandshakes -= 1;
      return next(new Error('Too many connections from your network: wait a minute and try again'));
    }
    const token = (socket.handshake.auth as { token?: string }).token;
    if (!token || !validTokens.has(token)) return next(new Error('Unauthorized'));
    socket.data.userId = token;
    next();
  });
  server.on('connection', (socket) => {
    void socket.join(`user:${socket.data.userId as string}`);
    socket.on('join_chat', (payload: { chat_id?: unknown }, ack: (answer: unknown) => void) => {
      joinRequests.push(payload?.chat_id);
      if (typeof payload?.chat_id !== 'number') {
        return ack({ ok: false, message: 'data.chatId must be a number' });
      }
      if (refusedChats.has(payload.chat_id)) return ack({ ok: false, message: 'Chat not found' });
      void socket.join(`chat:${payload.chat_id}`);
      ack({ ok: true });
    });
    socket.on(
      'leave_chat',
      (payload: { chat_id: number }) => void socket.leave(`chat:${payload.chat_id}`),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  connection?.close();
  connection = undefined;
  server.close();
  await new Promise((resolve) => http.close(resolve));
});

const waitFor = async (check: () => boolean, ms = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const quiet = { onError: () => {}, socketOptions: { transports: ['websocket'] } };

describe('createChatConnection', () => {
  it('connects with the token and delivers typed events of the user room', async () => {
    const reasons: string[] = [];
    connection = createChatConnection({
      url,
      ...quiet,
      getToken: (reason) => {
        reasons.push(reason);
        return 'good';
      },
    });
    await waitFor(() => connection!.status === 'connected');
    expect(reasons).toEqual(['connect']);

    const received: unknown[] = [];
    const off = connection.on('new_message', (payload) => received.push(payload.message.message));
    server.to('user:good').emit('new_message', {
      chat_id: 1,
      message: {
        id: 1,
        chat_id: 1,
        type: 'input',
        message: 'Hi',
        created_at: '2026-01-01T00:00:00Z',
      },
    });
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['Hi']);
    off();
    server.to('user:good').emit('new_message', { chat_id: 1, message: { message: 'again' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
  });

  it('asks for a fresh token when the handshake is refused', async () => {
    const reasons: string[] = [];
    connection = createChatConnection({
      url,
      ...quiet,
      getToken: (reason) => {
        reasons.push(reason);
        return reason === 'connect' ? 'expired' : 'good';
      },
    });
    await waitFor(() => connection!.status === 'connected');
    expect(reasons).toEqual(['connect', 'unauthorized']);
  });

  it('gives up after repeated refusals and reports unauthorized', async () => {
    let asked = 0;
    connection = createChatConnection({
      url,
      ...quiet,
      maxUnauthorizedRetries: 2,
      getToken: () => {
        asked += 1;
        return 'bad';
      },
    });
    await waitFor(() => connection!.status === 'unauthorized');
    expect(asked).toBe(3);
    validTokens.add('bad');
    connection.reconnect();
    await waitFor(() => connection!.status === 'connected');
  });

  it('tries again after a wait when the server refuses the handshake over a limit', async () => {
    limitedHandshakes = 1;
    const seen: string[] = [];
    connection = createChatConnection({
      url,
      ...quiet,
      refusedRetryMs: 100,
      getToken: () => 'good',
    });
    connection.onStatus((status) => seen.push(status));
    await waitFor(() => connection!.status === 'connected');
    expect(seen).toEqual(['disconnected', 'connecting', 'connected']);
  });

  it('does not try again after a refusal once closed', async () => {
    limitedHandshakes = 1;
    let asked = 0;
    connection = createChatConnection({
      url,
      ...quiet,
      refusedRetryMs: 50,
      getToken: () => {
        asked += 1;
        return 'good';
      },
    });
    await waitFor(() => connection!.status === 'disconnected');
    connection.close();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toBe(1);
  });

  it('joins a conversation, hears its room, and rejoins after a reconnect', async () => {
    connection = createChatConnection({ url, ...quiet, getToken: () => 'good' });
    await waitFor(() => connection!.status === 'connected');
    await expect(connection.joinChat(5)).resolves.toEqual({ ok: true });
    await expect(connection.joinChat(404)).resolves.toEqual({
      ok: false,
      message: 'Chat not found',
    });
    await expect(connection.joinChat(Number.NaN)).resolves.toEqual({
      ok: false,
      message: 'data.chatId must be a number',
    });

    const reads: unknown[] = [];
    connection.on('chat_is_read', (payload) => reads.push(payload));
    server.to('chat:5').emit('chat_is_read', { chat_id: 5, reader_id: 2 });
    await waitFor(() => reads.length === 1);

    // The server drops the socket; socket.io reconnects and the connection joins chat 5 again.
    let dropped = false;
    connection.onStatus((status) => {
      if (status !== 'connected') dropped = true;
    });
    for (const socket of server.of('/').sockets.values()) socket.conn.close();
    await waitFor(() => dropped && connection!.status === 'connected');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server.in('chat:5').fetchSockets()).length).toBe(1);

    connection.leaveChat(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server.in('chat:5').fetchSockets()).length).toBe(0);
  });
});

/** Drops every socket on the server's side and waits until the connection is back. */
const dropAndReconnect = async (current: ChatConnection) => {
  let dropped = false;
  const off = current.onStatus((status) => {
    if (status !== 'connected') dropped = true;
  });
  for (const socket of server.of('/').sockets.values()) socket.conn.close();
  await waitFor(() => dropped && current.status === 'connected');
  off();
  // Rejoins are sent on 'connect'; give them time to arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('joinChat before the socket is connected', () => {
  it("waits for the connection and answers the server's refusal", async () => {
    connection = createChatConnection({ url, ...quiet, getToken: () => 'good' });
    expect(connection.status).toBe('connecting');

    const [mine, notMine] = await Promise.all([connection.joinChat(5), connection.joinChat(404)]);

    expect(mine).toEqual({ ok: true });
    expect(notMine).toEqual({ ok: false, message: 'Chat not found' });
    expect((await server.in('chat:5').fetchSockets()).length).toBe(1);
    // One join each: the connect handler leaves them to the waiting calls.
    expect(joinRequests.toSorted()).toEqual([404, 5]);
  });

  it('does not join a refused chat again after a reconnect', async () => {
    connection = createChatConnection({ url, ...quiet, getToken: () => 'good' });
    await expect(connection.joinChat(404)).resolves.toMatchObject({ ok: false });
    await expect(connection.joinChat(5)).resolves.toEqual({ ok: true });

    joinRequests = [];
    await dropAndReconnect(connection);
    expect(joinRequests).toEqual([5]);
  });

  it('stops rejoining a chat the server refuses on a reconnect', async () => {
    connection = createChatConnection({ url, ...quiet, getToken: () => 'good' });
    await expect(connection.joinChat(7)).resolves.toEqual({ ok: true });
    refusedChats.add(7); // e.g. the user left the booking the chat belongs to

    joinRequests = [];
    await dropAndReconnect(connection);
    expect(joinRequests).toEqual([7]);

    joinRequests = [];
    await dropAndReconnect(connection);
    expect(joinRequests).toEqual([]);
  });

  it('answers no answer after its timeout, and still joins once connected', async () => {
    connection = createChatConnection({
      url,
      ...quiet,
      maxUnauthorizedRetries: 0,
      getToken: () => 'later',
    });
    await waitFor(() => connection!.status === 'unauthorized');
    const started = Date.now();

    await expect(connection.joinChat(5, 150)).resolves.toEqual({
      ok: false,
      message: 'No answer from the chat server',
    });
    expect(Date.now() - started).toBeLessThan(1000);

    validTokens.add('later');
    connection.reconnect();
    await waitFor(() => connection!.status === 'connected');
    await waitFor(() => joinRequests.includes(5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await server.in('chat:5').fetchSockets()).length).toBe(1);
  });

  it('does not join a chat left while it waited for the connection', async () => {
    validTokens.delete('good');
    connection = createChatConnection({
      url,
      ...quiet,
      maxUnauthorizedRetries: 0,
      getToken: () => 'good',
    });
    await waitFor(() => connection!.status === 'unauthorized');
    const waiting = connection.joinChat(5);
    connection.leaveChat(5);

    validTokens.add('good');
    connection.reconnect();
    await expect(waiting).resolves.toEqual({
      ok: false,
      message: 'The chat was left before the connection came',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(joinRequests).toEqual([]);
  });

  it('answers at once when the connection is closed', async () => {
    connection = createChatConnection({
      url,
      ...quiet,
      maxUnauthorizedRetries: 0,
      getToken: () => 'bad',
    });
    const waiting = connection.joinChat(5, 60_000);
    connection.close();

    await expect(waiting).resolves.toEqual({ ok: false, message: 'The chat connection is closed' });
    await expect(connection.joinChat(6)).resolves.toEqual({
      ok: false,
      message: 'The chat connection is closed',
    });
  });
});

describe('the protocol types', () => {
  it('name every server event in CHAT_EVENTS', () => {
    expectTypeOf<ChatEvent>().toEqualTypeOf<keyof ChatServerEvents>();
    expect(CHAT_EVENTS).toHaveLength(10);
  });
});
