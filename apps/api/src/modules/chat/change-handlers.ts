/**
 * The calls that change what a chat already holds (decision 101): edit and delete one's own
 * message, and Gallop support's moderation and freezing. Each maps HTTP to a service of
 * message-changes.ts and, when something changed, tells the chat's room.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceHandlers } from '#src/contract.ts';
import type { Database } from '#src/db/client.ts';
import { limitCall, type RateLimiter, TOO_MANY_REQUESTS } from '#src/http/rate-limit.ts';
import type { UploadStore } from '#src/modules/uploads/index.ts';
import type { Viewer } from './chats.ts';
import { announceChatUpdate, announceMessageChange, type ChatRealtime } from './events.ts';
import {
  deleteMessage,
  editMessage,
  moderateMessage,
  setChatFrozen,
  type ChangedMessage,
} from './message-changes.ts';
import { filesOf, toChatMessage } from './messages.ts';

type ChangeOperation =
  'editChatMessage' | 'deleteChatMessage' | 'moderateChatMessage' | 'freezeChat';

export interface ChangeHandlerDeps {
  db: Database;
  /** Where attachments' bytes live: a deleted or hidden message's file goes. */
  store: UploadStore;
  realtime: ChatRealtime;
  /** Edits and deletions count against the same per-user limit as sending. */
  sendLimiter: RateLimiter;
  signedViewer: (request: FastifyRequest) => Promise<Viewer>;
}

/** The 429 of the per-user chat limit (a captcha lifts it). */

export function messageChangeHandlers(
  deps: ChangeHandlerDeps,
): Pick<ServiceHandlers, ChangeOperation> {
  const { db, store, realtime } = deps;

  /** The message as the caller sees it now. */
  async function answer(viewer: Viewer, changed: ChangedMessage) {
    const files = await filesOf(db, [changed.row]);
    return toChatMessage(changed.row, changed.chat, changed.side, files, {
      userId: viewer.user.id,
    });
  }

  /** A push that fails never fails the change: it is stored. */
  async function tell(
    request: FastifyRequest,
    changed: ChangedMessage,
    event: Parameters<typeof announceMessageChange>[4],
  ) {
    if (!changed.changed) return;
    try {
      await announceMessageChange(db, realtime, changed.chat, changed.row, event);
    } catch (error) {
      request.log.warn({ err: error, chatId: changed.chat.id }, 'chat: announcing a change failed');
    }
  }

  const limited = (viewer: Viewer, request: FastifyRequest, reply: FastifyReply) =>
    limitCall(deps.sendLimiter, `chat:${viewer.user.id}`, request, reply, TOO_MANY_REQUESTS);

  return {
    async editChatMessage(request, reply) {
      const viewer = await deps.signedViewer(request);
      if (await limited(viewer, request, reply)) return reply;
      const changed = await editMessage(db, viewer, {
        messageId: request.body.message_id,
        text: request.body.message,
      });
      await tell(request, changed, 'message_was_edit');
      return answer(viewer, changed);
    },

    async deleteChatMessage(request, reply) {
      const viewer = await deps.signedViewer(request);
      if (await limited(viewer, request, reply)) return reply;
      const changed = await deleteMessage(db, store, viewer, request.body.message_id);
      await tell(request, changed, 'message_was_deleted');
      return answer(viewer, changed);
    },

    async moderateChatMessage(request) {
      const viewer = await deps.signedViewer(request);
      const changed = await moderateMessage(db, store, viewer, request.body.message_id);
      await tell(request, changed, 'message_was_moderated');
      return answer(viewer, changed);
    },

    async freezeChat(request) {
      const viewer = await deps.signedViewer(request);
      const { chat, changed } = await setChatFrozen(db, viewer, {
        chatId: request.body.chat_id,
        frozen: request.body.is_frozen,
      });
      if (changed) {
        realtime.toChat(chat.id, 'chat_is_frozen', { chat_id: chat.id, is_frozen: chat.isFrozen });
        try {
          await announceChatUpdate(db, realtime, chat);
        } catch (error) {
          request.log.warn({ err: error, chatId: chat.id }, 'chat: announcing a freeze failed');
        }
      }
      return { chat_id: chat.id, is_frozen: chat.isFrozen };
    },
  };
}
