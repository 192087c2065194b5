/**
 * The chat's Socket.IO server on the API's own HTTP server (decision 026): the handshake sends
 * the access token (`auth: { token }`, or the `X-Authorization: Bearer` header the web server's
 * proxy adds), each socket joins `user:{id}` and `session:{id}`, and a client viewing a
 * conversation joins `chat:{id}` with `join_chat`. Browsers connect only from the web origin;
 * a session that ends loses its sockets (issue 43, finding 8). An account's sockets, the
 * conversations each follows and its joins a minute are capped (socket-limits.ts). With
 * REDIS_URL the Redis adapter carries events between API processes; without it the in-memory
 * adapter serves one process. Handshakes are counted per client address before the token is
 * looked up.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Database } from '#src/db/client.ts';
import { createRateLimiter, type RateLimits } from '#src/http/rate-limit.ts';
import {
  bearerTokenOf,
  findSignedByToken,
  isSessionActive,
  type SessionsEnded,
} from '#src/modules/sessions/index.ts';
import { createRedisAdapter, createRedisClient } from '#src/redis.ts';
import { answeredWithin } from '#src/shared/answered-within.ts';
import { findChatFor, loadViewer, type Viewer } from './chats.ts';
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
import {
  chatRoom,
  userRoom,
  type ChatRealtime,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from './events.ts';

interface SocketData {
  viewer: Viewer;
  sessionId: number;
}

type ChatServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
type ChatSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

export interface ChatSocketOptions {
  db: Database;
  /** Browsers from this origin may connect (the same origin the API's CORS allows). */
  webOrigin: string;
  /** Share events between API processes through Redis pub/sub. */
  redisUrl?: string | undefined;
  /** Redis channel prefix (tests use their own; default `socket.io`). */
  redisKey?: string;
  log: { warn(details: object, message: string): void; info(message: string): void };
  /**
   * Refuse long-polling (several API processes behind one port): its requests would reach
   * processes that do not know their session (decision 164).
   */
  websocketOnly?: boolean;
  /**
   * Where handshakes and `join_chat` are counted (the app's, shared through Redis); this
   * process's by default.
   */
  rateLimits?: RateLimits | undefined;
  /**
   * The peers whose `X-Forwarded-For` names the client (the app's `TRUSTED_PROXIES`, as given to
   * Fastify's `trustProxy`): handshakes are counted per address as `request.ip` finds it.
   */
  trustedProxies: readonly string[];
}

export interface ChatSocketServer {
  io: ChatServer;
  realtime: ChatRealtime;
  /** Disconnects the sockets of these sessions, on every API process. */
  endSessions: SessionsEnded;
  /** Disconnects every socket and closes the Redis clients (the HTTP server is the app's). */
  close(): Promise<void>;
}

const UNAUTHORIZED = 'Unauthorized';
const BAD_CHAT_ID = 'data.chatId must be a number';
/** How long an `isOnline` question waits for the other API processes. */
const PRESENCE_TIMEOUT_MS = 2_000;

const sessionRoom = (sessionId: number) => `session:${sessionId}`;

/**
 * A browser's handshake must come from the web origin (a page elsewhere could otherwise open a
 * socket with the visitor's credentials); clients that send no `Origin` are not browsers.
 */
function fromWebOrigin(webOrigin: string) {
  return (request: IncomingMessage, answer: (error: string | null, allowed: boolean) => void) => {
    const origin = request.headers.origin;
    answer(null, origin === undefined || origin === webOrigin);
  };
}

/**
 * The handshake's access token: `auth: { token }`, else the `X-Authorization` header (the web's
 * client sends an empty token; its server's proxy adds the header from the session cookie).
 */
function handshakeToken(socket: ChatSocket): string | undefined {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof token === 'string' && token !== '') return token;
  return bearerTokenOf(socket.handshake.headers['x-authorization']);
}

/**
 * The client address of a handshake, found as Fastify's `request.ip` finds it, with the library
 * Fastify uses for it: walking `X-Forwarded-For` from the peer towards the client, the first
 * address that is not a trusted proxy. A header from a peer that is not one is ignored.
 */
export function clientAddressBehind(
  trustedProxies: readonly string[],
): (request: IncomingMessage) => string {
  const trust = proxyAddr.compile([...trustedProxies]);
  return (request) => proxyAddr(request, trust);
}

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
    transports: options.websocketOnly ? ['websocket'] : ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: options.webOrigin, credentials: true },
    allowRequest: fromWebOrigin(options.webOrigin),
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
        if (!reported) return;
        reported = false;
        options.log.info('chat socket: redis answers again');
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

  const handshakeLimiter = createRateLimiter({
    name: 'chat-socket-handshakes',
    limit: HANDSHAKES_PER_ADDRESS_PER_MINUTE,
    windowMs: 60_000,
    limits: options.rateLimits,
  });
  const clientAddress = clientAddressBehind(options.trustedProxies);
  const joinLimiter = createRateLimiter({
    name: 'chat-socket-joins',
    limit: JOINS_PER_MINUTE,
    windowMs: 60_000,
    limits: options.rateLimits,
  });
  /** This process's sockets in a room (those still in their handshake included). */
  const localSockets = (room: string) => io.of('/').adapter.rooms.get(room)?.size ?? 0;

  io.use((socket, next) => {
    // Counted before the token is looked up: a flood of made-up tokens does not reach the database.
    handshakeLimiter
      .allow(clientAddress(socket.request))
      .then(async (verdict) => {
        if (!verdict.allowed) return next(new Error(TOO_MANY_HANDSHAKES));
        const signed = await findSignedByToken(options.db, handshakeToken(socket));
        if (!signed) return next(new Error(UNAUTHORIZED));
        const viewer = await loadViewer(options.db, signed.user);
        const room = userRoom(viewer.user.id);
        if (localSockets(room) >= MAX_SOCKETS_PER_USER) return next(new Error(TOO_MANY_SOCKETS));
        // In the user's room from now on (in the same tick as the count), so handshakes in
        // parallel count each other; a refused or abandoned handshake leaves it again.
        void socket.join(room);
        socket.data.viewer = viewer;
        socket.data.sessionId = signed.sessionId;
        next();
      })
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'chat socket: the handshake failed');
        next(new Error(UNAUTHORIZED));
      });
  });

  io.on('connection', (socket: ChatSocket) => {
    const { sessionId } = socket.data;
    // A session that ended during the handshake was disconnected before this socket was in its
    // room: asked once more after joining, it cannot slip through.
    // (The user's room was joined in the handshake, where the account's sockets are counted.)
    Promise.resolve(socket.join(sessionRoom(sessionId)))
      .then(() => isSessionActive(options.db, sessionId))
      .then((active) => {
        if (!active) socket.disconnect(true);
      })
      .catch((error: unknown) => {
        options.log.warn({ err: error }, 'chat socket: the session check failed');
        socket.disconnect(true);
      });

    // Rooms this socket is joining (waiting for the limit or the database): they count as followed.
    const joining = new Set<string>();

    socket.on('join_chat', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      const chatId = chatIdOf(payload);
      if (chatId === undefined) return reply({ ok: false, message: BAD_CHAT_ID });
      const room = chatRoom(chatId);
      const followed = [...socket.rooms].filter((joined) => joined.startsWith('chat:')).length;
      const known = socket.rooms.has(room) || joining.has(room);
      if (!known && followed + joining.size >= MAX_CHAT_ROOMS_PER_SOCKET) {
        return reply({ ok: false, message: TOO_MANY_ROOMS });
      }
      if (!known) joining.add(room);
      // Counted before the database is read: a burst is refused without reaching it.
      joinLimiter
        .allow(`user:${socket.data.viewer.user.id}`)
        .then(async (verdict) => {
          if (!verdict.allowed) return reply({ ok: false, message: TOO_MANY_JOINS });
          try {
            await findChatFor(options.db, socket.data.viewer, chatId);
          } catch {
            return reply({ ok: false, message: 'Chat not found' });
          }
          await socket.join(room);
          reply({ ok: true });
        })
        .catch((error: unknown) => {
          options.log.warn({ err: error }, 'chat socket: joining a chat failed');
          reply({ ok: false, message: 'The chat could not be joined: try again' });
        })
        .finally(() => {
          if (!known) joining.delete(room);
        });
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
      const room = userRoom(userId);
      // This process's sockets answer without Redis; a sent message waits for this answer.
      if ((await io.local.in(room).fetchSockets()).length > 0) return true;
      // Not connected to Redis (down, or hung before its ready check): the other processes
      // cannot be asked, and the adapter would queue the question until Redis is back.
      if (!redis || redis.pub.status !== 'ready') return false;
      try {
        // Bounded here too: a Redis that stops answering once connected (SIGSTOP, a
        // partition) never replies to the adapter's server count, which has no timeout.
        const sockets = await answeredWithin(io.in(room).fetchSockets(), PRESENCE_TIMEOUT_MS);
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
    endSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      const rooms = sessionIds.map(sessionRoom);
      // This process's sockets at once, even while Redis is away; then the other processes'.
      io.local.in(rooms).disconnectSockets(true);
      if (redis) io.in(rooms).disconnectSockets(true);
    },
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      // `disconnect`, not `quit`: a quit waits for a Redis that may be gone.
      redis?.pub.disconnect();
      redis?.sub.disconnect();
    },
  };
}
