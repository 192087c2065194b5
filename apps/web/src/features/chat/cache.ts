/**
 * The realtime events (decision 026, docs/product.md, States) applied to the query cache: the
 * lists, the open conversation and the unread count change in place, without refetching what the
 * event already carries. Entries that are not cached are left alone (they load fresh when opened).
 */
import { operationKeys } from '@gallop/api-client/query';
import type { ChatServerEvents } from '@gallop/chat';
import type { QueryClient } from '@tanstack/react-query';
import type { Chat, ChatListPages, ChatMessage, MessagePages } from './api';
import { chatKeys } from './keys';

export type ChatEvents = ChatServerEvents<ChatMessage, Chat>;

function updateMessages(
  queryClient: QueryClient,
  chatId: number,
  change: (items: ChatMessage[], pageIndex: number) => ChatMessage[],
) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })),
        }
      : data,
  );
}

/** Adds a message to the newest page of its chat, once (the sender's REST answer and the push
 * carry the same message). */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  const key = chatKeys.messages(message.chat_id);
  // A load under way (opening the chat, catching up after a reconnect) may answer with the list
  // from before this message and replace it: that load is dropped for a fresh one.
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: true });
  }
  const data = queryClient.getQueryData<MessagePages>(key);
  if (!data || data.pages.some((page) => page.items.some((item) => item.id === message.id))) return;
  updateMessages(queryClient, message.chat_id, (items, index) =>
    index === 0 ? [message, ...items] : items,
  );
}

/** Changes one cached message of a chat (every page that holds it). */
function updateMessage(
  queryClient: QueryClient,
  chatId: number,
  messageId: number,
  change: (message: ChatMessage) => ChatMessage,
) {
  updateMessages(queryClient, chatId, (items) =>
    items.map((item) => (item.id === messageId ? change(item) : item)),
  );
}

/**
 * A deleted or hidden message keeps its place with its marker, without text, file or actions
 * ('Message deleted', 'Hidden by Gallop support').
 */
function withoutContent(
  message: ChatMessage,
  marker: Pick<ChatMessage, 'is_deleted'> | Pick<ChatMessage, 'is_moderated'>,
): ChatMessage {
  const { file: _file, ...rest } = message;
  return {
    ...rest,
    ...marker,
    message: '',
    can_edit: false,
    can_delete: false,
    editable_until: null,
  };
}

/** The user's own change (edit, delete, moderation) as the API answered it, in place. */
export function putMessage(queryClient: QueryClient, message: ChatMessage): void {
  updateMessage(queryClient, message.chat_id, message.id, () => message);
}

function updateChat(queryClient: QueryClient, chatId: number, change: (chat: Chat) => Chat) {
  queryClient.setQueryData<Chat>(chatKeys.detail(chatId), (chat) => (chat ? change(chat) : chat));
  queryClient.setQueryData<ChatListPages>(chatKeys.list(), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((chat) => (chat.id === chatId ? change(chat) : chat)),
          })),
        }
      : data,
  );
}

/**
 * A changed chat replaces its copies. A new chat, or one with a new last message, moves to the top
 * of the list (newest activity first); any other change (a read, an edit, a freeze) stays in place.
 */
function putChat(queryClient: QueryClient, chat: Chat): void {
  queryClient.setQueryData<Chat>(chatKeys.detail(chat.id), (old) => (old ? chat : old));
  const list = queryClient.getQueryData<ChatListPages>(chatKeys.list());
  if (!list) return;
  const cached = list.pages.flatMap((page) => page.items).find((item) => item.id === chat.id);
  const known = cached !== undefined;
  if (cached && cached.last_message?.id === chat.last_message?.id) {
    updateChat(queryClient, chat.id, () => chat);
    return;
  }
  queryClient.setQueryData<ChatListPages>(chatKeys.list(), {
    ...list,
    pages: list.pages.map((page, index) => {
      const rest = page.items.filter((item) => item.id !== chat.id);
      return index === 0
        ? { ...page, items: [chat, ...rest], total: known ? page.total : page.total + 1 }
        : { ...page, items: rest };
    }),
  });
}

/** A chat frozen or unfrozen by support, in every cached copy. */
export function markFrozenInCache(queryClient: QueryClient, chatId: number, frozen: boolean): void {
  updateChat(queryClient, chatId, (chat) => ({ ...chat, is_frozen: frozen }));
}

/** Marks the chat read for this user in the cached lists (after mark-as-read). */
export function markReadInCache(queryClient: QueryClient, chatId: number): void {
  updateChat(queryClient, chatId, (chat) => ({ ...chat, unread_count: 0 }));
  updateMessages(queryClient, chatId, (items) =>
    items.map((item) =>
      item.type === 'input' && !item.is_read ? { ...item, is_read: true } : item,
    ),
  );
}

/** Every server event with what it changes; `userId` is the signed-in user. */
/** The booking reads a change of a booking can alter, on both sides and beside the chats. */
const BOOKING_READS = [
  operationKeys.getBookingRequest,
  operationKeys.getBookingRequestByUuid,
  operationKeys.listBookingRequests,
  operationKeys.getOrganizerBooking,
  operationKeys.listOrganizerBookings,
  operationKeys.listBookingRequestsForChat,
];

/** Booking reads on screen load again; the others are marked stale. */
function refreshBookings(queryClient: QueryClient): void {
  for (const queryKey of BOOKING_READS) void queryClient.invalidateQueries({ queryKey });
}

export function chatEventHandlers(
  queryClient: QueryClient,
  userId: number,
): { [Event in keyof ChatEvents]: (payload: ChatEvents[Event]) => void } {
  const refreshUnread = () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  return {
    new_message: ({ message }) => {
      addMessage(queryClient, message);
      if (message.type === 'input') refreshUnread();
      // Gallop's note of a booking's change: an open booking page shows the change at once.
      if (message.is_system && message.request_id) refreshBookings(queryClient);
    },
    chat_created: ({ chat }) => {
      putChat(queryClient, chat);
      refreshUnread();
    },
    chat_was_updated: ({ chat }) => {
      putChat(queryClient, chat);
      refreshUnread();
    },
    chat_is_read: ({ chat_id, reader_id }) => {
      if (reader_id === userId) {
        markReadInCache(queryClient, chat_id);
        refreshUnread();
      } else {
        // The other side read the conversation: the user's own messages show as read.
        updateMessages(queryClient, chat_id, (items) =>
          items.map((item) => (item.type === 'output' ? { ...item, is_read: true } : item)),
        );
      }
    },
    // The room's copy is seen from outside the author's side: only its content is taken.
    message_was_edit: ({ chat_id, message }) =>
      updateMessage(queryClient, chat_id, message.id, (item) => ({
        ...item,
        message: message.message,
        edited_at: message.edited_at ?? null,
      })),
    message_was_deleted: ({ chat_id, message_id }) =>
      updateMessage(queryClient, chat_id, message_id, (item) =>
        withoutContent(item, { is_deleted: true }),
      ),
    message_was_moderated: ({ chat_id, message_id }) =>
      updateMessage(queryClient, chat_id, message_id, (item) =>
        withoutContent(item, { is_moderated: true }),
      ),
    attachment_download_status_was_changed: ({ chat_id, message_id, download_status, file }) =>
      updateMessage(queryClient, chat_id, message_id, (item) =>
        item.file ? { ...item, file: file ?? { ...item.file, download_status } } : item,
      ),
    chat_is_frozen: ({ chat_id, is_frozen }) => markFrozenInCache(queryClient, chat_id, is_frozen),
    crm_user_chat_notifications_enabled: ({ chat_id, enabled }) =>
      updateChat(queryClient, chat_id, (chat) => ({ ...chat, notifications_enabled: enabled })),
  };
}
