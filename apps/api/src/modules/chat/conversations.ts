/**
 * The chat's services (docs/product.md, Calls, "Chat"; decision 026): listing chats and messages,
 * opening a chat with an organizer or support, sending, reading and muting. They take the
 * database (and, for what others must see, the socket emitter and the attachment processor) and
 * answer typed results; a refusal is an `HttpError` (403, 404, 422). `handlers.ts` maps the HTTP
 * calls onto them; rate limits stay there.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { chatNotificationMutes, chats } from '#src/db/schema/index.ts';
import { HttpError, notFound, unprocessable } from '#src/http/http-error.ts';
import { findUpload } from '#src/modules/uploads/index.ts';
import type { AttachmentProcessor } from './attachments.ts';
import {
  findChatFor,
  openOrganizerChat,
  openSupportChat,
  SUPPORT_WELCOME,
  visibleTo,
  type ChatRow,
  type Side,
  type Viewer,
} from './chats.ts';
import { announceChatUpdate, announceMessage, type ChatRealtime } from './events.ts';
import { filesOf, listMessages, storeMessage, toChatMessage, type MessageRow } from './messages.ts';
import { CHAT_FROZEN } from './message-rules.ts';
import { mayAskAboutTour, reachableOrganizer } from './organizer-reach.ts';
import { emailOfflineRecipients } from './notifications.ts';
import { markRead } from './read-state.ts';
import { toChat, toChats } from './views.ts';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Chats listed for messenger notifications (all of a user's chats in practice). */
const NOTIFICATION_CHATS_LIMIT = 100;

const emptyMessage = () =>
  unprocessable('Write a message or attach a file', {
    message: ['Write a message or attach a file'],
  });
const frozen = () => new HttpError(403, CHAT_FROZEN);
const fileNotFound = () =>
  unprocessable('The file was not found: upload it first', {
    file_id: ['The file was not found: upload it first'],
  });

/** What sending needs: the socket emitter, e-mails' links, and the attachment processor. */
export interface Messaging {
  db: Database;
  realtime: ChatRealtime;
  publicUrl: string;
  attachments: AttachmentProcessor;
}

/** Socket events and e-mails after a send: the message is stored whatever happens here. */
async function deliver(
  messaging: Messaging,
  log: Log,
  chat: ChatRow,
  message: MessageRow,
  { created = false, email = true }: { created?: boolean; email?: boolean } = {},
) {
  const { db, realtime, publicUrl } = messaging;
  try {
    await announceMessage(db, realtime, chat, message, { chatCreated: created });
    if (email) await emailOfflineRecipients(db, realtime, chat, message, publicUrl);
  } catch (error) {
    log.warn({ err: error, chatId: chat.id }, 'chat: delivering a message failed');
  }
}

interface Outgoing {
  body: string;
  fileId?: number | undefined;
  clientId?: string | undefined;
}

/** Stores a message once (per client id) and, when new, delivers it and queues its file. */
async function send(
  messaging: Messaging,
  log: Log,
  sender: { viewer: Viewer; chat: ChatRow; side: Side },
  input: Outgoing,
  created = false,
): Promise<MessageRow> {
  const { viewer, chat, side } = sender;
  const stored = await storeMessage(messaging.db, {
    chat,
    side,
    senderId: viewer.user.id,
    body: input.body,
    fileId: input.fileId ?? null,
    clientId: input.clientId ?? null,
  });
  if (stored.created) {
    await deliver(messaging, log, chat, stored.row, { created });
    if (stored.row.fileId !== null) messaging.attachments.enqueue(stored.row.id);
  }
  return stored.row;
}

/** One page of the chats the viewer takes part in, newest first, with their total. */
export async function listChatsPage(
  db: Database,
  viewer: Viewer,
  page: { limit: number; offset: number; organizerId?: number | undefined },
) {
  const where = and(
    visibleTo(viewer),
    page.organizerId === undefined ? undefined : eq(chats.organizerId, page.organizerId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(chats)
      .where(where)
      .orderBy(desc(chats.lastMessageAt), desc(chats.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ value: count().mapWith(Number) })
      .from(chats)
      .where(where),
  ]);
  return { items: await toChats(db, viewer, rows), total: total?.value ?? 0 };
}

/** The chats listed for messenger notifications. */
export async function chatsForNotifications(db: Database, viewer: Viewer) {
  const rows = await db
    .select()
    .from(chats)
    .where(visibleTo(viewer))
    .orderBy(desc(chats.lastMessageAt), desc(chats.id))
    .limit(NOTIFICATION_CHATS_LIMIT);
  return { items: await toChats(db, viewer, rows) };
}

/** One page of a chat's messages as the viewer sees them. */
export async function chatMessagesPage(
  db: Database,
  viewer: Viewer,
  chatId: number,
  offset: number,
) {
  const { chat, side } = await findChatFor(db, viewer, chatId);
  const { rows, hasMore } = await listMessages(db, chat.id, offset);
  const files = await filesOf(db, rows);
  return {
    items: rows.map((row) => toChatMessage(row, chat, side, files, { userId: viewer.user.id })),
    has_more: hasMore,
  };
}

/** Marks the chat read for the viewer's side; the room and the lists hear of a change. */
export async function markChatRead(
  db: Database,
  realtime: ChatRealtime,
  viewer: Viewer,
  chatId: number,
): Promise<void> {
  const { chat, side } = await findChatFor(db, viewer, chatId);
  const updated = await markRead(db, chat, side);
  const readId = side === 'client' ? updated.clientReadId : updated.staffReadId;
  const before = side === 'client' ? chat.clientReadId : chat.staffReadId;
  if (readId !== before) {
    realtime.toChat(chat.id, 'chat_is_read', { chat_id: chat.id, reader_id: viewer.user.id });
    await announceChatUpdate(db, realtime, updated);
  }
}

/**
 * Sends a message to a chat the viewer takes part in (`findChatFor` first, then the caller's
 * limit): text, or one of the sender's own uploads, or both; none to a frozen chat.
 */
export async function sendChatMessage(
  messaging: Messaging,
  log: Log,
  sender: { viewer: Viewer; chat: ChatRow; side: Side },
  input: { message: string; fileId?: number | undefined; clientId?: string | undefined },
) {
  const { db } = messaging;
  const { viewer, chat, side } = sender;
  const body = input.message.trim();
  const { fileId, clientId } = input;
  const file = fileId === undefined ? undefined : await findUpload(db, fileId);
  // Only the sender's own uploads can be attached.
  if (fileId !== undefined && file?.ownerUserId !== viewer.user.id) throw fileNotFound();
  if (body === '' && !file) throw emptyMessage();
  if (chat.isFrozen) throw frozen();
  const row = await send(messaging, log, sender, { body, fileId, clientId });
  return toChatMessage(row, chat, side, await filesOf(db, [row]), { userId: viewer.user.id });
}

export interface OrganizerQuestion {
  organizerId: number;
  tourId?: number | undefined;
  message?: string | undefined;
  clientId?: string | undefined;
}

/**
 * The viewer's chat with an organizer (opened on first use), with a first message when one is
 * given; a tour named must be the organizer's. Both must have a page, or be the viewer's already.
 */
export async function chatWithOrganizer(
  messaging: Messaging,
  log: Log,
  viewer: Viewer,
  question: OrganizerQuestion,
) {
  const { db, realtime } = messaging;
  const { tourId, message, clientId } = question;
  // A hidden organizer answers as an unknown one, unless the traveller already has a chat with
  // it or a booking of its tours (`organizer-reach.ts`).
  const organizer = await reachableOrganizer(db, viewer.user.id, question.organizerId);
  if (!organizer) throw notFound('Organizer not found');
  if (viewer.organizerIds.includes(organizer.id)) {
    throw unprocessable('You cannot open a chat with your own organizer', {
      organizer_id: ['You cannot open a chat with your own organizer'],
    });
  }
  // A tour without a page answers as a tour of someone else, unless the traveller booked it.
  if (tourId !== undefined && !(await mayAskAboutTour(db, viewer.user.id, organizer.id, tourId))) {
    throw unprocessable('This tour is not run by this organizer', {
      tour_id: ['This tour is not run by this organizer'],
    });
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
    await send(messaging, log, { viewer, chat, side: 'client' }, { body, clientId }, created);
  } else if (created) {
    await announceChatUpdate(db, realtime, chat, 'chat_created');
  }
  const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
  return toChat(db, viewer, fresh ?? chat);
}

/** The viewer's chat with support, opened with a welcome on first use. */
export async function chatWithSupport(messaging: Messaging, log: Log, viewer: Viewer) {
  const { db } = messaging;
  const { chat, created } = await openSupportChat(db, viewer.user.id);
  if (created) {
    const welcome = await storeMessage(db, {
      chat,
      side: 'staff',
      senderId: null,
      body: SUPPORT_WELCOME,
    });
    // The welcome reaches the support staff's lists; nobody is e-mailed about it.
    await deliver(messaging, log, chat, welcome.row, { created: true, email: false });
  }
  const [fresh] = await db.select().from(chats).where(eq(chats.id, chat.id));
  return toChat(db, viewer, fresh ?? chat);
}

/** Turns a chat off for the viewer's messenger notifications. */
export async function muteChat(
  db: Database,
  realtime: ChatRealtime,
  viewer: Viewer,
  chatId: number,
): Promise<void> {
  const { chat } = await findChatFor(db, viewer, chatId);
  await db
    .insert(chatNotificationMutes)
    .values({ chatId: chat.id, userId: viewer.user.id })
    .onConflictDoNothing();
  realtime.toUser(viewer.user.id, 'crm_user_chat_notifications_enabled', {
    chat_id: chat.id,
    enabled: false,
  });
}
