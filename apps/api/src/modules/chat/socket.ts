/**
 * The chat's Socket.IO server on the API's own HTTP server (decision 026): the handshake sends
 * the access token (`auth: { token }`), each socket joins `user:{id}`, and a client viewing a
 * conversation joins `chat:{id}` with `join_chat`. With REDIS_URL the Redis adapter carries
 * events between API processes; without it the in-memory adapter serves one process.
 */
import type { Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Database } from '#src/db/client.ts';
import { findSignedByToken } from '#src/modules/accounts/sessions.ts';
import { createRedisAdapter, createRedisClient } from '#src/redis.ts';
import { findChatFor, loadViewer, type Viewer } from './chats.ts';
import {
  chatRoom,
  userRoom,
  type ChatRealtime,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from './events.ts';

interface SocketData {
  viewer: Viewer;
}

export type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

export interface ChatSocketOptions {
  db: Database;
  /** Browsers from this origin may connect (the same origin the API's CORS allows). */
  webOrigin: string;
  /** Share events between API processes through Redis pub/sub. */
  redisUrl?: string | undefined;
  /** Redis channel prefix (tests use their own; default `socket.io`). */
  redisKey?: string;
  log: { warn(details: object, message: string): void };
}

export interface ChatSocketServer {
  io: ChatServer;
  realtime: ChatRealtime;
  /** Disconnects every socket and closes the Redis clients (the HTTP server is the app's). */
  close(): Promise<void>;
}

const UNAUTHORIZED = 'Unauthorized';
const BAD_CHAT_ID = 'data.chatId must be a number';
/** How long an `isOnline` question waits for the other API processes. */
const PRESENCE_TIMEOUT_MS = 2_000;

const chatIdOf = (payload: unknown): number | undefined => {
  const value = (payload as { chat_id?: unknown } | null)?.chat_id;
  return typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value > 0 &&
    value <= 2 ** 31 - 1
    ? value
    : undefined;
};

/**
 * The Redis adapter sends some commands without awaiting them; while Redis is down their
 * rejections would be unhandled and end the process. This reports them instead.
 */
function catchRejections(client: Redis, methods: string[], onError: (error: unknown) => void) {
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = target[name]!.bind(client);
    target[name] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch(onError);
      return result;
    };
  }
}

export function attachChatSocket(server: HttpServer, options: ChatSocketOptions): ChatSocketServer {
  const io: ChatServer = new Server(server, {
    transports: ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: options.webOrigin, credentials: true },
  });

  let redis: { pub: Redis; sub: Redis } | undefined;
  if (options.redisUrl) {
    // Publishing fails fast while Redis is away (events are live pushes, not worth queueing);
    // the subscriber waits and resubscribes when Redis is back.
    const pub = createRedisClient(options.redisUrl, { maxRetriesPerRequest: 1 });
    const sub = createRedisClient(options.redisUrl, { maxRetriesPerRequest: null });
    let reported = false;
    const report = (error: unknown) => {
      if (reported) return;
      reported = true;
      options.log.warn({ err: error }, 'chat socket: redis is unavailable');
    };
    for (const client of [pub, sub]) {
      client.on('error', report);
      client.on('ready', () => {
        reported = false;
      });
    }
    catchRejections(pub, ['publish'], report);
    catchRejections(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], report);
    io.adapter(
      createRedisAdapter(pub, sub, {
        key: options.redisKey ?? 'socket.io',
        requestsTimeout: PRESENCE_TIMEOUT_MS,
      }),
    );
    redis = { pub, sub };
  }

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    findSignedByToken(options.db, typeof token === 'string' ? token : undefined)
      .then(async (signed) => {
        if (!signed) return next(new Error(UNAUTHORIZED));
        socket.data.viewer = await loadViewer(options.db, signed.user);
        next();
      })
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'chat socket: the handshake failed');
        next(new Error(UNAUTHORIZED));
      });
  });

  io.on('connection', (socket: ChatSocket) => {
    void socket.join(userRoom(socket.data.viewer.user.id));

    socket.on('join_chat', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const chatId = chatIdOf(payload);
      if (chatId === undefined) return reply({ ok: false, message: BAD_CHAT_ID });
      findChatFor(options.db, socket.data.viewer, chatId)
        .then(async () => {
          await socket.join(chatRoom(chatId));
          reply({ ok: true });
        })
        .catch(() => reply({ ok: false, message: 'Chat not found' }));
    });

    socket.on('leave_chat', (payload) => {
      const chatId = chatIdOf(payload);
      if (chatId !== undefined) void socket.leave(chatRoom(chatId));
    });
  });

  const realtime: ChatRealtime = {
    toUser(userId, event, payload) {
      // The typed emit cannot relate a generic event name to its payload; the signature does.
      (io.to(userRoom(userId)).emit as (event: string, payload: unknown) => boolean)(
        event,
        payload,
      );
    },
    toChat(chatId, event, payload) {
      (io.to(chatRoom(chatId)).emit as (event: string, payload: unknown) => boolean)(
        event,
        payload,
      );
    },
    async isOnline(userId) {
      try {
        const sockets = await io.in(userRoom(userId)).fetchSockets();
        return sockets.length > 0;
      } catch (error) {
        // Another process did not answer in time: count the user as offline (an e-mail at worst).
        options.log.warn({ err: error }, 'chat socket: presence check failed');
        return false;
      }
    },
  };

  return {
    io,
    realtime,
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      // `disconnect`, not `quit`: a quit waits for a Redis that may be gone.
      redis?.pub.disconnect();
      redis?.sub.disconnect();
    },
  };
}
