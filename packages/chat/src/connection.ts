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
  /**
   * After the server refused the handshake for another reason than the token (a limit: "Too
   * many connections…, wait a minute"), the wait before trying again (default 60 s).
   */
  refusedRetryMs?: number;
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
   * Resolves with the server's ack (`{ ok: false, message }` for a chat that is not the user's,
   * which is then not joined again). Before the socket is connected it waits for the connection:
   * `timeoutMs` covers the wait and the answer, and without an answer in time it resolves
   * `{ ok: false, message: 'No answer from the chat server' }` but keeps the chat for the next
   * (re)connection (`leaveChat` gives it up). After `close()`, or a `leaveChat` while it waited:
   * `{ ok: false, message }` without a join.
   */
  joinChat(chatId: number, timeoutMs?: number): Promise<JoinChatAck>;
  leaveChat(chatId: number): void;
  /** Connects again after 'unauthorized' (e.g. once the user signed in again). */
  reconnect(): void;
  close(): void;
}

const DEFAULT_JOIN_TIMEOUT_MS = 5_000;
const NO_ANSWER: JoinChatAck = { ok: false, message: 'No answer from the chat server' };
const CLOSED: JoinChatAck = { ok: false, message: 'The chat connection is closed' };
const LEFT: JoinChatAck = { ok: false, message: 'The chat was left before the connection came' };

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
  /** The retry after a refusal that was not about the token, while one waits. */
  let retryLater: ReturnType<typeof setTimeout> | undefined;
  const cancelRetry = () => {
    clearTimeout(retryLater);
    retryLater = undefined;
  };

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

  // Joins waiting for the connection, by chat id: they send their own join once connected (with
  // what is left of their timeout), so the reconnect handler skips them; close() answers them.
  const waitingJoins = new Map<number, number>();
  const answerOnClose = new Set<() => void>();

  /**
   * Sends one `join_chat` and answers the server's ack. A refusal (the chat is not the user's)
   * takes the chat out of the rejoined set; no answer in time keeps it for the next reconnect.
   */
  const join = (chatId: number, timeoutMs: number): Promise<JoinChatAck> =>
    new Promise((resolve) => {
      socket
        .timeout(timeoutMs)
        .emit('join_chat', { chat_id: chatId }, (error: Error | null, ack?: JoinChatAck) => {
          if (error || !ack) return resolve(NO_ANSWER);
          if (!ack.ok) joined.delete(chatId);
          resolve(ack);
        });
    });

  /** Resolves true once the socket is connected, false after `timeoutMs` or on close(). */
  const connected = (timeoutMs: number): Promise<boolean> =>
    new Promise((resolve) => {
      const settle = (isConnected: boolean) => {
        clearTimeout(timer);
        socket.off('connect', onConnect);
        answerOnClose.delete(onClose);
        resolve(isConnected);
      };
      const onConnect = () => settle(true);
      const onClose = () => settle(false);
      const timer = setTimeout(() => settle(false), timeoutMs);
      socket.once('connect', onConnect);
      answerOnClose.add(onClose);
    });

  const joinOnceConnected = async (chatId: number, timeoutMs: number): Promise<JoinChatAck> => {
    const deadline = Date.now() + timeoutMs;
    waitingJoins.set(chatId, (waitingJoins.get(chatId) ?? 0) + 1);
    let isConnected: boolean;
    try {
      isConnected = await connected(timeoutMs);
    } finally {
      const left = (waitingJoins.get(chatId) ?? 1) - 1;
      if (left > 0) waitingJoins.set(chatId, left);
      else waitingJoins.delete(chatId);
    }
    if (status === 'closed') return CLOSED;
    if (!isConnected) return NO_ANSWER;
    // leaveChat while it waited: nothing to join.
    if (!joined.has(chatId)) return LEFT;
    return join(chatId, Math.max(deadline - Date.now(), 1));
  };

  socket.on('connect', () => {
    refusals = 0;
    tokenReason = 'connect';
    setStatus('connected');
    // The server forgets rooms with the old socket: join the open conversations again (those a
    // joinChat call is waiting on send their own join).
    for (const chatId of joined) {
      if (!waitingJoins.has(chatId)) void join(chatId, DEFAULT_JOIN_TIMEOUT_MS);
    }
  });

  socket.on('disconnect', () => {
    if (status !== 'closed') setStatus(socket.active ? 'connecting' : 'disconnected');
  });

  socket.on('connect_error', (error: Error) => {
    if (status === 'closed') return;
    if (error.message !== UNAUTHORIZED_MESSAGE) {
      // Transport trouble: socket.io keeps retrying with backoff. A refusal by the server (a
      // limit) is final for socket.io: tried again after a wait, as the refusal asks.
      if (!socket.active && retryLater === undefined) {
        retryLater = setTimeout(() => {
          retryLater = undefined;
          if (status === 'closed' || socket.connected) return;
          setStatus('connecting');
          socket.connect();
        }, options.refusedRetryMs ?? 60_000);
      }
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
      if (status === 'closed') return Promise.resolve(CLOSED);
      joined.add(id);
      return socket.connected ? join(id, timeoutMs) : joinOnceConnected(id, timeoutMs);
    },
    leaveChat(chatId) {
      joined.delete(chatId);
      if (socket.connected) socket.emit('leave_chat', { chat_id: chatId });
    },
    reconnect() {
      if (status === 'closed' || socket.connected) return;
      cancelRetry();
      refusals = 0;
      tokenReason = 'unauthorized';
      setStatus('connecting');
      socket.connect();
    },
    close() {
      cancelRetry();
      setStatus('closed');
      for (const answer of [...answerOnClose]) answer();
      joined.clear();
      listeners.clear();
      statusListeners.clear();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
