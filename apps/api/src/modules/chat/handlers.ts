/**
 * The chat's REST calls (docs/product.md, Calls, "Chat"; decision 026). Sending goes through REST
 * only; the socket carries the server's pushes (events.ts). Anyone who takes no part in a chat gets
 * 404 'Chat not found'.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  bookingRequests,
  chatNotificationMutes,
  chats,
  organizers,
  tours,
} from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
} from '#src/http/rate-limit.ts';
import { requireSigned } from '#src/modules/accounts/index.ts';
import { toBookingRequests } from '#src/modules/bookings/index.ts';
import { requestCurrency } from '#src/shared/money/request-currency.ts';
import { DEFAULT_UPLOADS_DIR, findUpload, UploadStore } from '#src/modules/uploads/index.ts';
import type { RatesCache } from '#src/shared/money/rates.ts';
import type { MessengerSource } from '#src/modules/content/index.ts';
import {
  findChatFor,
  loadViewer,
  openOrganizerChat,
  openSupportChat,
  SUPPORT_WELCOME,
  visibleTo,
  type ChatRow,
  type Side,
  type Viewer,
} from './chats.ts';
import {
  announceChatUpdate,
  announceMessage,
  type ChatRealtime,
  noSocketServer,
} from './events.ts';
import { createAttachmentProcessor, type AttachmentProcessor } from './attachments.ts';
import { CHAT_TOO_MANY, messageChangeHandlers } from './change-handlers.ts';
import { filesOf, listMessages, storeMessage, toChatMessage, type MessageRow } from './messages.ts';
import { CHAT_FROZEN } from './message-rules.ts';
import {
  emailOfflineRecipients,
  findChannelSource,
  issueConnectionCode,
  listChannels,
  listChatSources,
} from './notifications.ts';
import { markRead, unreadTotal } from './read-state.ts';
import { toChat, toChats } from './views.ts';

export interface ChatDeps {
  db: Database;
  rates: RatesCache;
  /** The socket server's emitter; without one nobody is connected (every receiver is e-mailed). */
  chatRealtime?: ChatRealtime | undefined;
  /** Messages one user may send per minute before the API asks for a captcha (default 30). */
  chatSendLimit?: number | undefined;
  /** The app's rate limits (Redis or memory; a solved captcha lifts them). */
  rateLimits?: RateLimits | undefined;
  content?: { publicUrl?: string | undefined } | undefined;
  /** The messengers whose bot webhook is served: the only ones offered for notifications. */
  connectableMessengers?: readonly MessengerSource[] | undefined;
  /** Folder of uploaded files (attachments are processed from it). */
  uploadsDir?: string | undefined;
  /** Processes sent attachments (default: one in this process, over `uploadsDir`). */
  attachments?: AttachmentProcessor | undefined;
  log?: { warn(details: object, message: string): void } | undefined;
}

type Log = FastifyRequest['log'];

type ChatOperation =
  | 'listChats'
  | 'getChat'
  | 'listChatChannels'
  | 'getChatWithSupport'
  | 'getChatMessages'
  | 'getChatUnreadCount'
  | 'listChatsForNotifications'
  | 'markChatAsRead'
  | 'sendChatMessage'
  | 'getChatWithOrganizer'
  | 'generateChatConnectionCode'
  | 'disableChatNotifications'
  | 'listChatSources'
  | 'listBookingRequestsForChat'
  | 'editChatMessage'
  | 'deleteChatMessage'
  | 'moderateChatMessage'
  | 'freezeChat';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
/** Chats listed for messenger notifications (all of a user's chats in practice). */
const NOTIFICATION_CHATS_LIMIT = 100;
/** Connection codes one user may ask for in 15 minutes. */
const CONNECTION_CODE_LIMIT = 5;

const emptyMessage = () =>
  unprocessable('Write a message or attach a file', {
    message: ['Write a message or attach a file'],
  });
const frozen = () => new HttpError(403, CHAT_FROZEN);
const fileNotFound = () =>
  unprocessable('The file was not found: upload it first', {
    file_id: ['The file was not found: upload it first'],
  });

export function chatHandlers(deps: ChatDeps): Pick<ServiceHandlers, ChatOperation> {
  const { db } = deps;
  const realtime = deps.chatRealtime ?? noSocketServer;
  const publicUrl = deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL;
  const connectable = deps.connectableMessengers ?? [];
  const sendLimiter: RateLimiter = createRateLimiter({
    name: 'chat-messages',
    limit: deps.chatSendLimit ?? 30,
    windowMs: 60_000,
    limits: deps.rateLimits,
  });
  const attachments =
    deps.attachments ??
    createAttachmentProcessor({
      db,
      store: new UploadStore(deps.uploadsDir ?? DEFAULT_UPLOADS_DIR),
      realtime,
      onError: (error, messageId) =>
        deps.log?.warn({ err: error, messageId }, 'chat: processing an attachment failed'),
    });
  const codeLimiter = createRateLimiter({
    name: 'chat-connection-codes',
    limit: CONNECTION_CODE_LIMIT,
    windowMs: 15 * 60_000,
    limits: deps.rateLimits,
  });

  async function signedViewer(request: FastifyRequest): Promise<Viewer> {
    const { user } = await requireSigned(db, request);
    return loadViewer(db, user);
  }

  /** Socket events and e-mails after a send: the message is stored whatever happens here. */
  async function deliver(
    log: Log,
    chat: ChatRow,
    message: MessageRow,
    { created = false, email = true }: { created?: boolean; email?: boolean } = {},
  ) {
    try {
      await announceMessage(db, realtime, chat, message, { chatCreated: created });
      if (email) await emailOfflineRecipients(db, realtime, chat, message, publicUrl);
    } catch (error) {
      log.warn({ err: error, chatId: chat.id }, 'chat: delivering a message failed');
    }
  }

  async function send(
    log: Log,
    viewer: Viewer,
    chat: ChatRow,
    side: Side,
    input: { body: string; fileId?: number | undefined; clientId?: string | undefined },
    created = false,
  ) {
    const stored = await storeMessage(db, {
      chat,
      side,
      senderId: viewer.user.id,
      body: input.body,
      fileId: input.fileId ?? null,
      clientId: input.clientId ?? null,
    });
    if (stored.created) {
      await deliver(log, chat, stored.row, { created });
      if (stored.row.fileId !== null) attachments.enqueue(stored.row.id);
    }
    return stored.row;
  }

  return {
    async listChats(request) {
      const viewer = await signedViewer(request);
      const limit = request.query.limit ?? 20;
      const offset = request.query.offset ?? 0;
      const organizerId = request.query.tour_organizer_id;
      const where = and(
        visibleTo(viewer),
        organizerId === undefined ? undefined : eq(chats.organizerId, organizerId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(chats)
          .where(where)
          .orderBy(desc(chats.lastMessageAt), desc(chats.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ value: count().mapWith(Number) })
          .from(chats)
          .where(where),
      ]);
      return { items: await toChats(db, viewer, rows), total: total?.value ?? 0 };
    },

    async getChat(request) {
      const viewer = await signedViewer(request);
      const { chat } = await findChatFor(db, viewer, request.query.chat_id);
      return toChat(db, viewer, chat);
    },

    async getChatMessages(request) {
      const viewer = await signedViewer(request);
      const { chat, side } = await findChatFor(db, viewer, request.query.chat_id);
      const { rows, hasMore } = await listMessages(db, chat.id, request.query.offset ?? 0);
      const files = await filesOf(db, rows);
      return {
        items: rows.map((row) => toChatMessage(row, chat, side, files, { userId: viewer.user.id })),
        has_more: hasMore,
      };
    },

    async getChatUnreadCount(request) {
      const viewer = await signedViewer(request);
      return { count: await unreadTotal(db, viewer, request.query.organizer_id) };
    },

    async markChatAsRead(request) {
      const viewer = await signedViewer(request);
      const { chat, side } = await findChatFor(db, viewer, request.body.chat_id);
      const updated = await markRead(db, chat, side);
      const readId = side === 'client' ? updated.clientReadId : updated.staffReadId;
      const before = side === 'client' ? chat.clientReadId : chat.staffReadId;
      if (readId !== before) {
        realtime.toChat(chat.id, 'chat_is_read', { chat_id: chat.id, reader_id: viewer.user.id });
        await announceChatUpdate(db, realtime, updated);
      }
      return { result: true };
    },

    async sendChatMessage(request, reply) {
      const viewer = await signedViewer(request);
      const { chat_id: chatId, message = '', file_id: fileId, client_id: clientId } = request.body;
      const { chat, side } = await findChatFor(db, viewer, chatId);
      const tooMany = await limitCall(
        sendLimiter,
        `chat:${viewer.user.id}`,
        request,
        reply,
        CHAT_TOO_MANY,
      );
      if (tooMany) return reply;
      const body = message.trim();
      const file = fileId === undefined ? undefined : await findUpload(db, fileId);
      // Only the sender's own uploads can be attached.
      if (fileId !== undefined && file?.ownerUserId !== viewer.user.id) throw fileNotFound();
      if (body === '' && !file) throw emptyMessage();
      if (chat.isFrozen) throw frozen();
      const row = await send(request.log, viewer, chat, side, { body, fileId, clientId });
      return toChatMessage(row, chat, side, await filesOf(db, [row]), { userId: viewer.user.id });
    },

    async getChatWithOrganizer(request) {
      const viewer = await signedViewer(request);
      const {
        organizer_id: organizerId,
        tour_id: tourId,
        message,
        client_id: clientId,
      } = request.body;
      const [organizer] = await db
        .select({ id: organizers.id, name: organizers.name })
        .from(organizers)
        .where(eq(organizers.id, organizerId))
        .limit(1);
      if (!organizer) throw notFound('Organizer not found');
      if (viewer.organizerIds.includes(organizer.id)) {
        throw unprocessable('You cannot open a chat with your own organizer', {
          organizer_id: ['You cannot open a chat with your own organizer'],
        });
      }
      if (tourId !== undefined) {
        const [tour] = await db
          .select({ id: tours.id })
          .from(tours)
          .where(and(eq(tours.id, tourId), eq(tours.organizerId, organizer.id)))
          .limit(1);
        if (!tour) {
          throw unprocessable('This tour is not run by this organizer', {
            tour_id: ['This tour is not run by this organizer'],
          });
        }
      }
      const body = message?.trim() ?? '';
      const { chat, created } = await openOrganizerChat(
        db,
        {
          clientId: viewer.user.id,
          organizerId: organizer.id,
          tourId: tourId ?? null,
          title: organizer.name,
        },
        { asking: body !== '' },
      );
      if (body !== '') {
        if (chat.isFrozen) throw frozen();
        // The client id makes a retried call (a lost answer, a double click) store it once.
        await send(request.log, viewer, chat, 'client', { body, clientId }, created);
      } else if (created) {
        await announceChatUpdate(db, realtime, chat, 'chat_created');
      }
      const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
      return toChat(db, viewer, fresh ?? chat);
    },

    async getChatWithSupport(request) {
      const viewer = await signedViewer(request);
      const { chat, created } = await openSupportChat(db, viewer.user.id);
      if (created) {
        const welcome = await storeMessage(db, {
          chat,
          side: 'staff',
          senderId: null,
          body: SUPPORT_WELCOME,
        });
        // The welcome reaches the support staff's lists; nobody is e-mailed about it.
        await deliver(request.log, chat, welcome.row, { created: true, email: false });
      }
      const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
      return toChat(db, viewer, fresh ?? chat);
    },

    async listChatsForNotifications(request) {
      const viewer = await signedViewer(request);
      const rows = await db
        .select()
        .from(chats)
        .where(visibleTo(viewer))
        .orderBy(desc(chats.lastMessageAt), desc(chats.id))
        .limit(NOTIFICATION_CHATS_LIMIT);
      return { items: await toChats(db, viewer, rows) };
    },

    async listChatChannels(request) {
      const { user } = await requireSigned(db, request);
      return { items: await listChannels(db, user.id, connectable) };
    },

    async generateChatConnectionCode(request, reply) {
      const { user } = await requireSigned(db, request);
      const found = await findChannelSource(db, request.body.source_id, connectable);
      if ('refused' in found) throw notFound(found.refused);
      const tooMany = await limitCall(
        codeLimiter,
        `code:${user.id}`,
        request,
        reply,
        CHAT_TOO_MANY,
      );
      if (tooMany) return reply;
      return { code: await issueConnectionCode(db, user.id, found.source) };
    },

    async disableChatNotifications(request) {
      const viewer = await signedViewer(request);
      const { chat } = await findChatFor(db, viewer, request.body.chat_id);
      await db
        .insert(chatNotificationMutes)
        .values({ chatId: chat.id, userId: viewer.user.id })
        .onConflictDoNothing();
      realtime.toUser(viewer.user.id, 'crm_user_chat_notifications_enabled', {
        chat_id: chat.id,
        enabled: false,
      });
      return { result: true };
    },

    ...messageChangeHandlers({ db, realtime, sendLimiter, signedViewer }),

    async listChatSources(request) {
      return { items: await listChatSources(db, request.query) };
    },

    async listBookingRequestsForChat(request) {
      const viewer = await signedViewer(request);
      const { chat } = await findChatFor(db, viewer, request.query.chat_id);
      // The traveller's requests with the chat's organizer; support sees all of them.
      const organizerTours =
        chat.kind === 'organizer' && chat.organizerId !== null
          ? db.select({ id: tours.id }).from(tours).where(eq(tours.organizerId, chat.organizerId))
          : undefined;
      const rows = await db
        .select()
        .from(bookingRequests)
        .where(
          and(
            eq(bookingRequests.userId, chat.clientId),
            organizerTours ? inArray(bookingRequests.tourId, organizerTours) : undefined,
          ),
        )
        .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
        .limit(50);
      const rates = await deps.rates.get();
      const items = await toBookingRequests(db, rows, {
        currency: requestCurrency(request, rates),
        rates,
      });
      return { items: items.map((item) => ({ ...item, chat_id: chat.id })) };
    },
  };
}
