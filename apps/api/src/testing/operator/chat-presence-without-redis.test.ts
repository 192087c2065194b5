/**
 * An operator's probe, kept as a regression test: the chat's presence question ("is the
 * recipient online, or do we e-mail them?") must not wait on a Redis that does not answer. A
 * sent chat message waits for it, so before this, `POST /crm/api/chat/send-message` took 5-10 s
 * while Redis was down and never answered while Redis hung (SIGSTOP, a network partition).
 * The hung Redis here is a TCP server that accepts connections and never replies.
 */
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client.ts';
import { attachChatSocket } from '#src/modules/chat/index.ts';

type ChatSocketServer = ReturnType<typeof attachChatSocket>;

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A "Redis" that takes connections and answers nothing (a stopped or partitioned server). */
async function silentRedis(): Promise<string> {
  const sockets = new Set<Socket>();
  const server: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
  return `redis://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on (a Redis that is down): connections are refused. */
async function refusedRedis(): Promise<string> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `redis://127.0.0.1:${port}`;
}

function chatSocketOn(redisUrl: string): ChatSocketServer {
  const http: HttpServer = createHttpServer();
  const chat = attachChatSocket(http, {
    // The presence check reads no table.
    db: {} as Database,
    webOrigin: 'http://127.0.0.1:3000',
    redisUrl,
    redisKey: `operator-probe-${process.pid}`,
    log: { warn: () => {}, info: () => {} },
    trustedProxies: [],
  });
  opened.push({ close: () => chat.close() }, { close: () => void http.close() });
  return chat;
}

/**
 * The presence answer, or 'waited' when it needed more than this process's own state: racing a
 * zero-delay timer, which fires only after every promise settled without I/O, it tells an answer
 * from this process's sockets (no Redis round trip) from one that waited on the network, with no
 * clock in the assertion.
 */
async function presenceWithoutWaiting(chat: ChatSocketServer, userId: number) {
  return Promise.race([
    chat.realtime.isOnline(userId),
    new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 0)),
  ]);
}

describe('chat presence while Redis does not answer', () => {
  it('answers offline from this process when Redis hangs', async () => {
    const chat = chatSocketOn(await silentRedis());
    // Connected, never ready: the adapter would queue the question until Redis answers.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await presenceWithoutWaiting(chat, 4)).toBe(false);
  }, 15_000);

  it('answers offline from this process when Redis is down', async () => {
    const chat = chatSocketOn(await refusedRedis());
    // Let the client fail its first connections and back off, as in a real outage.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await presenceWithoutWaiting(chat, 4)).toBe(false);
  }, 15_000);
});
