/**
 * The chat's realtime connection: a Socket.IO 4.8 client that authenticates with the access
 * token, gets a fresh token when the server refuses the handshake ('Unauthorized'), rejoins the
 * conversations it was viewing after a reconnect, and hands typed server events to listeners.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { assertChatId } from './chat-id';
import { CHAT_EVENTS } from './events';
import {
  UNAUTHORIZED_MESSAGE,
  type ChatLike,
  type ChatMessageLike,
  type ChatServerEvents,
  type JoinChatAck,
} from './protocol';

export type ChatConnectionStatus =
  /** Connecting or reconnecting. */
  | 'connecting'
  | 'connected'
  /** Lost; socket.io retries with backoff. */
  | 'disconnected'
  /** The server refused every token it was offered; nothing more is tried until `reconnect()`. */
  | 'unauthorized'
  /** `close()` was called. */
  | 'closed';

/** Why a token is asked for: the first connection, or the server refused the last one. */
export type TokenReason = 'connect' | 'unauthorized';

export interface ChatConnectionOptions {
  /** The API origin (the socket path is `/socket.io` on it). */
  url: string;
  /**
   * The current access token; for `'unauthorized'`, a fresh one (refresh the session first).
   * `null` means signed out: the connection stops.
   */
  getToken: (reason: TokenReason) => Promise<string | null> | string | null;
  /** Socket.IO's `io()`; tests may pass their own. */
  io?: typeof io;
  /** Extra Socket.IO options (transports, reconnection delays, path). */
  socketOptions?: Partial<ManagerOptions & SocketOptions>;
  /** Refused handshakes in a row before giving up (default 3). */
  maxUnauthorizedRetries?: number;
  /** Where quiet failures go (default `console.warn`). */
  onError?: (message: string, error?: unknown) => void;
}

type Listener<Payload> = (payload: Payload) => void;

export interface ChatConnection<
  Message extends ChatMessageLike = ChatMessageLike,
  Chat extends ChatLike = ChatLike,
> {
  readonly status: ChatConnectionStatus;
  /** Subscribes to one server event; returns the unsubscribe function. */
  on<Event extends keyof ChatServerEvents<Message, Chat>>(
    event: Event,
    listener: Listener<ChatServerEvents<Message, Chat>[Event]>,
  ): () => void;
  /** Status changes; returns the unsubscribe function. */
  onStatus(listener: Listener<ChatConnectionStatus>): () => void;
  /**
   * Starts receiving the pushes of one conversation (`join_chat`); kept across reconnects.
   * Resolves with the server's ack (`{ ok: false, message }` for a chat that is not the user's).
   */
  joinChat(chatId: number, timeoutMs?: number): Promise<JoinChatAck>;
  leaveChat(chatId: number): void;
  /** Connects again after 'unauthorized' (e.g. once the user signed in again). */
  reconnect(): void;
  close(): void;
}

const DEFAULT_JOIN_TIMEOUT_MS = 5_000;

/** Opens the connection (right away) and returns its handle. */
export function createChatConnection<
  Message extends ChatMessageLike = ChatMessageLike,
  Chat extends ChatLike = ChatLike,
>(options: ChatConnectionOptions): ChatConnection<Message, Chat> {
  const connect = options.io ?? io;
  const maxRetries = options.maxUnauthorizedRetries ?? 3;
  const warn = options.onError ?? ((message, error) => console.warn(message, error));
  const listeners = new Map<string, Set<Listener<never>>>();
  const statusListeners = new Set<Listener<ChatConnectionStatus>>();
  const joined = new Set<number>();
  let status: ChatConnectionStatus = 'connecting';
  let tokenReason: TokenReason = 'connect';
  let refusals = 0;

  const setStatus = (next: ChatConnectionStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener(next);
  };

  const socket: Socket = connect(options.url, {
    transports: ['websocket', 'polling'],
    ...options.socketOptions,
    autoConnect: false,
    // Asked on every (re)connection attempt, so a refreshed token is always the one sent.
    auth: (send) => {
      const reason = tokenReason;
      Promise.resolve()
        .then(() => options.getToken(reason))
        .then(
          (token) => send({ token: token ?? '' }),
          (error: unknown) => {
            warn('Chat: could not get an access token', error);
            send({ token: '' });
          },
        );
    },
  });

  for (const event of CHAT_EVENTS) {
    socket.on(event, (payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) {
        try {
          (listener as Listener<unknown>)(payload);
        } catch (error) {
          warn(`Chat: a '${event}' listener failed`, error);
        }
      }
    });
  }

  const emitJoin = (chatId: number, timeoutMs: number): Promise<JoinChatAck> =>
    new Promise((resolve) => {
      socket
        .timeout(timeoutMs)
        .emit('join_chat', { chat_id: chatId }, (error: Error | null, ack?: JoinChatAck) => {
          resolve(error || !ack ? { ok: false, message: 'No answer from the chat server' } : ack);
        });
    });

  socket.on('connect', () => {
    refusals = 0;
    tokenReason = 'connect';
    setStatus('connected');
    // The server forgets rooms with the old socket: join the open conversations again.
    for (const chatId of joined) void emitJoin(chatId, DEFAULT_JOIN_TIMEOUT_MS);
  });

  socket.on('disconnect', () => {
    if (status !== 'closed') setStatus(socket.active ? 'connecting' : 'disconnected');
  });

  socket.on('connect_error', (error: Error) => {
    if (status === 'closed') return;
    if (error.message !== UNAUTHORIZED_MESSAGE) {
      // Transport trouble: socket.io keeps retrying with backoff.
      setStatus(socket.active ? 'connecting' : 'disconnected');
      return;
    }
    // A refused handshake is final for socket.io: try again with a fresh token, a few times.
    refusals += 1;
    if (refusals > maxRetries) {
      setStatus('unauthorized');
      warn('Chat: the server refused the access token');
      return;
    }
    tokenReason = 'unauthorized';
    setStatus('connecting');
    socket.connect();
  });

  socket.connect();

  return {
    get status() {
      return status;
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => set.delete(listener as Listener<never>);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    joinChat(chatId, timeoutMs = DEFAULT_JOIN_TIMEOUT_MS) {
      let id: number;
      try {
        id = assertChatId(chatId);
      } catch (error) {
        return Promise.resolve({ ok: false, message: (error as Error).message });
      }
      joined.add(id);
      // Not connected yet: the 'connect' handler joins it.
      if (!socket.connected) return Promise.resolve({ ok: true });
      return emitJoin(id, timeoutMs).then((ack) => {
        if (!ack.ok) joined.delete(id);
        return ack;
      });
    },
    leaveChat(chatId) {
      joined.delete(chatId);
      if (socket.connected) socket.emit('leave_chat', { chat_id: chatId });
    },
    reconnect() {
      if (status === 'closed' || socket.connected) return;
      refusals = 0;
      tokenReason = 'unauthorized';
      setStatus('connecting');
      socket.connect();
    },
    close() {
      setStatus('closed');
      joined.clear();
      listeners.clear();
      statusListeners.clear();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
