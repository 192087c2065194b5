/**
 * The chat's REST calls (docs/product.md, Calls, "Chat"; decision 026). Sending goes through REST
 * only; the socket carries the server's pushes (events.ts). Anyone who takes no part in a chat gets
 * 404 'Chat not found'. The calls are thin: the signed-in viewer, the rate limit, then a service
 * of `conversations.ts` (or `read-state.ts`, `notifications.ts`).
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import {
  createRateLimiter,
  limitCall,
  type RateLimiter,
  type RateLimits,
  TOO_MANY_REQUESTS,
} from '#src/http/rate-limit.ts';
import { forbidden, notFound } from '#src/http/http-error.ts';
import type { MessengerSource } from '#src/modules/content/index.ts';
import { requireSigned } from '#src/modules/sessions/index.ts';
import { DEFAULT_UPLOADS_DIR, UploadStore } from '#src/modules/uploads/index.ts';
import { createAttachmentProcessor, type AttachmentProcessor } from './attachments.ts';
import { messageChangeHandlers } from './change-handlers.ts';
import { findChatFor, loadViewer, type Viewer } from './chats.ts';
import {
  chatMessagesPage,
  chatsForNotifications,
  chatWithOrganizer,
  chatWithSupport,
  listChatsPage,
  markChatRead,
  muteChat,
  sendChatMessage,
  type Messaging,
} from './conversations.ts';
import { noSocketServer, type ChatRealtime } from './events.ts';
import {
  findChannelSource,
  issueConnectionCode,
  listChannels,
  listChatSources,
} from './notifications.ts';
import { unreadTotal } from './read-state.ts';
import { toChat } from './views.ts';

export interface ChatDeps {
  db: Database;
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
  | 'editChatMessage'
  | 'deleteChatMessage'
  | 'moderateChatMessage'
  | 'freezeChat';

const DEFAULT_PUBLIC_URL = 'http://127.0.0.1:3000';
/**
 * Support answers travellers' chats; a chat it opened as a "client" would show in every agent's
 * inbox as a traveller's (the web offers support neither call).
 */
export const SUPPORT_NOT_TRAVELLER =
  'Support accounts cannot open traveller chats: use a traveller account';
/** Connection codes one user may ask for in 15 minutes. */
const CONNECTION_CODE_LIMIT = 5;

export function chatHandlers(deps: ChatDeps): Pick<ServiceHandlers, ChatOperation> {
  const { db } = deps;
  const realtime = deps.chatRealtime ?? noSocketServer;
  const connectable = deps.connectableMessengers ?? [];
  const sendLimiter: RateLimiter = createRateLimiter({
    name: 'chat-messages',
    limit: deps.chatSendLimit ?? 30,
    windowMs: 60_000,
    limits: deps.rateLimits,
  });
  const store = new UploadStore(deps.uploadsDir ?? DEFAULT_UPLOADS_DIR);
  const messaging: Messaging = {
    db,
    realtime,
    publicUrl: deps.content?.publicUrl ?? DEFAULT_PUBLIC_URL,
    attachments:
      deps.attachments ??
      createAttachmentProcessor({
        db,
        store,
        realtime,
        onError: (error, messageId) =>
          deps.log?.warn({ err: error, messageId }, 'chat: processing an attachment failed'),
      }),
  };
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

  /** The signed-in caller as a traveller opening a chat: 403 for a support account. */
  async function travellerViewer(request: FastifyRequest): Promise<Viewer> {
    const viewer = await signedViewer(request);
    if (viewer.user.role === 'support') throw forbidden(SUPPORT_NOT_TRAVELLER);
    return viewer;
  }

  return {
    async listChats(request) {
      const viewer = await signedViewer(request);
      return listChatsPage(db, viewer, {
        limit: request.query.limit ?? 20,
        offset: request.query.offset ?? 0,
        organizerId: request.query.tour_organizer_id,
      });
    },

    async getChat(request) {
      const viewer = await signedViewer(request);
      const { chat } = await findChatFor(db, viewer, request.query.chat_id);
      return toChat(db, viewer, chat);
    },

    async getChatMessages(request) {
      const viewer = await signedViewer(request);
      return chatMessagesPage(db, viewer, request.query.chat_id, request.query.offset ?? 0);
    },

    async getChatUnreadCount(request) {
      const viewer = await signedViewer(request);
      return { count: await unreadTotal(db, viewer, request.query.organizer_id) };
    },

    async markChatAsRead(request) {
      await markChatRead(db, realtime, await signedViewer(request), request.body.chat_id);
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
        TOO_MANY_REQUESTS,
      );
      if (tooMany) return reply;
      return sendChatMessage(
        messaging,
        request.log,
        { viewer, chat, side },
        {
          message,
          fileId,
          clientId,
        },
      );
    },

    async getChatWithOrganizer(request) {
      const viewer = await travellerViewer(request);
      const { organizer_id, tour_id, message, client_id } = request.body;
      return chatWithOrganizer(messaging, request.log, viewer, {
        organizerId: organizer_id,
        tourId: tour_id,
        message,
        clientId: client_id,
      });
    },

    async getChatWithSupport(request) {
      return chatWithSupport(messaging, request.log, await travellerViewer(request));
    },

    async listChatsForNotifications(request) {
      return chatsForNotifications(db, await signedViewer(request));
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
        TOO_MANY_REQUESTS,
      );
      if (tooMany) return reply;
      return { code: await issueConnectionCode(db, user.id, found.source) };
    },

    async disableChatNotifications(request) {
      await muteChat(db, realtime, await signedViewer(request), request.body.chat_id);
      return { result: true };
    },

    ...messageChangeHandlers({ db, store, realtime, sendLimiter, signedViewer }),

    async listChatSources(request) {
      return { items: await listChatSources(db, request.query) };
    },
  };
}
