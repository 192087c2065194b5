/**
 * Outgoing messages (docs/product.md, States, message statuses waiting / loading / failed /
 * success): each gets a client id, waits its turn, is sent one at a time in order, and ends as
 * success (with the server's message) or failed (with the reason), from where `retry` sends it
 * again with the same client id, so the server stores it once however often it is retried.
 *
 * Offline (the `connectivity` says so, or a send failed for want of a connection, `isOffline`),
 * messages wait, marked `offline`, and the queue stops. When the connection returns each is sent
 * once, in order: success, or failed with the reason (no second automatic attempt: `retry` is the
 * writer's). A send lost on the way is sent again with its client id, so it is stored once.
 *
 * A failure that `isHeld` names (a rate limit's captcha the writer has not solved) fails nothing:
 * the message goes back to waiting, marked `held`, and the queue stops there, so the messages
 * behind it keep their order and wait too. `retry` of the held message (or a new message) sends
 * the queue on.
 */
import { assertChatId } from './chat-id';
import type { Connectivity } from './connectivity';
import type { MessageSendStatus } from './events';
import type { ChatMessageLike } from './protocol';

export interface OutgoingMessage<Message extends ChatMessageLike = ChatMessageLike> {
  clientId: string;
  chatId: number;
  text: string;
  fileId?: number | undefined;
  status: MessageSendStatus;
  /** When it was written (ISO), for ordering before the server's time is known. */
  createdAt: string;
  /** The stored message, once sent. */
  sent?: Message | undefined;
  /** Why the last attempt failed. */
  error?: string | undefined;
  /** Waiting for the writer (a captcha to solve): the queue stops at it until `retry`. */
  held?: boolean | undefined;
  /** Waiting for the connection: sent once when it returns (its one automatic attempt). */
  offline?: boolean | undefined;
}

export interface SendRequest {
  chat_id: number;
  message?: string;
  file_id?: number;
  client_id: string;
}

export interface OutboxOptions<Message extends ChatMessageLike> {
  /** Sends one message (`POST /crm/api/chat/send-message`); rejects on failure. */
  send: (request: SendRequest) => Promise<Message>;
  /** A new client id (default `crypto.randomUUID()`). */
  createClientId?: () => string;
  now?: () => Date;
  /** The text a failure shows (default: the error's message). */
  describeError?: (error: unknown) => string;
  /** Failures that hold the queue instead of failing the message (a captcha not solved). */
  isHeld?: (error: unknown) => boolean;
  /** Whether the server can be reached (default: always); sending waits while it cannot. */
  connectivity?: Connectivity;
  /** Failures that mean no connection (no answer at all): the message waits for it instead. */
  isOffline?: (error: unknown) => boolean;
}

export interface Outbox<Message extends ChatMessageLike = ChatMessageLike> {
  /** Queues a message; throws 'data.chatId must be a number' for a bad chat id. */
  enqueue(input: { chatId: unknown; text?: string; fileId?: number }): OutgoingMessage<Message>;
  /**
   * Sends a failed message again (same client id), the queue on from a held one, or a message
   * waiting for the connection right away (when the connection is back but unnoticed).
   */
  retry(clientId: string): void;
  /** Forgets a message (a failed one the user discards, or one the chat now shows). */
  remove(clientId: string): void;
  /** The messages of one chat (all chats without an id), oldest first; the same array until a change. */
  list(chatId?: number): readonly OutgoingMessage<Message>[];
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Resolves once nothing is being sent (messages may still wait for the connection). */
  idle(): Promise<void>;
  /** Stops following the connectivity. */
  dispose(): void;
}

const defaultClientId = () =>
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const defaultDescribe = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The message was not sent';

export function createOutbox<Message extends ChatMessageLike = ChatMessageLike>(
  options: OutboxOptions<Message>,
): Outbox<Message> {
  const createClientId = options.createClientId ?? defaultClientId;
  const now = options.now ?? (() => new Date());
  const describe = options.describeError ?? defaultDescribe;
  let messages: OutgoingMessage<Message>[] = [];
  const listeners = new Set<() => void>();
  let running: Promise<void> | undefined;
  // A held message stops the queue until the writer acts.
  let holding = false;
  // A send found no connection that the connectivity has not reported yet; the connectivity
  // coming back, or the writer's retry ('Send now'), clears it.
  let lost = false;
  const canSend = () => !lost && (options.connectivity?.online ?? true);
  // The connectivity is followed only while a message waits for it (an idle queue holds nothing).
  let unfollow: (() => void) | undefined;
  let disposed = false;
  // list() answers the same array until something changes (React's useSyncExternalStore needs it).
  const lists = new Map<number | undefined, readonly OutgoingMessage<Message>[]>();
  const changed = () => {
    lists.clear();
    for (const listener of listeners) listener();
  };

  const update = (clientId: string, patch: Partial<OutgoingMessage<Message>>) => {
    messages = messages.map((item) => (item.clientId === clientId ? { ...item, ...patch } : item));
    changed();
  };

  const waitsForConnection = () =>
    messages.some((entry) => entry.status === 'waiting' && entry.offline);

  const onConnectivity = () => {
    if (options.connectivity?.online) {
      // Back: each waiting message gets its one attempt, in order.
      lost = false;
      void drain();
    } else {
      markOffline();
    }
  };

  const follow = () => {
    if (!unfollow && !disposed) unfollow = options.connectivity?.subscribe(onConnectivity);
  };

  const unfollowWhenIdle = () => {
    if (unfollow && !waitsForConnection()) {
      unfollow();
      unfollow = undefined;
    }
  };

  /** Everything waiting now waits for the connection (and gets its one attempt when back). */
  function markOffline() {
    follow();
    if (!messages.some((entry) => entry.status === 'waiting' && !entry.offline)) return;
    messages = messages.map((entry) =>
      entry.status === 'waiting' ? { ...entry, offline: true } : entry,
    );
    changed();
  }

  const sendOne = async (item: OutgoingMessage<Message>) => {
    update(item.clientId, { status: 'loading', error: undefined });
    try {
      const sent = await options.send({
        chat_id: item.chatId,
        client_id: item.clientId,
        ...(item.text ? { message: item.text } : {}),
        ...(item.fileId !== undefined ? { file_id: item.fileId } : {}),
      });
      update(item.clientId, { status: 'success', sent });
    } catch (error) {
      if (options.isHeld?.(error)) {
        holding = true;
        update(item.clientId, { status: 'waiting', held: true, error: describe(error) });
      } else if (!item.offline && options.isOffline?.(error)) {
        lost = true;
        update(item.clientId, { status: 'waiting', offline: true, error: undefined });
        markOffline();
      } else {
        update(item.clientId, { status: 'failed', error: describe(error) });
      }
    }
  };

  const nextWaiting = () =>
    holding || !canSend() ? undefined : messages.find((entry) => entry.status === 'waiting');

  /** Sends the queue on from a held message. */
  const release = () => {
    holding = false;
    if (messages.some((entry) => entry.held)) {
      messages = messages.map((entry) =>
        entry.held ? { ...entry, held: undefined, error: undefined } : entry,
      );
      changed();
    }
  };

  // One message at a time, in the order written; a removed one is skipped.
  function drain(): Promise<void> {
    if (running) return running;
    const next = nextWaiting();
    if (!next) return Promise.resolve();
    running = (async () => {
      for (let item: OutgoingMessage<Message> | undefined = next; item; item = nextWaiting()) {
        await sendOne(item);
      }
    })().finally(() => {
      running = undefined;
      // A retry that came in as the loop ended.
      if (nextWaiting()) void drain();
      else unfollowWhenIdle();
    });
    return running;
  }

  return {
    enqueue({ chatId, text = '', fileId }) {
      const id = assertChatId(chatId);
      const trimmed = text.trim();
      if (!trimmed && fileId === undefined) throw new Error('A message needs text or a file');
      const item: OutgoingMessage<Message> = {
        clientId: createClientId(),
        chatId: id,
        text: trimmed,
        fileId,
        status: 'waiting',
        createdAt: now().toISOString(),
      };
      // Without a connection the message waits for it.
      if (!canSend()) {
        item.offline = true;
        follow();
      }
      messages = [...messages, item];
      // Writing again is acting on the hold: the queue goes on (and asks for the captcha again).
      release();
      changed();
      void drain();
      return item;
    },
    retry(clientId) {
      const item = messages.find((entry) => entry.clientId === clientId);
      if (item?.held) {
        release();
      } else if (item?.status === 'failed') {
        // The writer's attempt: treated like a new message if the connection is missing again.
        lost = false;
        update(clientId, { status: 'waiting', error: undefined, offline: !canSend() });
        if (!canSend()) follow();
      } else if (item?.status === 'waiting' && item.offline) {
        lost = false;
      } else {
        return;
      }
      void drain();
    },
    remove(clientId) {
      const item = messages.find((entry) => entry.clientId === clientId);
      if (!item || item.status === 'loading') return;
      messages = messages.filter((entry) => entry.clientId !== clientId);
      if (item.held) {
        // The hold passes to the next waiting message, where the writer can act on it.
        const next = messages.find((entry) => entry.status === 'waiting');
        if (!next) holding = false;
        messages = messages.map((entry) =>
          entry === next ? { ...entry, held: true, error: item.error } : entry,
        );
      }
      changed();
      unfollowWhenIdle();
    },
    list(chatId) {
      let list = lists.get(chatId);
      if (!list) {
        list = chatId === undefined ? messages : messages.filter((item) => item.chatId === chatId);
        lists.set(chatId, list);
      }
      return list;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle() {
      return running ?? Promise.resolve();
    },
    dispose() {
      disposed = true;
      unfollow?.();
      unfollow = undefined;
    },
  };
}
